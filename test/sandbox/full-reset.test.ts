// resetAccount returns the account to a new one's state (issue 38): its clock back on the real time,
// its default scenario `delivered`, its journeys as if they never ran, its faults and its data gone —
// getSandboxState reads exactly as a new account's — and the token the caller holds still works. A
// parcel stored after it walks `delivered` and shows no event until moved on.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dateInZone } from '../../src/rules/calendar.ts';
import { minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, type CallAnswer } from '../support/binding-client.ts';
import type { Auth } from '../support/rest.ts';

const ok = (answer: CallAnswer): Record<string, any> => {
  if (!answer.ok) assert.fail(`expected an answer, got ${answer.code}: ${answer.message}`);
  return answer.value;
};

for (const binding of BINDINGS) {
  describe(`resetAccount resets everything [${binding}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp();
    });
    after(() => t.close());

    const call = (auth: Auth, operation: string, body: JsonObject = {}) => callOver(binding, t, operation, body, auth);
    const login = async (delisId: string): Promise<Auth> => {
      const value = ok(await callOver(binding, t, 'getAuth', { delisId, password: 'correct horse battery', messageLanguage: 'en_US' }));
      return { delisId, authToken: value.return.authToken, messageLanguage: 'en_US' };
    };
    const newState = () => ({
      clock: { now: t.clock.now().toISOString(), fixed: false, offset: 'PT0S' },
      scenario: 'delivered',
      journeyClock: { running: false },
      push: { mode: 'immediate' },
    });

    const clocks: readonly JsonObject[] = [
      { fixedTime: '2027-01-05T10:00:00Z' },
      { fixedTime: '2026-01-05T10:00:00Z' },
      { advanceBy: 'PT20H' },
    ];
    for (const clock of clocks) {
      it(`leaves the account as a new one after ${JSON.stringify(clock)}, a scenario, running journeys, faults and parcels`, async () => {
        const { delisId } = await t.addAccount();
        const fresh = ok(await call(await login(delisId), 'getSandboxState'));
        assert.deepEqual(fresh, newState());
        ok(await call(await login(delisId), 'setClock', clock));
        const auth = await login(delisId);
        ok(await call(auth, 'setScenario', { scenario: 'not_home_to_parcel_shop' }));
        ok(await call(auth, 'setJourneyClock', { running: true }));
        ok(await call(auth, 'storeOrders', minimumRequest()));
        ok(await call(auth, 'injectFault', { operation: 'getTrackingData', binding: 'REST', count: 5, delayMs: 1 }));
        assert.equal(
          ok(await call(auth, 'setPushUrl', { url: 'http://127.0.0.1:9/push?token=shop' })).url,
          'http://127.0.0.1:9/push?token=shop',
        );
        const reset = ok(await call(auth, 'resetAccount'));
        assert.equal(reset.parcels, 1);
        assert.equal(reset.faults, 1);
        // The same token, on the real time again.
        assert.deepEqual(ok(await call(auth, 'getSandboxState')), newState());
        // No push URL any more, as a new account (setPushMode answers the URL it would push to).
        assert.equal(ok(await call(auth, 'setPushMode', { mode: 'batched' })).url, undefined);
        // A parcel stored now walks the default journey, and time does not move it.
        const number = ok(await call(auth, 'storeOrders', minimumRequest())).orderResult.shipmentResponses[0].parcelInformation[0]
          .parcelLabelNumber;
        ok(await call(auth, 'startOrdersConsolidation', { consolidationDate: dateInZone(t.clock.now(), t.deps.settings.timeZone) }));
        t.clock.advance(3 * 24 * 60 * 60 * 1000);
        const tracked = ok(await call(await login(delisId), 'getTrackingData', { parcelLabelNumber: number }));
        assert.deepEqual(
          tracked.trackingResult.statusInfo.map((event: { status: string }) => event.status),
          ['DataReceived'],
        );
      });
    }
  });
}
