// ShipmentService V3_3 as its schema reads (issue 37): parcels without a weight — one, several, mixed
// with weighed ones — stored with labels that print no weight, the console and the manifest saying so;
// the customs and notification fields 3.3 makes optional taken without them; 3.5 still refuses each.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serviceContracts } from '../../src/contract/operation-table.ts';
import { edit, duplicate, get, minimumRequest, remove, set, ukRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { extractPdfText, pdfInfo } from '../support/label-reading.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { list, readSoapAnswer, type Plain } from '../support/soap-response.ts';

const V33 = serviceContracts.ShipmentServiceV33;
const ENDPOINT = '/soap/services/ShipmentService/V3_3';
const REST_STORE_V33 = '/rest/services/ShipmentService/V3_3/storeOrders';

/** The minimum request with `count` parcels, those at `unweighed` without a weight. */
function parcels(count: number, unweighed: readonly number[]): JsonObject {
  const request = edit(minimumRequest(), duplicate('order[0].parcels[0]', count - 1));
  for (const i of unweighed) edit(request, remove(`order[0].parcels[${i}].weight`));
  return request;
}

/** The UK request without the fields 3.3 makes optional: clearanceCleared, prealertStatus, customsOrigin, predict's language. */
function ukWithout33Optionals(): JsonObject {
  return edit(
    ukRequest(),
    remove('order[0].parcels[0].international.clearanceCleared'),
    remove('order[0].parcels[0].international.prealertStatus'),
    remove('order[0].parcels[0].international.commercialInvoiceLine[0].customsOrigin'),
    remove('order[0].productAndServiceData.predict.language'),
  );
}

describe('ShipmentService V3_3: the fields its schema makes optional', () => {
  let t: TestApp;
  let auth: Auth;
  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount()).delisId, 'en_EN');
  });
  after(() => t.close());

  /** Stores over 3.3 SOAP; answers the parcel numbers and the labels' text, page by page. */
  const soapStore = async (body: JsonObject) => {
    const response = await injectSoap(t, ENDPOINT, soapRequest('storeOrders', body, { authentication: auth, service: V33 }));
    const answer = readSoapAnswer(response.body);
    assert.equal(answer.kind, 'response', response.body.slice(0, 1500));
    const orderResult = (answer as { value: Record<string, Plain> }).value.orderResult as Record<string, Plain>;
    const numbers = list(orderResult.shipmentResponses).flatMap((shipment) =>
      list((shipment as Record<string, Plain>).parcelInformation).map((p) => (p as Record<string, string>).parcelLabelNumber),
    );
    const pdf = Buffer.from(orderResult.parcellabelsPDF as string, 'base64');
    const pages = (await extractPdfText(pdf)).split('\f').filter((page) => page.trim() !== '');
    assert.equal((await pdfInfo(pdf)).Pages, String(numbers.length));
    return { numbers, pages };
  };
  const parcelData = async (number: string) =>
    (await t.post(REST_PATH.getParcelData, { authentication: auth, getParcelData: { parcelLabelNumber: number } })).json()
      .getParcelDataResponse;

  it('one parcel without a weight: stored, its label without a weight, the console without one', async () => {
    const { numbers, pages } = await soapStore(parcels(1, [0]));
    assert.equal(numbers.length, 1);
    assert.doesNotMatch(pages[0], /\d\.\d\d kg/);
    const data = await parcelData(numbers[0]);
    assert.equal(data.parcel.weight, undefined);
    assert.equal(data.parcel.parcelLabelNumber, numbers[0]);
  });

  it('several parcels, none weighed: each label without a weight', async () => {
    const { numbers, pages } = await soapStore(parcels(3, [0, 1, 2]));
    assert.equal(numbers.length, 3);
    for (const page of pages) assert.doesNotMatch(page, /kg/);
  });

  it('mixed, as a real 3.3 client sends it: the first parcel weighed, the others not — over SOAP and REST', async () => {
    const { numbers, pages } = await soapStore(parcels(3, [1, 2]));
    assert.match(pages[0], /5\.00 kg/);
    assert.doesNotMatch(pages[1], /kg/);
    assert.doesNotMatch(pages[2], /kg/);
    assert.equal((await parcelData(numbers[0])).parcel.weight, 500);
    assert.equal((await parcelData(numbers[1])).parcel.weight, undefined);
    const rest = await t.post(REST_STORE_V33, { authentication: auth, storeOrders: parcels(2, [1]) });
    assert.equal(rest.statusCode, 200, rest.body);
    assert.equal(rest.json().orderResult.shipmentResponses[0].parcelInformation.length, 2);
  });

  it('the manifest lists a parcel without a weight with a dash and counts it apart', async () => {
    const { numbers } = await soapStore(parcels(2, [1]));
    const period = { dateFrom: 20261123, timeFrom: 0, dateTo: 20261123, timeTo: 2400 };
    const response = await t.post(REST_PATH.endOfDay, { authentication: auth, endOfDay: { period } });
    const text = await extractPdfText(Buffer.from(response.json().endOfDayResponse.manifestPDF, 'base64'));
    assert.ok(text.includes(numbers[1].slice(0, 4)), text);
    assert.match(text, /not weighed\)/);
  });

  it('a ParcelLetter (PL) without a weight skips the size rule on 3.3; its volume is still required; 3.5 refuses it', async () => {
    const letter = (volume: string | undefined) =>
      edit(
        minimumRequest(),
        set('order[0].generalShipmentData.product', 'PL'),
        remove('order[0].parcels[0].weight'),
        volume === undefined ? remove('order[0].parcels[0].volume') : set('order[0].parcels[0].volume', volume),
      );
    // Within the letter's dimensions, and beyond them: no weight, so no size is checked (a sent weight keeps the rule).
    for (const volume of ['035025003', '035025004']) {
      const { numbers, pages } = await soapStore(letter(volume));
      assert.equal(numbers.length, 1);
      assert.doesNotMatch(pages[0], /kg/);
    }
    const codes = async (path: string, body: JsonObject) => {
      const response = await t.post(path, { authentication: auth, storeOrders: body });
      return (response.json().orderResult.shipmentResponses[0].faults as Array<{ message: string }>) ?? [];
    };
    const withoutVolume = await codes(REST_STORE_V33, letter(undefined));
    assert.deepEqual(
      withoutVolume.map((fault) => fault.message),
      [
        'order[0].parcels[0].volume is required for product PL (ParcelLetter): the parcel must be within the ParcelLetter maximum (100 dag, 35 × 25 × 3 cm).',
      ],
    );
    const weighedTooHeavy = await codes(REST_STORE_V33, edit(letter('035025003'), set('order[0].parcels[0].weight', 101)));
    assert.deepEqual(
      weighedTooHeavy.map((fault) => fault.message),
      ['order[0].parcels[0] exceeds the ParcelLetter maximum (100 dag, 35 × 25 × 3 cm).'],
    );
    const on35 = await codes(REST_PATH.storeOrders, letter('035025003'));
    assert.ok(
      on35.some((fault) => fault.message === 'order[0].parcels[0].weight is required.'),
      JSON.stringify(on35),
    );
  });

  it('customs without clearanceCleared, prealertStatus and an invoice line without customsOrigin; predict without language', async () => {
    const request = ukWithout33Optionals();
    assert.throws(() => get(request, 'order[0].productAndServiceData.predict.language'));
    const { numbers } = await soapStore(request);
    assert.equal(numbers.length, 1);
    const { order } = (await parcelData(numbers[0])).parcel;
    // Each stands for what 3.5 would have had: the one value 3.5 allows, the recipient's country.
    assert.equal(order.parcels[0].international.clearanceCleared, 'N');
    assert.equal(order.parcels[0].international.prealertStatus, 'S03');
    assert.equal(order.productAndServiceData.predict.language, 'GB');
    assert.equal(order.parcels[0].international.commercialInvoiceLine[0].customsOrigin, undefined);
  });

  it('3.5 is unchanged: it refuses a parcel without a weight and each of the other fields left out', async () => {
    const refused = async (body: JsonObject, path: string) => {
      const response = await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: body });
      const faults = response.json().orderResult.shipmentResponses[0].faults as Array<{ message: string }>;
      assert.ok(
        faults.some((fault) => fault.message === `${path} is required.`),
        JSON.stringify(faults),
      );
    };
    await refused(parcels(2, [1]), 'order[0].parcels[1].weight');
    await refused(parcels(1, [0]), 'order[0].parcels[0].weight');
    await refused(
      edit(ukRequest(), remove('order[0].parcels[0].international.clearanceCleared')),
      'order[0].parcels[0].international.clearanceCleared',
    );
    await refused(
      edit(ukRequest(), remove('order[0].parcels[0].international.prealertStatus')),
      'order[0].parcels[0].international.prealertStatus',
    );
    await refused(
      edit(ukRequest(), remove('order[0].parcels[0].international.commercialInvoiceLine[0].customsOrigin')),
      'order[0].parcels[0].international.commercialInvoiceLine[0].customsOrigin',
    );
    await refused(
      edit(ukRequest(), remove('order[0].productAndServiceData.predict.language')),
      'order[0].productAndServiceData.predict.language',
    );
  });
});
