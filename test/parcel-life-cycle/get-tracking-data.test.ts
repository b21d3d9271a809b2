// ParcelLifeCycleService getTrackingData over REST and SOAP on both stores: the states a parcel went
// through with their times, the way still ahead, the end of a deleted parcel, and foreign and unknown
// numbers answered alike.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { advanceParcels } from '../../src/domain/parcel-life-cycle/advance-parcels.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import { firstParcelNumbers, REST_PATH, type Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { list, readSoapAnswer } from '../support/soap-response.ts';

interface Line {
  content: string;
  bold: boolean;
  paragraph: boolean;
}

interface Step {
  status: string;
  label: Line;
  description: { content: Line[] };
  statusHasBeenReached: boolean;
  isCurrentStatus: boolean;
  showContactInfo: boolean;
  location?: Line;
  date?: Line;
}

for (const dialect of STORE_DIALECTS) {
  describe(`getTrackingData [${dialect}]`, () => {
    let t: TestApp;
    const store = async (auth: Auth): Promise<string> => {
      const body = (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() })).json();
      return firstParcelNumbers(body)[0];
    };
    const track = (auth: Auth, parcelLabelNumber: unknown) =>
      t.post(REST_PATH.getTrackingData, { authentication: auth, getTrackingData: { parcelLabelNumber } });
    before(async () => {
      t = await startTestApp({ dialect });
    });
    after(() => t.close());

    it('lists the states reached with their times, the current one, and the way ahead', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const number = await store(auth);
      const response = await track(auth, number);
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual(body.status, { type: 'OK', code: '200', message: 'valid' });
      const result = body.getTrackingDataResponse.trackingResult;
      assert.equal(result.shipmentInfo.status, 'transferred');
      assert.equal(result.shipmentInfo.isCurrentStatus, true);
      assert.deepEqual(result.shipmentInfo.trackingProperty[0], { key: 'parcelLabelNumber', value: number });
      assert.deepEqual(result.shipmentInfo.serviceDescription.content, [{ content: 'B2B', bold: false, paragraph: false }]);
      // Where it goes, without the recipient's name or street (the minimum request's recipient).
      assert.deepEqual(result.shipmentInfo.receiver, {
        label: { content: 'Receiver', bold: true, paragraph: false },
        content: [{ content: '3011AD Rotterdam, NL', bold: false, paragraph: false }],
      });
      assert.equal(result.contactInfo.length, 1);
      const steps = result.statusInfo as Step[];
      assert.deepEqual(
        steps.map((s) => s.status),
        ['created', 'transferred', 'consolidated', 'collected', 'in_transit', 'out_for_delivery', 'delivered'],
      );
      assert.deepEqual(
        steps.map((s) => s.statusHasBeenReached),
        [true, true, false, false, false, false, false],
      );
      assert.deepEqual(
        steps.map((s) => s.isCurrentStatus),
        [false, true, false, false, false, false, false],
      );
      // The test clock's 09:00 UTC is 10:00 in the service's time zone (Europe/Amsterdam, CET).
      assert.deepEqual(steps[0].date, { content: '23.11.2026, 10:00', bold: false, paragraph: false });
      assert.deepEqual(steps[0].location, { content: 'Depot 0522', bold: false, paragraph: false });
      assert.equal(steps[2].date, undefined);
      assert.deepEqual(steps[1].label, { content: 'Shipment data transferred to the carrier', bold: true, paragraph: false });
      assert.equal(steps[1].description.content[0].content, 'The carrier has received the shipment data.');
      assert.ok(steps.every((s) => !s.showContactInfo));
    });

    it('shows queued for late export, consolidation once the day is closed, labels in Dutch', async () => {
      const account = await t.addAccount({ lateExport: true, messageLanguage: 'nl_NL' });
      const auth = { ...(await t.authenticate(account.delisId)), messageLanguage: 'nl_NL' };
      const number = await store(auth);
      let steps = (await track(auth, number)).json().getTrackingDataResponse.trackingResult.statusInfo as Step[];
      assert.deepEqual(
        steps.filter((s) => s.statusHasBeenReached).map((s) => s.status),
        ['created', 'queued'],
      );
      assert.equal(steps.find((s) => s.isCurrentStatus)?.label.content, 'Zendinggegevens wachten op export');
      const receiver = (await track(auth, number)).json().getTrackingDataResponse.trackingResult.shipmentInfo.receiver;
      assert.equal(receiver.label.content, 'Ontvanger');
      await t.post(REST_PATH.exportOrders, { authentication: auth, exportOrders: { parcelLabelNumber: [number] } });
      const shipDate = Number(
        (await t.store.shipments.findParcels((await t.store.accounts.findAccount(account.delisId))!.id, [number]))[0].shipDate,
      );
      await t.post(REST_PATH.startOrdersConsolidation, {
        authentication: auth,
        startOrdersConsolidation: { consolidationDate: shipDate },
      });
      steps = (await track(auth, number)).json().getTrackingDataResponse.trackingResult.statusInfo as Step[];
      assert.deepEqual(
        steps.filter((s) => s.statusHasBeenReached).map((s) => s.status),
        ['created', 'queued', 'transferred', 'consolidated'],
      );
      assert.equal(steps.find((s) => s.isCurrentStatus)?.status, 'consolidated');
    });

    it('ends the way of a deleted parcel: only the states it reached', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const number = await store(auth);
      await t.post(REST_PATH.deleteOrders, { authentication: auth, deleteOrders: { parcelLabelNumber: [number] } });
      const result = (await track(auth, number)).json().getTrackingDataResponse.trackingResult;
      // Its data is gone, and with it where it was going.
      assert.equal(result.shipmentInfo.receiver, undefined);
      const steps = result.statusInfo as Step[];
      assert.deepEqual(
        steps.map((s) => [s.status, s.statusHasBeenReached, s.isCurrentStatus]),
        [
          ['created', true, false],
          ['transferred', true, false],
          ['deleted', true, true],
        ],
      );
    });

    it('shows a parcel past its 28 days as expired before the purge job, and after it the same', async () => {
      const { delisId } = await t.addAccount();
      const number = await store(await t.authenticate(delisId));
      // 28 days after 10:00 CET on 23 November.
      const expiry = { content: '21.12.2026, 10:00', bold: false, paragraph: false };
      t.clock.advance(28 * 24 * 60 * 60 * 1000 - 1);
      // Tokens last a day: log in again after moving the clock.
      const auth = await t.authenticate(delisId);
      let steps = (await track(auth, number)).json().getTrackingDataResponse.trackingResult.statusInfo as Step[];
      assert.equal(steps.find((s) => s.isCurrentStatus)?.status, 'transferred');
      t.clock.advance(1);
      steps = (await track(auth, number)).json().getTrackingDataResponse.trackingResult.statusInfo as Step[];
      const before = steps.map((s) => [s.status, s.isCurrentStatus, s.date]);
      assert.deepEqual(before.at(-1), ['expired', true, expiry]);
      assert.equal(steps.at(-1)?.showContactInfo, true);
      assert.deepEqual(
        steps.map((s) => s.status),
        ['created', 'transferred', 'expired'],
      );
      await t.store.shipments.purgeExpired(t.clock.now());
      steps = (await track(auth, number)).json().getTrackingDataResponse.trackingResult.statusInfo as Step[];
      assert.deepEqual(
        steps.map((s) => [s.status, s.isCurrentStatus, s.date]),
        before,
      );
    });

    it('keeps a parcel whose data expired where it is: the carrier cannot move it on, and expired stays its current state', async () => {
      const { delisId } = await t.addAccount();
      const number = await store(await t.authenticate(delisId));
      const { id } = (await t.store.accounts.findAccount(delisId))!;
      const [parcel] = await t.store.shipments.findParcels(id, [number]);
      await t.store.shipments.consolidate(id, parcel.shipDate, t.clock.now());
      // Past the 28 days, before the purge job has run: expiry is judged at every lookup.
      t.clock.advance(28 * 24 * 60 * 60 * 1000);
      const [advanced] = await advanceParcels(t.store.shipments, id, [number], 'collected', t.clock.now());
      assert.deepEqual(advanced, { parcelLabelNumber: number, refused: 'expired', state: 'consolidated' });
      await t.store.shipments.purgeExpired(t.clock.now());
      const steps = (await track(await t.authenticate(delisId), number)).json().getTrackingDataResponse.trackingResult.statusInfo as Step[];
      assert.deepEqual(
        steps.map((s) => s.status),
        ['created', 'transferred', 'consolidated', 'expired'],
      );
      assert.equal(steps.find((s) => s.isCurrentStatus)?.status, 'expired');
    });

    it('tells why a deleted or purged parcel cannot be moved on: not "close its day first"', async () => {
      const { delisId } = await t.addAccount();
      const auth = await t.authenticate(delisId);
      const [deleted, purged] = [await store(auth), await store(auth)];
      const { id } = (await t.store.accounts.findAccount(delisId))!;
      await t.post(REST_PATH.deleteOrders, { authentication: auth, deleteOrders: { parcelLabelNumber: [deleted] } });
      const [parcel] = await t.store.shipments.findParcels(id, [purged]);
      await t.store.shipments.consolidate(id, parcel.shipDate, t.clock.now());
      t.clock.advance(28 * 24 * 60 * 60 * 1000);
      await t.store.shipments.purgeExpired(t.clock.now());
      const refused = await advanceParcels(t.store.shipments, id, [deleted, purged], 'collected', t.clock.now());
      assert.deepEqual(refused, [
        { parcelLabelNumber: deleted, refused: 'deleted', state: 'deleted' },
        { parcelLabelNumber: purged, refused: 'expired', state: 'expired' },
      ]);
    });

    it('answers a foreign and an unknown number alike, and refuses a malformed one', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const other = await t.authenticate((await t.addAccount()).delisId);
      const foreign = await store(other);
      const answers = [await track(auth, foreign), await track(auth, '05229999999999')];
      for (const response of answers) {
        assert.equal(response.statusCode, 400);
        const body = response.json();
        assert.equal(body.getTrackingDataResponse, null);
        assert.equal(body.status.code, 'ERR_INVALID_REQUEST');
        assert.match(body.status.message, /is not a parcel of this account/);
      }
      assert.equal(answers[0].json().status.message.replace(foreign, 'N'), answers[1].json().status.message.replace('05229999999999', 'N'));
      for (const malformed of ['12AB', '0522999999999', 5229999999999]) {
        const response = await track(auth, malformed);
        assert.equal(response.statusCode, 400, String(malformed));
        assert.equal(response.json().status.code, 'ERR_INVALID_REQUEST');
      }
    });

    it('finds the parcel number behind a web number (the mpsId), only for its own account', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const other = await t.authenticate((await t.addAccount()).delisId);
      const body = (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() })).json();
      const mpsId = body.orderResult.shipmentResponses[0].mpsId as string;
      const lookUp = (who: Auth, webNumber: string) =>
        t.post(REST_PATH.getParcelLabelNumberForWebNumber, { authentication: who, getParcelLabelNumberForWebNumber: { webNumber } });
      const found = (await lookUp(auth, mpsId.toLowerCase())).json();
      assert.deepEqual(found.getParcelLabelNumberForWebNumberResponse, { parcelLabelNumber: firstParcelNumbers(body)[0] });
      for (const [who, webNumber] of [
        [other, mpsId],
        [auth, firstParcelNumbers(body)[0]],
        [auth, `${mpsId.slice(0, -1)}9`],
      ] as const) {
        const refused = await lookUp(who, webNumber);
        assert.equal(refused.statusCode, 400, webNumber);
        assert.equal(refused.json().status.code, 'ERR_INVALID_REQUEST');
      }
    });

    it('answers over SOAP with the same steps under trackingresult', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const number = await store(auth);
      const rest = (await track(auth, number)).json().getTrackingDataResponse.trackingResult;
      const response = await injectSoap(
        t,
        endpointOf('getTrackingData'),
        soapRequest('getTrackingData', { parcelLabelNumber: number }, { authentication: auth }),
      );
      assert.equal(response.statusCode, 200, response.body);
      const answer = readSoapAnswer(response.body);
      assert.equal(answer.kind, 'response');
      if (answer.kind !== 'response') return;
      assert.equal(answer.element.local, 'getTrackingDataResponse');
      assert.equal(answer.value.trackingResult, undefined, "SOAP names it trackingresult, as the carrier's schema does");
      const result = answer.value.trackingresult as {
        shipmentInfo: { trackingProperty: Array<Record<string, string>> };
        statusInfo: unknown;
      };
      assert.deepEqual(result.shipmentInfo.trackingProperty[0], { key: 'parcelLabelNumber', value: number });
      const steps = list(result.statusInfo) as Array<Record<string, string> & { date: { content: string } }>;
      assert.deepEqual(
        steps.map((s) => s.status),
        rest.statusInfo.map((s: Step) => s.status),
      );
      assert.deepEqual(
        steps.map((s) => s.statusHasBeenReached),
        rest.statusInfo.map((s: Step) => String(s.statusHasBeenReached)),
      );
      assert.deepEqual(steps[0].date, rest.statusInfo[0].date && { ...rest.statusInfo[0].date, bold: 'false', paragraph: 'false' });
      const unknown = await injectSoap(
        t,
        endpointOf('getTrackingData'),
        soapRequest('getTrackingData', { parcelLabelNumber: '05229999999999' }, { authentication: auth }),
      );
      assert.equal(unknown.statusCode, 500);
      const fault = readSoapAnswer(unknown.body);
      assert.equal(fault.kind, 'fault');
    });
  });
}
