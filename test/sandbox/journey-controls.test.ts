// SandboxService's journey controls over both bindings: time moving parcels (setClock advanceBy P2D
// shows a delivered parcel without any further call; so does real time passing), stopping it, an
// account's default scenario and a parcel's own (refused where it does not fit or the parcel has shown
// what the new one lacks), getSandboxState and the console's list following the journeys, and a
// refused parcel that never reads as delivered.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { cheapPasswordHash, startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, ok, type CallAnswer } from '../support/binding-client.ts';
import type { Auth } from '../support/rest.ts';

const TUESDAY = '2027-01-05T10:00:00.000Z';

function refused(answer: CallAnswer, message: RegExp): void {
  assert.equal(answer.ok, false, JSON.stringify(answer));
  if (!answer.ok) {
    assert.equal(answer.code, 'ERR_INVALID_REQUEST');
    assert.match(answer.message, message);
  }
}

for (const binding of BINDINGS) {
  describe(`journey controls [${binding}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp();
    });
    after(() => t.close());

    let auth: Auth;
    const call = (operation: string, body: JsonObject = {}) => callOver(binding, t, operation, body, auth);
    const login = async (delisId = auth.delisId) => {
      auth = await t.authenticate(delisId);
    };
    const newAccount = async () => login((await t.addAccount({ passwordHash: cheapPasswordHash() })).delisId);
    const store = async () =>
      ok(await call('storeOrders', minimumRequest())).orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber as string;
    const statuses = async (number: string) =>
      ((ok(await call('getTrackingData', { parcelLabelNumber: number })).trackingResult.statusInfo ?? []) as Array<{ status: string }>).map(
        (s) => s.status,
      );
    const current = async (number: string) => (await statuses(number)).at(-1);

    it('setClock advanceBy P2D shows a delivered parcel without any further call, and getSandboxState and findParcels follow', async () => {
      await newAccount();
      ok(await call('setClock', { fixedTime: TUESDAY }));
      await login();
      assert.deepEqual(ok(await call('setJourneyClock', { running: true })), { running: true });
      const number = await store();
      ok(await call('startOrdersConsolidation', { consolidationDate: 20270105 }));
      assert.deepEqual(await statuses(number), ['DataReceived']);
      ok(await call('setClock', { advanceBy: 'P2D' }));
      await login();
      assert.deepEqual(await statuses(number), [
        'DataReceived',
        'PickedUp',
        'BetweenDepots',
        'BetweenDepots',
        'Depot',
        'Courier',
        'Delivered',
      ]);
      const state = ok(await call('getSandboxState'));
      assert.deepEqual(state.parcels, [{ state: 'delivered', count: 1 }]);
      assert.deepEqual(state.journeyClock, { running: true });
      const listed = ok(await call('findParcels', { state: 'delivered' })).parcel as Array<{ parcelLabelNumber: string; state: string }>;
      assert.deepEqual(
        listed.map((p) => [p.parcelLabelNumber, p.state]),
        [[number, 'delivered']],
      );
      assert.equal(ok(await call('findParcels', { state: 'consolidated' })).parcel, undefined);
      assert.equal(ok(await call('getParcelData', { parcelLabelNumber: number })).parcel.state, 'delivered');
    });

    it('real time passing moves a parcel too, and a stopped journey clock keeps what it showed and holds the rest', async () => {
      await newAccount();
      ok(await call('setJourneyClock', { running: true }));
      const number = await store();
      // The test clock: Monday 2026-11-23 10:00 in the service's time zone.
      ok(await call('startOrdersConsolidation', { consolidationDate: 20261123 }));
      t.clock.advance(10.5 * 3600 * 1000);
      await login();
      assert.equal(await current(number), 'BetweenDepots');
      const stopped = ok(await call('setJourneyClock', { running: false }));
      assert.equal(stopped.running, false);
      assert.equal(stopped.stoppedAt, t.clock.now().toISOString());
      t.clock.advance(24 * 3600 * 1000);
      await login();
      assert.equal(await current(number), 'BetweenDepots');
      assert.deepEqual(ok(await call('getSandboxState')).journeyClock, stopped);
      ok(await call('setJourneyClock', { running: true }));
      assert.equal(await current(number), 'Delivered');
    });

    it("sets a parcel's own scenario while what it has shown is the new one's too, and refuses one that does not fit", async () => {
      await newAccount();
      ok(await call('setClock', { fixedTime: TUESDAY }));
      await login();
      ok(await call('setScenario', { scenario: 'lost' }));
      assert.equal(ok(await call('getSandboxState')).scenario, 'lost');
      const number = await store();
      ok(await call('advanceParcel', { parcelLabelNumber: number, to: 'BetweenDepots' }));
      assert.deepEqual(ok(await call('setScenario', { scenario: 'refused_returned', parcelLabelNumber: number })), {
        scenario: 'refused_returned',
        parcelLabelNumber: number,
      });
      ok(await call('advanceParcel', { parcelLabelNumber: number, to: 'DeliveryFailure' }));
      refused(
        await call('setScenario', { scenario: 'delivered', parcelLabelNumber: number }),
        new RegExp(
          `scenario delivered: parcel ${number} has shown events its scenario delivered does not have \\(up to DeliveryFailure\\)`,
        ),
      );
      refused(
        await call('setScenario', { scenario: 'customs_hold', parcelLabelNumber: number }),
        /does not fit parcel \d{14}: it needs a destination beyond the EU customs border/,
      );
      refused(await call('setScenario', { scenario: 'parcel_shop_delivery', parcelLabelNumber: number }), /it needs product PSD/);
      // Refused at the door and back at its sender: never Delivered.
      ok(await call('advanceParcel', { parcelLabelNumber: number, to: 'ReturnedToSender' }));
      const words = await statuses(number);
      assert.equal(words.at(-1), 'ReturnedToSender');
      assert.ok(!words.includes('Delivered'), words.join());
      assert.deepEqual(ok(await call('getSandboxState')).parcels, [{ state: 'returned', count: 1 }]);
      refused(
        await call('advanceParcel', { parcelLabelNumber: number, to: 'Delivered' }),
        /to Delivered is not a status of this parcel's scenario refused_returned: PickedUp, BetweenDepots, Depot, Courier, DeliveryFailure/,
      );
      // The default stays: a new parcel walks `lost`.
      const next = await store();
      ok(await call('advanceParcel', { parcelLabelNumber: next, to: 'Lost' }));
      assert.deepEqual(await statuses(next), ['DataReceived', 'PickedUp', 'BetweenDepots', 'BetweenDepots', 'Investigation', 'Lost']);
      ok(await call('setScenario', { scenario: 'delivered' }));
      assert.equal(ok(await call('getSandboxState')).scenario, 'delivered');
    });
  });
}
