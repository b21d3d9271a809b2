// ShipmentService V3_3 beside V3_5 (issue 18): its endpoint, WSDL and REST path; the 3.3 shape (its
// namespace, qualified answers, `dpdReference`, no e-label fields); the same domain, store and numbers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serviceContracts } from '../../src/contract/operation-table.ts';
import { collectionRequest, edit, duplicate, merge, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { pdfInfo } from '../support/label-reading.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { firstParcelNumbers, REST_PATH, type Auth } from '../support/rest.ts';
import { injectSoap } from '../support/soap-client.ts';
import { namespaces, soapRequest } from '../support/soap-request.ts';
import { bodyFault, list, readSoapAnswer, type Plain } from '../support/soap-response.ts';

const V33 = serviceContracts.ShipmentServiceV33;
const ENDPOINT = '/soap/services/ShipmentService/V3_3';
const REST_STORE = '/rest/services/ShipmentService/V3_3/storeOrders';
const V33_NS = namespaces.service(V33);

describe('ShipmentService V3_3', () => {
  let t: TestApp;
  let auth: Auth;
  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount()).delisId, 'en_EN');
  });
  after(() => t.close());

  const soapStore = (body: JsonObject) => injectSoap(t, ENDPOINT, soapRequest('storeOrders', body, { authentication: auth, service: V33 }));
  const restStore = (body: JsonObject) => t.post(REST_STORE, { authentication: auth, storeOrders: body });

  it('serves its WSDL in its own namespace, declaring storeOrders only, with the 3.3 names', async () => {
    assert.ok(V33_NS.endsWith('/ShipmentService/3.3'), V33_NS);
    for (const url of ['/soap/WSDL/ShipmentServiceV33.wsdl', '/PublicApi/WSDL/ShipmentServiceV33.wsdl', `${ENDPOINT}?wsdl`]) {
      const wsdl = (await t.app.inject({ method: 'GET', url })).body;
      assert.match(wsdl, new RegExp(`targetNamespace="${V33_NS.replace(/\./g, '\\.')}"`), url);
      assert.deepEqual(
        [...wsdl.matchAll(/<wsdl:operation name="([^"]+)">/g)].map((m) => m[1]),
        ['storeOrders', 'storeOrders'],
        url,
      );
      assert.match(wsdl, /<xs:element name="dpdReference" type="xs:string" minOccurs="0" form="qualified"\/>/);
      assert.match(wsdl, /<xs:complexType name="internationalLine">/);
      assert.match(wsdl, /<xs:complexType name="StoreOrdersResponseDto33">/);
      for (const absent of ['dropOffType', 'isELabel', 'parcellabelsPNG_qr', 'senderMaskingAddress', 'ageCheck', 'goodsDescription']) {
        assert.ok(!wsdl.includes(`name="${absent}"`), `${absent} in the 3.3 WSDL`);
      }
    }
  });

  it('stores over SOAP with a 3.3 answer: qualified, PDF pages = parcels, numbers from the one serial', async () => {
    const before35 = firstParcelNumbers(
      (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() })).json(),
    );
    const response = await soapStore(edit(minimumRequest(), duplicate('order[0].parcels[0]', 2)));
    assert.equal(response.statusCode, 200, response.body);
    // Every element of the answer in the 3.3 namespace: the response's default namespace, never undone.
    assert.match(response.body, new RegExp(`<storeOrdersResponse xmlns="${V33_NS.replace(/\./g, '\\.')}"><orderResult><parcellabelsPDF>`));
    assert.ok(!response.body.includes('xmlns=""'), response.body.slice(0, 400));
    const answer = readSoapAnswer(response.body);
    assert.ok(answer.kind === 'response');
    const orderResult = answer.value.orderResult as Record<string, Plain>;
    assert.equal(orderResult.parcellabelsPNG_qr, undefined);
    const [shipment] = list(orderResult.shipmentResponses) as Array<Record<string, Plain>>;
    const numbers = list(shipment.parcelInformation).map((p) => (p as Record<string, string>).parcelLabelNumber);
    assert.equal(numbers.length, 3);
    // The same serial as 3.5: the next numbers after the one stored just before.
    assert.equal(BigInt(numbers[0]), BigInt(before35[0]) + 1n);
    assert.equal((await pdfInfo(Buffer.from(orderResult.parcellabelsPDF as string, 'base64'))).Pages, '3');
    // The same store: tracked by the life-cycle service like any parcel.
    const tracked = await t.post(REST_PATH.getTrackingData, { authentication: auth, getTrackingData: { parcelLabelNumber: numbers[2] } });
    assert.equal(tracked.json().status.code, '200');
  });

  it("answers a collection request's reference as dpdReference in SOAP, carrierReference in REST", async () => {
    const soap = readSoapAnswer((await soapStore(collectionRequest())).body);
    assert.ok(soap.kind === 'response');
    const info = ((soap.value.orderResult as Record<string, Plain>).shipmentResponses as Record<string, Plain>).parcelInformation as Record<
      string,
      string
    >;
    assert.match(info.dpdReference, /\S/);
    assert.equal(info.carrierReference, undefined);
    const rest = (await restStore(collectionRequest())).json();
    assert.match(rest.orderResult.shipmentResponses[0].parcelInformation[0].carrierReference, /\S/);
  });

  it('answers over REST in the 3.3 shape: no parcellabelsPNG_qr', async () => {
    const response = await restStore(minimumRequest());
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(Object.keys(body.orderResult), ['parcellabelsPDF', 'shipmentResponses']);
    assert.deepEqual(body.status, { type: 'OK', code: '200', message: 'valid' });
  });

  it('refuses the fields 3.3 lacks as unknown, over both bindings', async () => {
    const cases: ReadonlyArray<[string, JsonObject]> = [
      ['printOptions.dropOffType', edit(minimumRequest(), merge('printOptions', { dropOffType: 'QR_CODE' }))],
      ['order[0].productAndServiceData.ageCheck', edit(minimumRequest(), set('order[0].productAndServiceData.ageCheck', true))],
      [
        'order[0].generalShipmentData.senderMaskingAddress',
        edit(
          minimumRequest(),
          set('order[0].generalShipmentData.senderMaskingAddress', {
            name1: 'M',
            street: 'S',
            country: 'NL',
            zipCode: '1015CJ',
            city: 'A',
          }),
        ),
      ],
    ];
    for (const [path, body] of cases) {
      const rest = (await restStore(body)).json();
      const [fault] = rest.orderResult.shipmentResponses[0].faults as Array<{ faultCode: string; message: string }>;
      assert.equal(fault.faultCode, 'error_unknown_field', path);
      assert.ok(fault.message.startsWith(path), `${path}: ${fault.message}`);
      const soap = readSoapAnswer((await soapStore(body)).body);
      assert.ok(soap.kind === 'fault', path);
      const detail = bodyFault(soap.fault).detail;
      assert.equal(detail.children.faultCode, 'error_unknown_field', path);
      // 3.3's faults detail: children qualified in its namespace.
      assert.deepEqual([detail.uri, ...detail.childUris], [V33_NS, V33_NS, V33_NS], path);
    }
  });

  it("takes its generation's products, CL and E18, as the 3.5 products they stand for; 3.5 keeps its own list", async () => {
    const cases: ReadonlyArray<[string, string | undefined, string]> = [
      ['CL', undefined, 'B2B'],
      ['CL', 'B', 'B2B'],
      ['CL', 'P', 'B2C'],
      ['E10', undefined, 'E10'],
      ['E12', undefined, 'E12'],
      ['E18', undefined, 'PM2'],
    ];
    for (const [product, type, stored] of cases) {
      const body = edit(
        minimumRequest(),
        set('order[0].generalShipmentData.product', product),
        ...(type === undefined ? [] : [set('order[0].generalShipmentData.recipient.type', type)]),
      );
      for (const send of [soapStore, restStore]) {
        const response = await send(body);
        assert.equal(response.statusCode, 200, response.body);
        const number =
          /<parcelLabelNumber>(\d{14})<\/parcelLabelNumber>/.exec(response.body)?.[1] ?? firstParcelNumbers(response.json())[0];
        const tracked = (
          await t.post(REST_PATH.getTrackingData, { authentication: auth, getTrackingData: { parcelLabelNumber: number } })
        ).json().getTrackingDataResponse.trackingResult;
        const facts = tracked.shipmentInfo.trackingProperty as Array<{ key: string; value: string }>;
        assert.equal(facts.find((fact) => fact.key === 'product')?.value, stored, `${product} ${type ?? ''}`);
      }
    }
    for (const product of ['CL', 'E18']) {
      const refused = await t.post(REST_PATH.storeOrders, {
        authentication: auth,
        storeOrders: edit(minimumRequest(), set('order[0].generalShipmentData.product', product)),
      });
      assert.equal(refused.json().orderResult.shipmentResponses[0].faults[0].faultCode, 'error_invalid_product', product);
    }
    const unknown = await restStore(edit(minimumRequest(), set('order[0].generalShipmentData.product', 'B2B MSG option')));
    assert.equal(unknown.json().orderResult.shipmentResponses[0].faults[0].faultCode, 'error_invalid_product');
    const wsdl = (await t.app.inject({ method: 'GET', url: '/soap/WSDL/ShipmentServiceV33.wsdl' })).body;
    assert.match(wsdl, /<xs:enumeration value="CL"\/>/);
    assert.ok(!(await t.app.inject({ method: 'GET', url: '/soap/WSDL/ShipmentServiceV35.wsdl' })).body.includes('value="CL"'));
  });

  it('declares storeOrders only: another operation is an unknown one (SOAP) or path (REST)', async () => {
    const soap = readSoapAnswer(
      (await injectSoap(t, ENDPOINT, soapRequest('validateOrders', minimumRequest(), { authentication: auth, bodyNamespace: V33_NS })))
        .body,
    );
    assert.ok(soap.kind === 'fault');
    assert.match(soap.fault.faultstring, /validateOrders is not an operation of ShipmentService V3_3; the body holds one of storeOrders/);
    const rest = await t.post('/rest/services/ShipmentService/V3_3/validateOrders', {
      authentication: auth,
      validateOrders: minimumRequest(),
    });
    assert.equal(rest.statusCode, 404);
  });
});
