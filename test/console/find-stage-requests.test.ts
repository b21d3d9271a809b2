// ConsoleService findStageRequests: the caller's own calls read back with their answers masked, the
// console's own reads only when asked; on live, no log to read and no operation at its path.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StageLogBuffer } from '../../src/server/stage-log/stage-log-buffer.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { startConsoleAccounts, type ConsoleAccounts } from '../support/console-accounts.ts';

describe('ConsoleService findStageRequests', () => {
  let accounts: ConsoleAccounts;
  before(async () => {
    accounts = await startConsoleAccounts();
    // The calls the log is read for: console reads (never listed unless asked), a deletion, and a
    // reprint refused because its parcel was deleted.
    await accounts.call('findParcels', {});
    await accounts.call('getParcelData', { parcelLabelNumber: accounts.numbers[0] });
    await accounts.soap('getParcelData', { parcelLabelNumber: accounts.numbers[0] });
    await accounts.call('reprintLabels', { parcelLabelNumber: [accounts.numbers[1]] });
    await accounts.call('deleteOrders', { parcelLabelNumber: [accounts.numbers[1]] });
    await accounts.call('reprintLabels', { parcelLabelNumber: [accounts.numbers[0], accounts.numbers[1]] });
  });
  after(() => accounts.t.close());

  it('findStageRequests reads back the caller’s own calls with their masked answers; the console’s reads only when asked', async () => {
    const { t, alice, bob, call } = accounts;
    await (t.deps.stageLog as StageLogBuffer).flush();
    const own = (await call('findStageRequests', {})).json().findStageRequestsResponse.stageRequest;
    const operations = own.map((entry: { operation: string }) => entry.operation);
    assert.ok(
      operations.includes('storeOrders') && operations.includes('deleteOrders') && operations.includes('getAuth'),
      operations.join(),
    );
    assert.ok(!operations.some((name: string) => ['findParcels', 'getParcelData', 'reprintLabels'].includes(name)), operations.join());
    const login = own.find((entry: { operation: string }) => entry.operation === 'getAuth');
    assert.doesNotMatch(login.answer, new RegExp(alice.authToken), 'the token is masked');
    assert.match(login.answer, /"authToken":"\*\*\*"/);
    const stored = own.find((entry: { operation: string }) => entry.operation === 'storeOrders');
    assert.match(stored.answer, /"parcellabelsPDF":"\[\d+ bytes, not kept in the stage log\]"/);
    const refused = own.find((entry: { operation: string; errorCode?: string }) => entry.operation === 'reprintLabels');
    assert.equal(refused, undefined);

    const withConsole = (await call('findStageRequests', { includeConsole: true, failedOnly: true })).json().findStageRequestsResponse
      .stageRequest;
    const reprint = withConsole.find((entry: { operation: string }) => entry.operation === 'reprintLabels');
    assert.equal(reprint.errorCode, 'ERR_INVALID_REQUEST');
    assert.match(JSON.parse(reprint.answer).status.message, /was deleted/);
    const parcelData = (await call('findStageRequests', { operation: 'getParcelData' })).json().findStageRequestsResponse.stageRequest;
    assert.ok(parcelData.length >= 1);
    for (const entry of parcelData) assert.doesNotMatch(entry.answer, /Ontvanger BV/, 'names masked in answers');
    const bobs = (await call('findStageRequests', {}, bob)).json().findStageRequestsResponse.stageRequest;
    assert.deepEqual(
      bobs.map((entry: { operation: string }) => entry.operation),
      ['storeOrders', 'getAuth'],
      'only the caller’s own calls',
    );
  });
});

describe('ConsoleService findStageRequests on live', () => {
  let t: TestApp;
  let alice: Auth;
  before(async () => {
    t = await startTestApp({ env: { PARCEL_ENV: 'live' } });
    alice = await t.authenticate((await t.addAccount()).delisId);
  });
  after(() => t.close());

  it('reads parcels as on stage, but has no stage log to read: its path names nothing (issue 39: live never describes a stage-only operation)', async () => {
    assert.equal((await t.post(REST_PATH.findParcels, { authentication: alice, findParcels: {} })).statusCode, 200);
    const answer = await t.post(REST_PATH.findStageRequests, { authentication: alice, findStageRequests: {} });
    assert.equal(answer.statusCode, 404);
    assert.deepEqual(answer.json().status, {
      type: 'FaultCodeType',
      code: 'ERR_NOT_FOUND',
      message: `There is no operation at POST ${REST_PATH.findStageRequests}.`,
    });
  });
});
