// ConsoleService getAccount over both bindings: the caller's own account, its switches as the operator
// set them, the service's environment and time zone, and the account's time (its own clock on stage).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver } from '../support/binding-client.ts';
import type { Auth } from '../support/rest.ts';

describe('ConsoleService getAccount', () => {
  let t: TestApp;
  let plain: Auth;
  let switched: Auth;
  before(async () => {
    t = await startTestApp({ env: { SERVICE_TIME_ZONE: 'Europe/Brussels' } });
    plain = await t.authenticate((await t.addAccount()).delisId);
    switched = await t.authenticate(
      (await t.addAccount({ depots: ['0522', '0530'], lateExport: true, pickupApproved: true, messageLanguage: 'nl_NL' })).delisId,
    );
  });
  after(() => t.close());

  for (const binding of BINDINGS) {
    it(`answers the caller's own account over ${binding}`, async () => {
      const answer = await callOver(binding, t, 'getAccount', {}, switched);
      assert.ok(answer.ok, JSON.stringify(answer));
      assert.deepEqual(answer.value, {
        delisId: switched.delisId,
        depot: ['0522', '0530'],
        messageLanguage: 'nl_NL',
        lateExport: true,
        pickupApproved: true,
        environment: 'stage',
        timeZone: 'Europe/Brussels',
        now: t.clock.now().toISOString(),
      });
      const other = await callOver(binding, t, 'getAccount', {}, plain);
      assert.ok(other.ok);
      assert.deepEqual([other.value.delisId, other.value.depot, other.value.lateExport], [plain.delisId, ['0522'], false]);
    });

    it(`answers the account's own time after setClock over ${binding}`, async () => {
      // Two hours on: within the login token's day of the account's time.
      const set = await callOver(binding, t, 'setClock', { advanceBy: 'PT2H' }, plain);
      assert.ok(set.ok, JSON.stringify(set));
      const answer = await callOver(binding, t, 'getAccount', {}, plain);
      assert.ok(answer.ok);
      assert.equal(answer.value.now, new Date(t.clock.now().getTime() + 2 * 3600_000).toISOString());
      const reset = await callOver(binding, t, 'setClock', { reset: true }, plain);
      assert.ok(reset.ok, JSON.stringify(reset));
    });

    it(`refuses a field it does not take over ${binding}`, async () => {
      const answer = await callOver(binding, t, 'getAccount', { delisId: plain.delisId }, plain);
      assert.equal(answer.ok, false);
    });
  }
});
