// Text both stores must keep alike: PostgreSQL's text cannot hold U+0000, which SQLite's can, and
// a caller may send it in any free text (a delisId in a login, a malformed request's body on stage).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORD, startTestApp } from '../support/app.ts';
import { forEachStore, STORE_DIALECTS } from '../support/databases.ts';
import { REST_PATH } from '../support/rest.ts';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const NUL_DELIS_ID = 'KD12\u00003456';

forEachStore('text with U+0000', ({ store }) => {
  test('a delisId holding it names no account (accounts cannot have one)', async () => {
    assert.equal(await store().accounts.findAccount(NUL_DELIS_ID), undefined);
    assert.equal(await store().accounts.updateAccount(NUL_DELIS_ID, { lateExport: true }), undefined);
  });

  test('a login throttling key holding it is counted under the key asked for', async () => {
    const failures = store().loginFailures;
    const key = `id:${NUL_DELIS_ID.toLowerCase()}`;
    const first = await failures.begin([key], T0, new Date(T0.getTime() - 60_000), T0);
    await failures.fail(first.attempt, T0);
    const second = await failures.begin([key], new Date(T0.getTime() + 1), new Date(T0.getTime() - 60_000), T0);
    assert.deepEqual(second.before, [{ key, count: 1, last: T0, pending: 0 }]);
    assert.deepEqual(await failures.failuresSince([key], new Date(T0.getTime() - 60_000), T0), [{ key, count: 1, last: T0, pending: 1 }]);
    await failures.abandon(second.attempt);
  });

  test('a stage request holding it is kept, U+0000 shown as U+FFFD', async () => {
    await store().stageRequests.recordMany([
      {
        at: T0,
        binding: 'rest',
        operation: 'getAuth',
        delisId: NUL_DELIS_ID,
        errorCode: 'DELICOM_ERR_AUTHENTICATION',
        body: '{"delisId":"KD12\u00003456"',
      },
    ]);
    assert.deepEqual(await store().stageRequests.latest(1), [
      {
        at: T0,
        binding: 'rest',
        operation: 'getAuth',
        delisId: 'KD12\ufffd3456',
        errorCode: 'DELICOM_ERR_AUTHENTICATION',
        body: '{"delisId":"KD12\ufffd3456"',
      },
    ]);
  });
});

for (const dialect of STORE_DIALECTS) {
  test(`getAuth with U+0000 in the delisId is an authentication fault [${dialect}]`, async () => {
    const t = await startTestApp({ dialect });
    try {
      const response = await t.post(REST_PATH.getAuth, {
        delisId: NUL_DELIS_ID,
        password: PASSWORD,
        messageLanguage: 'en_US',
      });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().status.code, 'DELICOM_ERR_AUTHENTICATION');
    } finally {
      await t.close();
    }
  });
}
