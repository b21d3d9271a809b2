// Tracking with the account's clock set back before a parcel's events (issue 39;
// docs/decisions.md "Tracking with the clock set back"): what has happened stays as it happened — the parcel's data
// received and the events advanceParcel forced are answered with their own dates, though they lie
// after the account's "now" — while planned events still wait for the clock to pass them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver } from '../support/binding-client.ts';
import { firstParcelNumbers, REST_PATH, type Auth } from '../support/rest.ts';

interface Step {
  readonly status: string;
  readonly statusHasBeenReached: boolean;
  readonly date?: { readonly content: string };
}

describe('tracking with the account clock set back before the parcel', () => {
  let t: TestApp;
  let auth: Auth;
  let parcelLabelNumber: string;
  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount()).delisId);
    const stored = (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() })).json();
    parcelLabelNumber = firstParcelNumbers(stored)[0];
    const advanced = await t.post(REST_PATH.advanceParcel, { authentication: auth, advanceParcel: { parcelLabelNumber, to: 'PickedUp' } });
    assert.equal(advanced.statusCode, 200, advanced.body);
    // The test clock reads Monday 23 November 2026 09:00 UTC: three days before it.
    const set = await t.post(REST_PATH.setClock, { authentication: auth, setClock: { fixedTime: '2026-11-20T09:00:00Z' } });
    assert.equal(set.statusCode, 200, set.body);
  });
  after(() => t.close());

  for (const binding of BINDINGS) {
    it(`${binding}: shows the data received and the forced pickup with their own dates, after the account's now`, async () => {
      const answer = await callOver(binding, t, 'getTrackingData', { parcelLabelNumber }, auth);
      assert.ok(answer.ok, JSON.stringify(answer));
      const steps = answer.value.trackingResult.statusInfo as Step[];
      const reached = steps.filter((step) => step.statusHasBeenReached);
      assert.deepEqual(
        reached.map((step) => step.status),
        ['DataReceived', 'PickedUp'],
      );
      // Dated on the day they happened (11/23/2026 in English), not on the account's 20 November.
      for (const step of reached) assert.match(step.date?.content ?? '', /^11\/23\/2026 /, JSON.stringify(step));
    });
  }

  it('moves no planned event into view: the clock set back lets none of them happen', async () => {
    const answer = await callOver('REST', t, 'getTrackingData', { parcelLabelNumber }, auth);
    assert.ok(answer.ok);
    const steps = answer.value.trackingResult.statusInfo as Step[];
    assert.equal(steps.filter((step) => step.statusHasBeenReached).length, 2);
  });
});
