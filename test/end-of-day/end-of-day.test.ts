// EndOfDayService endOfDay over both bindings: the manifest of a day holds the account's parcels whose
// data was transferred in it — single- and multi-parcel orders, a late-export parcel on the day of its
// exportOrders, never a deleted parcel or another account's — with their totals; an empty period
// answers a manifest that says so; every malformed period is a fault with the catalogue's message.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatParcelNumber } from '../../src/labels/label-layout.ts';
import { duplicate, edit, merge, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { extractPdfText, pdfInfo } from '../support/label-reading.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { bodyFault, readSoapAnswer, type Plain } from '../support/soap-response.ts';
import { soapRequest } from '../support/soap-request.ts';

/** 23 November 2026, the whole day in the service's time zone (Europe/Amsterdam). */
const DAY = { dateFrom: 20261123, timeFrom: 0, dateTo: 20261123, timeTo: 2400 };
const NEXT_DAY = { dateFrom: 20261124, timeFrom: 0, dateTo: 20261124, timeTo: 2400 };
const EMPTY_DAY = { dateFrom: 20261120, timeFrom: 900, dateTo: 20261120, timeTo: 1700 };
const PDF = { printerLanguage: 'PDF' };

/** Each malformed period, the problem its fault names, and a piece of its English message. */
const MALFORMED: ReadonlyArray<{ readonly name: string; readonly period: JsonObject; readonly message: RegExp }> = [
  { name: 'a date that does not exist', period: { ...DAY, dateFrom: 20261131 }, message: /period\.dateFrom 20261131 is not a real date/ },
  { name: 'a date of too few digits', period: { ...DAY, dateTo: 2026112 }, message: /period\.dateTo 2026112 is not a real date/ },
  { name: 'minutes past 59', period: { ...DAY, timeFrom: 1260 }, message: /period\.timeFrom 1260 is not a time of day/ },
  { name: 'a time past 2400', period: { ...DAY, timeTo: 2401 }, message: /period\.timeTo/ },
  {
    name: 'a reversed period',
    period: { dateFrom: 20261124, timeFrom: 800, dateTo: 20261123, timeTo: 1700 },
    message: /period ends at 2026-11-23 17:00, not after it begins at 2026-11-24 08:00/,
  },
  { name: 'an empty period', period: { ...DAY, timeTo: 0 }, message: /period ends at 2026-11-23 00:00, not after it begins/ },
  {
    name: 'a period longer than a week',
    period: { dateFrom: 20261101, timeFrom: 0, dateTo: 20261108, timeTo: 1 },
    message: /period 2026-11-01 00:00 – 2026-11-08 00:01 is longer than 7 days/,
  },
];

describe('EndOfDayService endOfDay', () => {
  let t: TestApp;
  let auth: Auth;
  let late: Auth;
  let other: Auth;
  /** The parcels on the 23rd's manifest, as the label prints their numbers. */
  const onDay: string[] = [];
  let deleted: string;
  let lateParcel: string;
  let nextDayParcel: string;
  let foreign: string;

  const store = async (caller: Auth, request: JsonObject) => {
    const response = await t.post(REST_PATH.storeOrders, { authentication: caller, storeOrders: request });
    assert.equal(response.statusCode, 200, response.body);
    const answer = response.json<{
      orderResult: { shipmentResponses: Array<{ parcelInformation: Array<{ parcelLabelNumber: string }> }> };
    }>();
    return answer.orderResult.shipmentResponses.flatMap((shipment) => shipment.parcelInformation.map((parcel) => parcel.parcelLabelNumber));
  };
  const rest = (period: JsonObject, caller: Auth = auth, printOptions: JsonObject = PDF) =>
    t.post(REST_PATH.endOfDay, { authentication: caller, endOfDay: { period, printOptions } });
  const restManifest = async (period: JsonObject, caller: Auth = auth) => {
    const response = await rest(period, caller);
    assert.equal(response.statusCode, 200, response.body);
    const answer = response.json<{ endOfDayResponse: { manifestPDF: string } }>();
    return Buffer.from(answer.endOfDayResponse.manifestPDF, 'base64');
  };
  const soap = async (period: JsonObject, caller: Auth = auth) => {
    const response = await injectSoap(
      t,
      endpointOf('endOfDay'),
      soapRequest('endOfDay', { period, printOptions: PDF }, { authentication: caller }),
    );
    return { status: response.statusCode, answer: readSoapAnswer(response.body) };
  };

  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount()).delisId);
    late = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
    other = await t.authenticate((await t.addAccount()).delisId);
    // The 23rd, 10:00 in Amsterdam: an order of one parcel, an order of three (the second with cash on
    // delivery), and a parcel deleted after its transfer.
    onDay.push(...(await store(auth, minimumRequest())));
    onDay.push(
      ...(await store(
        auth,
        edit(
          minimumRequest(),
          set('order[0].generalShipmentData.recipient.name1', 'Drie Pakketten BV'),
          duplicate('order[0].parcels[0]', 2),
          merge('order[0].parcels[1]', { customerReferenceNumber1: 'MULTI-2', cod: { amount: 1250, currency: 'EUR', inkasso: 0 } }),
        ),
      )),
    );
    [deleted] = await store(auth, minimumRequest());
    const removed = await t.post(REST_PATH.deleteOrders, { authentication: auth, deleteOrders: { parcelLabelNumber: [deleted] } });
    assert.equal(removed.json().success, true, removed.body);
    [lateParcel] = await store(late, minimumRequest());
    [foreign] = await store(other, minimumRequest());
    // The 24th, 09:00 (the logins hold a day): the late-export parcel is transferred now, and a new parcel is stored.
    t.clock.advance(23 * 3600_000);
    const exported = await t.post(REST_PATH.exportOrders, { authentication: late, exportOrders: { parcelLabelNumber: [lateParcel] } });
    assert.equal(exported.json().success, true, exported.body);
    [nextDayParcel] = await store(auth, minimumRequest());
  });
  after(() => t.close());

  it("serves its WSDL in its namespace, linked from the landing page, and answers at the carrier's other paths", async () => {
    for (const url of [
      '/soap/WSDL/EndOfDayServiceV10.wsdl',
      '/PublicApi/WSDL/EndOfDayServiceV10.wsdl',
      '/soap/services/EndOfDayService/V1_0?wsdl',
    ]) {
      const wsdl = (await t.app.inject({ method: 'GET', url })).body;
      assert.match(wsdl, /targetNamespace="[^"]+\/EndOfDayService\/1\.0"/, url);
      assert.match(wsdl, /<wsdl:operation name="endOfDay">/, url);
    }
    assert.match((await t.app.inject({ method: 'GET', url: '/' })).body, /href="soap\/WSDL\/EndOfDayServiceV10\.wsdl"/);
    const body = soapRequest('endOfDay', { period: EMPTY_DAY }, { authentication: auth });
    for (const path of [
      '/PublicApi/soap/services/EndOfDayService/V1_0',
      '/PublicApi/services/EndOfDayService/V1_0',
      '/services/EndOfDayService/V1_0',
    ]) {
      const answer = readSoapAnswer((await injectSoap(t, path, body)).body);
      assert.equal(answer.kind, 'response', path);
    }
  });

  it('REST: the day holds both orders, every parcel once, and the totals; not the deleted parcel, the next day or another account', async () => {
    const pdf = await restManifest(DAY);
    const text = await extractPdfText(pdf);
    for (const number of onDay) assert.equal(text.split(formatParcelNumber(number)).length, 2, `${number} once in\n${text}`);
    for (const number of [deleted, nextDayParcel, foreign, lateParcel]) assert.ok(!text.includes(formatParcelNumber(number)), number);
    assert.match(text, /Parcels: 4\b/);
    assert.match(text, /Orders: 2\b/);
    assert.match(text, /Weight: 20\.00 kg/);
    assert.match(text, /Product B2B/);
    assert.match(text, /Drie Pakketten BV/);
    assert.match(text, /MULTI-2/);
    assert.match(text, /COD 12\.50 EUR/);
    assert.match(text, /2026-11-23 00:00 – 2026-11-23 24:00 \(Europe\/Amsterdam\)/);
    assert.match(text, /Page 1 of 1/);
    assert.match(text, /Signature/);
    assert.equal((await pdfInfo(pdf)).Pages, '1');
  });

  it('late export: a parcel is on the manifest of the day exportOrders transferred it, not of the day it was stored', async () => {
    assert.doesNotMatch(await extractPdfText(await restManifest(DAY, late)), /Parcels: [1-9]/);
    const text = await extractPdfText(await restManifest(NEXT_DAY, late));
    assert.ok(text.includes(formatParcelNumber(lateParcel)), text);
    assert.match(text, /Parcels: 1\b/);
  });

  it('SOAP: the same day, the same parcels', async () => {
    const { status, answer } = await soap(DAY);
    assert.equal(status, 200);
    assert.equal(answer.kind, 'response', JSON.stringify(answer));
    const value = (answer as { value: Record<string, Plain> }).value;
    const text = await extractPdfText(Buffer.from(value.manifestPDF as string, 'base64'));
    for (const number of onDay) assert.ok(text.includes(formatParcelNumber(number)), number);
    assert.ok(!text.includes(formatParcelNumber(deleted)));
    assert.match(text, /Parcels: 4\b/);
  });

  it('an empty period answers a manifest that says so, over both bindings', async () => {
    const text = await extractPdfText(await restManifest(EMPTY_DAY));
    assert.match(text, /No parcels were transferred to the carrier in this period\./);
    assert.match(text, /Parcels: 0\b/);
    assert.match(text, /Orders: 0\b/);
    const { answer } = await soap(EMPTY_DAY);
    assert.equal(answer.kind, 'response');
    const value = (answer as { value: Record<string, Plain> }).value;
    assert.match(await extractPdfText(Buffer.from(value.manifestPDF as string, 'base64')), /No parcels were transferred/);
  });

  for (const { name, period, message } of MALFORMED) {
    it(`refuses ${name} over both bindings`, async () => {
      const response = await rest(period);
      assert.equal(response.statusCode, 400, response.body);
      const body = response.json<{ endOfDayResponse: null; status: { code: string; message: string } }>();
      assert.equal(body.endOfDayResponse, null);
      assert.equal(body.status.code, 'ERR_INVALID_REQUEST');
      assert.match(body.status.message, message);
      const { status, answer } = await soap(period);
      assert.equal(status, 500);
      assert.equal(answer.kind, 'fault');
      const fault = bodyFault((answer as { fault: Parameters<typeof bodyFault>[0] }).fault);
      assert.equal(fault.detail.local, 'faults');
      assert.equal(fault.detail.children.faultCode, 'ERR_INVALID_REQUEST');
      assert.match(fault.detail.children.message, message);
    });
  }

  it('answers in Dutch for a Dutch caller, and refuses a printer language other than PDF', async () => {
    const dutch = await t.authenticate(auth.delisId, 'nl_NL');
    const reversed = await rest({ dateFrom: 20261124, timeFrom: 800, dateTo: 20261123, timeTo: 1700 }, dutch);
    assert.match(reversed.json().status.message, /period eindigt om 2026-11-23 17:00, niet na het begin om 2026-11-24 08:00/);
    const tooLong = await rest({ dateFrom: 20261101, timeFrom: 0, dateTo: 20261109, timeTo: 0 }, dutch);
    assert.match(tooLong.json().status.message, /langer dan 7 dagen/);
    const zpl = await rest(DAY, auth, { printerLanguage: 'ZPL' });
    assert.equal(zpl.statusCode, 400);
    assert.match(zpl.json().status.message, /printOptions\.printerLanguage/);
  });
});
