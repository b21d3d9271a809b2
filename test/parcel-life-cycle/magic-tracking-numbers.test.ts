// Magic parcel numbers (issue 38 item 1): on stage, fixed numbers that getTrackingData answers for any
// account with one scenario's whole journey, nothing stored — a shop tests its tracking page without
// storing a parcel. Live knows no such numbers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { computeCheckCharacter } from '../../src/labels/check-character.ts';
import { MAGIC_PARCEL_NUMBERS } from '../../src/domain/parcel-life-cycle/magic-parcels.ts';
import { SCENARIOS } from '../../src/contract/parcel-states.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, ok } from '../support/binding-client.ts';
import type { Auth } from '../support/rest.ts';

/** The last status word each scenario's journey ends with, and a word it must pass on the way. */
const ENDS: Readonly<Record<string, readonly [passes: string, last: string]>> = {
  delivered: ['Courier', 'Delivered'],
  not_home_then_delivered: ['DeliveryFailure', 'Delivered'],
  not_home_to_parcel_shop: ['ParcelShop', 'Delivered'],
  refused_returned: ['ReturningToSender', 'ReturnedToSender'],
  parcel_shop_delivery: ['ParcelShop', 'Delivered'],
  lost: ['Investigation', 'Lost'],
  customs_hold: ['CustomsCleared', 'Delivered'],
  damaged: ['Damaged', 'Delivered'],
  no_pickup_by_consignee: ['ParcelShop', 'ReturnedToSender'],
  error_pickup: ['PickupFailure', 'Delivered'],
};

describe('magic parcel numbers', () => {
  it('there is one per scenario, fixed, in depot 0522 at the top of the stage range', () => {
    assert.deepEqual([...MAGIC_PARCEL_NUMBERS.values()].sort(), [...SCENARIOS].sort());
    assert.equal(MAGIC_PARCEL_NUMBERS.get('05229999999901'), 'delivered');
    assert.equal(MAGIC_PARCEL_NUMBERS.get('05229999999903'), 'not_home_to_parcel_shop');
    for (const number of MAGIC_PARCEL_NUMBERS.keys()) assert.match(number, /^052299999999[0-9]{2}$/);
  });

  for (const binding of BINDINGS) {
    describe(`on stage [${binding}]`, () => {
      let t: TestApp;
      let auth: Auth;
      before(async () => {
        t = await startTestApp();
        auth = await t.authenticate((await t.addAccount()).delisId);
      });
      after(() => t.close());

      for (const [number, scenario] of MAGIC_PARCEL_NUMBERS) {
        it(`${number} answers ${scenario}'s whole journey, nothing stored`, async () => {
          const answer = ok(await callOver(binding, t, 'getTrackingData', { parcelLabelNumber: number }, auth));
          const events: Array<{ status: string; date: { content: string }; isCurrentStatus: boolean }> = answer.trackingResult.statusInfo;
          const words = events.map((event) => event.status);
          const [passes, last] = ENDS[scenario] ?? assert.fail(`no expectation for ${scenario}`);
          assert.equal(words[0], 'DataReceived');
          assert.ok(words.includes(passes), `${scenario}: ${words.join(' ')}`);
          assert.equal(words.at(-1), last, `${scenario}: ${words.join(' ')}`);
          assert.equal(events.at(-1)?.isCurrentStatus, true);
          // Dated as the scenario's scans are, not all at one instant.
          assert.ok(new Set(events.map((event) => event.date.content)).size > events.length / 2);
          const state = ok(await callOver(binding, t, 'getSandboxState', {}, auth));
          assert.equal(state.parcels, undefined);
        });
      }

      it('takes the printed form too, and answers the same at the same account time', async () => {
        const number = '05229999999906';
        const printed = `0522 9999 9999 06 ${computeCheckCharacter(number)}`;
        const first = ok(await callOver(binding, t, 'getTrackingData', { parcelLabelNumber: printed }, auth));
        const again = ok(await callOver(binding, t, 'getTrackingData', { parcelLabelNumber: number }, auth));
        assert.deepEqual(first, again);
      });
    });
  }

  describe('on live', () => {
    let live: TestApp;
    before(async () => {
      live = await startTestApp({ env: { PARCEL_ENV: 'live' } });
    });
    after(() => live.close());
    it('they are unknown numbers', async () => {
      const auth = await live.authenticate((await live.addAccount()).delisId);
      const answer = await callOver('REST', live, 'getTrackingData', { parcelLabelNumber: '05229999999901' }, auth);
      const unknown = await callOver('REST', live, 'getTrackingData', { parcelLabelNumber: '05229999999801' }, auth);
      assert.equal(answer.ok, false);
      // Answered exactly as any number the account does not have.
      assert.deepEqual(answer, JSON.parse(JSON.stringify(unknown).replaceAll('05229999999801', '05229999999901')));
    });
  });
});
