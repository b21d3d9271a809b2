// ParcelLifeCycleService getTrackingData over REST and SOAP on both stores: the carrier's answer for a
// parcel whose data the carrier has, holds back (late export) or no longer has (deleted, expired), in
// English and Dutch, and foreign and unknown numbers answered alike. The journeys themselves:
// test/parcel-life-cycle/journeys.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { advanceParcel } from '../../src/domain/parcel-life-cycle/advance-parcels.ts';
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

    it("answers SHIPMENT and the one event of data the carrier has: DataReceived at the sending depot, in the carrier's date form", async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const number = await store(auth);
      const response = await track(auth, number);
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual(body.status, { type: 'OK', code: '200', message: 'valid' });
      const result = body.getTrackingDataResponse.trackingResult;
      const { shipmentInfo } = result;
      assert.deepEqual(
        [shipmentInfo.status, shipmentInfo.statusHasBeenReached, shipmentInfo.isCurrentStatus, shipmentInfo.showContactInfo],
        ['SHIPMENT', false, false, false],
      );
      assert.deepEqual(shipmentInfo.label, { content: 'Shipment information', bold: true, paragraph: false });
      assert.deepEqual(shipmentInfo.trackingProperty[0], { key: 'parcelLabelNumber', value: number });
      assert.deepEqual(shipmentInfo.serviceDescription, {
        label: { content: 'Your service:', bold: false, paragraph: false },
        content: [{ content: 'BUSINESS', bold: false, paragraph: false }],
      });
      // Where it goes, without the recipient's name or street (the minimum request's recipient).
      assert.deepEqual(shipmentInfo.receiver, {
        label: { content: 'Receiver', bold: true, paragraph: false },
        content: [{ content: '3011AD Rotterdam, NL', bold: false, paragraph: false }],
      });
      assert.equal(result.contactInfo.length, 1);
      const steps = result.statusInfo as Step[];
      assert.deepEqual(steps, [
        {
          status: 'DataReceived',
          label: { content: 'Order information received', bold: true, paragraph: false },
          description: {
            content: [
              {
                content: "The sender has transmitted the parcel's data to us. The parcel has not been handed over yet.",
                bold: false,
                paragraph: false,
              },
            ],
          },
          statusHasBeenReached: true,
          isCurrentStatus: true,
          showContactInfo: true,
          // The test clock's 09:00 UTC is 10:00 in the service's time zone (Europe/Amsterdam, CET).
          location: { content: 'Best (NL)', bold: true, paragraph: false },
          date: { content: '11/23/2026 10:00:00 AM', bold: true, paragraph: false },
        },
      ]);
    });

    it('shows nothing while late export holds the data back; in Dutch once exported, the same after the day is closed', async () => {
      const account = await t.addAccount({ lateExport: true, messageLanguage: 'nl_NL' });
      const auth = { ...(await t.authenticate(account.delisId)), messageLanguage: 'nl_NL' };
      const number = await store(auth);
      let result = (await track(auth, number)).json().getTrackingDataResponse.trackingResult;
      assert.deepEqual(result.statusInfo, []);
      assert.equal(result.shipmentInfo.label.content, 'Zendinginformatie');
      assert.equal(result.shipmentInfo.receiver.label.content, 'Ontvanger');
      t.clock.advance(30 * 60 * 1000);
      await t.post(REST_PATH.exportOrders, { authentication: auth, exportOrders: { parcelLabelNumber: [number] } });
      const shipDate = Number(
        (await t.store.shipments.findParcels((await t.store.accounts.findAccount(account.delisId))!.id, [number]))[0].shipDate,
      );
      await t.post(REST_PATH.startOrdersConsolidation, { authentication: auth, startOrdersConsolidation: { consolidationDate: shipDate } });
      result = (await track(auth, number)).json().getTrackingDataResponse.trackingResult;
      const steps = result.statusInfo as Step[];
      assert.deepEqual(
        steps.map((s) => [s.status, s.label.content, s.location?.content, s.date?.content]),
        [['DataReceived', 'Ordergegevens ontvangen', 'Best (NL)', '23-11-2026 10:30:00']],
      );
      assert.equal(result.shipmentInfo.serviceDescription.label.content, 'Je service:');
    });

    it('answers a deleted parcel with its data gone: no events, the contact to ask', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const number = await store(auth);
      await t.post(REST_PATH.deleteOrders, { authentication: auth, deleteOrders: { parcelLabelNumber: [number] } });
      const result = (await track(auth, number)).json().getTrackingDataResponse.trackingResult;
      // Its data is gone, and with it where it was going.
      assert.equal(result.shipmentInfo.receiver, undefined);
      assert.deepEqual(result.statusInfo, []);
      assert.deepEqual(
        [result.shipmentInfo.status, result.shipmentInfo.label.content, result.shipmentInfo.showContactInfo],
        ['SHIPMENT', 'Shipment data deleted', true],
      );
    });

    it('answers a parcel past its 28 days as expired before the purge job, and after it the same', async () => {
      const { delisId } = await t.addAccount();
      const number = await store(await t.authenticate(delisId));
      t.clock.advance(28 * 24 * 60 * 60 * 1000 - 1);
      // Tokens last a day: log in again after moving the clock.
      const auth = await t.authenticate(delisId);
      let result = (await track(auth, number)).json().getTrackingDataResponse.trackingResult;
      assert.equal((result.statusInfo as Step[]).at(-1)?.status, 'DataReceived');
      t.clock.advance(1);
      result = (await track(auth, number)).json().getTrackingDataResponse.trackingResult;
      const expired = [result.shipmentInfo.label.content, result.shipmentInfo.showContactInfo, result.statusInfo];
      assert.deepEqual(expired, ['Shipment data expired', true, []]);
      await t.store.shipments.purgeExpired(t.clock.now());
      result = (await track(auth, number)).json().getTrackingDataResponse.trackingResult;
      assert.deepEqual([result.shipmentInfo.label.content, result.shipmentInfo.showContactInfo, result.statusInfo], expired);
    });

    it('keeps a parcel whose data expired where it is: the carrier cannot move it on', async () => {
      const { delisId } = await t.addAccount();
      const number = await store(await t.authenticate(delisId));
      const account = (await t.store.accounts.findAccount(delisId))!;
      const [parcel] = await t.store.shipments.findParcels(account.id, [number]);
      await t.store.shipments.consolidate(account.id, parcel.shipDate, t.clock.now());
      // Past the 28 days, before the purge job has run: expiry is judged at every lookup.
      t.clock.advance(28 * 24 * 60 * 60 * 1000);
      assert.deepEqual(await advanceParcel(t.deps, account, number, 'collected', t.clock.now()), { refused: 'expired' });
      await t.store.shipments.purgeExpired(t.clock.now());
      const result = (await track(await t.authenticate(delisId), number)).json().getTrackingDataResponse.trackingResult;
      assert.equal(result.shipmentInfo.label.content, 'Shipment data expired');
    });

    it('tells why a deleted or purged parcel cannot be moved on: not "close its day first"', async () => {
      const { delisId } = await t.addAccount();
      const auth = await t.authenticate(delisId);
      const [deleted, purged] = [await store(auth), await store(auth)];
      const account = (await t.store.accounts.findAccount(delisId))!;
      await t.post(REST_PATH.deleteOrders, { authentication: auth, deleteOrders: { parcelLabelNumber: [deleted] } });
      t.clock.advance(28 * 24 * 60 * 60 * 1000);
      await t.store.shipments.purgeExpired(t.clock.now());
      assert.deepEqual(await advanceParcel(t.deps, account, deleted, 'collected', t.clock.now()), { refused: 'deleted' });
      assert.deepEqual(await advanceParcel(t.deps, account, purged, 'collected', t.clock.now()), { refused: 'expired' });
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
      assert.deepEqual(steps[0].date, { ...rest.statusInfo[0].date, bold: 'true', paragraph: 'false' });
      assert.deepEqual(steps[0].location, { ...rest.statusInfo[0].location, bold: 'true', paragraph: 'false' });
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
