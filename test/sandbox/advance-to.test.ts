// setClock advanceTo (issue 38 item 2): the clock jumps to the planned time of a parcel's next event of
// a status word — its events up to it recorded at their planned times, every parcel of the account
// moving with the clock — and the token the caller holds survives the move.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, ok, type CallAnswer } from '../support/binding-client.ts';
import type { Auth } from '../support/rest.ts';

const numberOf = (answer: CallAnswer): string => ok(answer).orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber;

for (const binding of BINDINGS) {
  describe(`setClock advanceTo [${binding}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp();
    });
    after(() => t.close());

    it("jumps to the event's planned time, the other parcels moving with the clock, the token kept", async () => {
      const { delisId } = await t.addAccount();
      let auth: Auth = await t.authenticate(delisId);
      const call = (operation: string, body = {}) => callOver(binding, t, operation, body, auth);
      ok(await call('setClock', { fixedTime: '2027-01-05T10:00:00Z' }));
      // A clock the caller set past the token's day expires it (as time would): a new login, once.
      auth = await t.authenticate(delisId);
      ok(await call('setJourneyClock', { running: true }));
      const first = numberOf(await call('storeOrders', minimumRequest()));
      const second = numberOf(await call('storeOrders', minimumRequest()));
      const clock = ok(await call('setClock', { advanceTo: { parcelLabelNumber: first, to: 'Courier' } }));
      // Wednesday 07:34:34 in Amsterdam: the day closed at 11:00 on the way, collected that evening.
      assert.deepEqual(clock, { now: '2027-01-06T06:34:34.000Z', fixed: true });
      const words = async (number: string) =>
        ok(await call('getTrackingData', { parcelLabelNumber: number })).trackingResult.statusInfo.map(
          (event: { status: string }) => event.status,
        );
      const walked = ['DataReceived', 'PickedUp', 'BetweenDepots', 'BetweenDepots', 'Depot', 'Courier'];
      assert.deepEqual(await words(first), walked);
      // Its neighbour of the same day moved with the account's clock.
      assert.deepEqual(await words(second), walked);
      // On to the delivery, still with the same token (a day past its issue).
      assert.deepEqual(
        ok(await call('setClock', { advanceTo: { parcelLabelNumber: first, to: 'Delivered' } })).now,
        '2027-01-06T12:22:48.000Z',
      );
      assert.equal((await words(second)).at(-1), 'Delivered');
      // Passed already, or not in its journey: the advanceParcel refusals, naming advanceTo's fields.
      const passed = await call('setClock', { advanceTo: { parcelLabelNumber: first, to: 'Depot' } });
      assert.equal(passed.ok, false);
      if (!passed.ok) {
        assert.equal(passed.code, 'error_parcel_already_there');
        assert.match(passed.message, /^advanceTo\.parcelLabelNumber /);
      }
      const missing = await call('setClock', { advanceTo: { parcelLabelNumber: first, to: 'Lost' } });
      assert.equal(missing.ok ? '' : missing.code, 'error_status_not_in_scenario');
      const two = await call('setClock', { reset: true, advanceTo: { parcelLabelNumber: first, to: 'Lost' } });
      assert.equal(two.ok ? '' : two.code, 'error_clock_choice');
    });
  });
}
