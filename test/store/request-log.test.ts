// The request log's columns and filters (issue 30) over every store: status, duration, request id,
// client address and path kept and read back; a refused call counted (issue 41), only for an existing
// account, never a row of the log; findStageRequests by request id, parcel number and time range,
// each within the one account.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { StageRequest, StageRequestQuery } from '../../src/domain/ports/stage-log-ports.ts';
import { forEachStore } from '../support/databases.ts';

const T0 = Date.parse('2026-11-29T10:00:00.000Z');
const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);

const call = (minute: number, delisId: string, more: Partial<StageRequest>): StageRequest => ({
  at: at(minute),
  binding: 'rest',
  operation: 'storeOrders',
  delisId,
  body: '{}',
  status: 200,
  durationMs: 12,
  requestId: `id-${minute}`,
  clientAddress: '192.0.2.7',
  path: '/rest/services/ShipmentService/V3_5/storeOrders',
  ...more,
});

const rows: readonly StageRequest[] = [
  call(0, 'ALICE001', { answer: '{"orderResult":{"parcelLabelNumber":"05229000000017"}}' }),
  call(1, 'ALICE001', {
    operation: 'getAuth',
    errorCode: 'DELICOM_ERR_AUTHENTICATION',
    body: '',
    status: 401,
    durationMs: 3,
    path: '/rest/services/LoginService/V2_1/getAuth',
    refusedBeforeAuthentication: true,
  }),
  call(2, 'ALICE001', { binding: 'soap', operation: 'getTrackingData', body: '<parcelLabelNumber>05229000000017</parcelLabelNumber>' }),
  call(3, 'BOB00001', { answer: '{"orderResult":{"parcelLabelNumber":"05229000000017"}}', requestId: 'bob-only' }),
  // Refused before authentication, naming nobody that exists: never kept.
  call(4, 'NOSUCH01', { operation: 'getAuth', body: '', status: 401, refusedBeforeAuthentication: true }),
  call(5, 'ALICE001', { answer: '{"note":"100% of 05229_00000017"}' }),
];

forEachStore('the request log', ({ store }) => {
  before(async () => {
    const base = { passwordHash: 'h', depots: ['0522'], messageLanguage: 'en_US', lateExport: false, pickupApproved: false } as const;
    await store().accounts.addAccount({ ...base, delisId: 'ALICE001' });
    await store().accounts.addAccount({ ...base, delisId: 'BOB00001' });
    await store().stageRequests.recordMany(rows);
  });

  const find = async (query: Partial<StageRequestQuery>, delisId = 'ALICE001') =>
    (await store().stageRequests.findStageRequests(delisId, { limit: 10, ...query })).requests.map((request) => request.requestId);

  test('keeps every new column and reads it back; a refused call counted, only for an existing account', async () => {
    const kept = await store().stageRequests.latest(10);
    assert.deepEqual(kept, [rows[5], rows[3], rows[2], rows[0]]);
    assert.deepEqual(await store().stageRequests.refusedCalls('ALICE001', '2026-11-29'), {
      day: '2026-11-29',
      count: 1,
      addresses: 1,
      moreAddresses: false,
      examples: [
        {
          at: at(1),
          binding: 'rest',
          operation: 'getAuth',
          errorCode: 'DELICOM_ERR_AUTHENTICATION',
          status: 401,
          path: '/rest/services/LoginService/V2_1/getAuth',
          clientAddress: '192.0.2.7',
          count: 1,
        },
      ],
    });
    assert.equal((await store().stageRequests.refusedCalls('ALICE001', '2026-11-30')).count, 0);
    assert.equal((await store().stageRequests.refusedCalls('NOSUCH01', '2026-11-29')).count, 0);
    assert.deepEqual(await find({}, 'NOSUCH01'), []);
  });

  const cases: ReadonlyArray<{ name: string; query: Partial<StageRequestQuery>; delisId?: string; expected: readonly string[] }> = [
    { name: 'every call of the account, newest first', query: {}, expected: ['id-5', 'id-2', 'id-0'] },
    { name: 'by request id', query: { requestId: 'id-0' }, expected: ['id-0'] },
    { name: "by request id: another account's call is never found", query: { requestId: 'bob-only' }, expected: [] },
    { name: 'by request id, for the other account', query: { requestId: 'bob-only' }, delisId: 'BOB00001', expected: ['bob-only'] },
    {
      name: 'containing a parcel number, in the request or the answer',
      query: { containing: ['05229000000017'] },
      expected: ['id-2', 'id-0'],
    },
    { name: 'containing one of several numbers', query: { containing: ['05229999999999', '05229000000017'] }, expected: ['id-2', 'id-0'] },
    { name: 'containing an empty list: none', query: { containing: [] }, expected: [] },
    { name: 'a number broken by another character is not named', query: { containing: ['05229000000017'], from: at(5) }, expected: [] },
    { name: 'from a time on', query: { from: at(2) }, expected: ['id-5', 'id-2'] },
    { name: 'before a time', query: { to: at(2) }, expected: ['id-0'] },
    {
      name: 'within a time range, with another filter',
      query: { from: at(1), to: at(5), operation: 'getTrackingData' },
      expected: ['id-2'],
    },
    { name: 'within a time range, the page after an entry', query: { from: at(0), to: at(6), before: 2 }, expected: ['id-0'] },
  ];
  for (const { name, query, delisId, expected } of cases) {
    test(`findStageRequests ${name}`, async () => {
      assert.deepEqual(await find(query, delisId), expected);
    });
  }
});
