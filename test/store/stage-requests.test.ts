// StageLogRepository (store.stageRequests) over every store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StageRequest } from '../../src/domain/ports/stage-log-ports.ts';
import { forEachStore } from '../support/databases.ts';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);

const requests: readonly StageRequest[] = [
  { at: at(0), binding: 'rest', operation: 'storeOrders', delisId: 'KD1', body: '{"storeOrders":{}}' },
  { at: at(1), binding: 'soap', operation: 'storeOrders', delisId: 'KD1', errorCode: 'error_weight_too_low', body: '<storeOrders/>' },
  { at: at(2), binding: 'rest', operation: 'storeOrders', delisId: 'KD2', errorCode: 'error_weight_too_low', body: '{}' },
  { at: at(3), binding: 'rest', operation: 'getAuth', errorCode: 'DELICOM_ERR_AUTHENTICATION', body: '{"password":"***"}' },
  { at: at(4), binding: 'rest', operation: 'getAuth', delisId: 'KD1', body: '{}' },
];

forEachStore('stage requests', ({ store }) => {
  test('recordMany stores all; latest returns them newest first, as recorded', async () => {
    await store().stageRequests.recordMany(requests);
    await store().stageRequests.recordMany([]);
    assert.deepEqual(await store().stageRequests.latest(10), [...requests].reverse());
    assert.deepEqual(await store().stageRequests.latest(2), [requests[4], requests[3]]);
  });

  const countCases: ReadonlyArray<{ since: number; expected: ReadonlyArray<[string, string | null, number]> }> = [
    {
      since: 0,
      expected: [
        ['getAuth', null, 1],
        ['getAuth', 'DELICOM_ERR_AUTHENTICATION', 1],
        ['storeOrders', null, 1],
        ['storeOrders', 'error_weight_too_low', 2],
      ],
    },
    {
      since: 2,
      expected: [
        ['getAuth', null, 1],
        ['getAuth', 'DELICOM_ERR_AUTHENTICATION', 1],
        ['storeOrders', 'error_weight_too_low', 1],
      ],
    },
    { since: 5, expected: [] },
  ];
  for (const { since, expected } of countCases) {
    test(`counts since minute ${since}, per operation and error code`, async () => {
      const counts = await store().stageRequests.counts(at(since));
      assert.deepEqual(
        counts,
        expected.map(([operation, errorCode, count]) => ({ operation, errorCode, count })),
      );
    });
  }

  test('purgeBefore removes older requests and counts them', async () => {
    assert.equal(await store().stageRequests.purgeBefore(at(2)), 2);
    assert.equal(await store().stageRequests.purgeBefore(at(2)), 0);
    assert.deepEqual(await store().stageRequests.latest(10), [requests[4], requests[3], requests[2]]);
  });
});
