// Golden files of the SOAP binding: each WSDL, and one answer of every operation that has a handler
// plus both fault shapes, as exact wire text. The test clock and a fresh store make them repeatable;
// only the random login token is masked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { services } from '../../src/contract/operations.ts';
import { handlers } from '../../src/bindings/operation-handlers.ts';
import { edit, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { assertGolden } from './golden.ts';
import { endpointOf, injectSoap } from './soap-client.ts';
import { soapRequest } from './xml-request.ts';

const HOST = 'localhost:8080';
const DELIS_ID = 'KD0000001';
/** The parcel the storeOrders call creates in the fresh store. */
const FIRST_PARCEL = '05229000000000'; // stage's first number (domain/parcel-number.ts)

/** The directory the parcel-shop searches answer from. */
const SHOPS = [
  {
    parcelShopId: 101,
    company: 'Kiosk Damrak',
    street: 'Damrak',
    houseNo: '1',
    country: 'NL',
    zipCode: '1012LG',
    city: 'Amsterdam',
    phone: '+31 20 555 0101',
    latitude: 52.3752,
    longitude: 4.8966,
    availableService: ['parcelShopDelivery', 'dropOff', 'returns'] as const,
    openingHours: [
      { day: 1, fromTime1: 900, toTime1: 1230, fromTime2: 1330, toTime2: 1800 },
      { day: 6, fromTime1: 1000, toTime1: 1600 },
    ],
    holiday: [{ dateFrom: 20261224, dateTo: 20261226 }],
  },
  {
    parcelShopId: 102,
    company: 'Boekhandel Leidseplein',
    street: 'Leidseplein',
    country: 'NL',
    zipCode: '1017PT',
    city: 'Amsterdam',
    latitude: 52.3641,
    longitude: 4.8829,
  },
];

/** The parcel the advanceParcel call moves on: stored and consolidated just before it, on the account's fixed clock. */
const SECOND_PARCEL = '05229000000001';

/**
 * One call per operation that has a handler, and the golden file its answer is kept in; `prepare`
 * readies the store for it over REST. The calls run in this order, each on what the ones before left.
 */
const calls: ReadonlyArray<{
  golden: string;
  operation: string;
  body: () => JsonObject;
  authenticated: boolean;
  status: number;
  prepare?: (t: TestApp, authentication: JsonObject) => Promise<void>;
}> = [
  {
    golden: 'getAuth.response.xml',
    operation: 'getAuth',
    body: () => ({ delisId: DELIS_ID, password: PASSWORD, messageLanguage: 'en_US' }),
    authenticated: false,
    status: 200,
  },
  {
    golden: 'validateOrders.response.xml',
    operation: 'validateOrders',
    authenticated: true,
    status: 200,
    body: () =>
      edit(
        minimumRequest(),
        set('order[0].parcels[0].weight', 4000),
        set('order[0].generalShipmentData.recipient.email', 'not-an-address'),
      ),
  },
  {
    golden: 'storeOrders.response.xml',
    operation: 'storeOrders',
    authenticated: true,
    status: 200,
    body: () => edit(minimumRequest(), set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6' })),
  },
  {
    golden: 'storeOrders.faults.xml',
    operation: 'storeOrders',
    authenticated: true,
    status: 500,
    body: () => edit(minimumRequest(), set('order[0].parcels[0].weight', 4000)),
  },
  {
    golden: 'exportOrders.response.xml',
    operation: 'exportOrders',
    authenticated: true,
    status: 200,
    body: () => ({ parcelLabelNumber: [FIRST_PARCEL] }),
  },
  {
    golden: 'deleteOrders.response.xml',
    operation: 'deleteOrders',
    authenticated: true,
    status: 200,
    body: () => ({ parcelLabelNumber: [FIRST_PARCEL] }),
  },
  {
    golden: 'startOrdersConsolidation.response.xml',
    operation: 'startOrdersConsolidation',
    authenticated: true,
    status: 200,
    body: () => ({ consolidationDate: 20261123 }),
  },
  {
    golden: 'getAvailableProductsAndServices.response.xml',
    operation: 'getAvailableProductsAndServices',
    authenticated: true,
    status: 200,
    body: () => ({}),
  },
  {
    golden: 'findParcelShopsByGeoData.response.xml',
    operation: 'findParcelShopsByGeoData',
    authenticated: true,
    status: 200,
    body: () => ({ latitude: 52.373, longitude: 4.8924, limit: 2 }),
  },
  {
    golden: 'findParcelShops.response.xml',
    operation: 'findParcelShops',
    authenticated: true,
    status: 200,
    body: () => ({ country: 'NL', zipCode: '1017 PT', limit: 1 }),
  },
  {
    golden: 'getTrackingData.response.xml',
    operation: 'getTrackingData',
    authenticated: true,
    status: 200,
    body: () => ({ parcelLabelNumber: FIRST_PARCEL }),
  },
  // SandboxService (stage), on the parcel the calls above stored and deleted.
  { golden: 'getSandboxState.response.xml', operation: 'getSandboxState', authenticated: true, status: 200, body: () => ({}) },
  {
    golden: 'setClock.response.xml',
    operation: 'setClock',
    authenticated: true,
    status: 200,
    body: () => ({ fixedTime: '2026-11-24T08:30:00Z' }),
  },
  {
    golden: 'advanceParcel.response.xml',
    operation: 'advanceParcel',
    authenticated: true,
    status: 200,
    body: () => ({ parcelLabelNumber: SECOND_PARCEL, to: 'in_transit' }),
    async prepare(t, authentication) {
      const shipment = '/rest/services/ShipmentService/V3_5';
      await t.post(`${shipment}/storeOrders`, { authentication, storeOrders: minimumRequest() });
      await t.post(`${shipment}/startOrdersConsolidation`, { authentication, startOrdersConsolidation: { consolidationDate: 20261124 } });
    },
  },
  {
    golden: 'injectFault.response.xml',
    operation: 'injectFault',
    authenticated: true,
    status: 200,
    body: () => ({
      operation: 'storeOrders',
      binding: 'SOAP',
      count: 2,
      fault: { faultCode: 'CARRIER_DOWN', message: 'The carrier is down.' },
    }),
  },
  { golden: 'listFaults.response.xml', operation: 'listFaults', authenticated: true, status: 200, body: () => ({}) },
  {
    golden: 'storeOrders.injected.xml',
    operation: 'storeOrders',
    authenticated: true,
    status: 500,
    body: minimumRequest,
  },
  { golden: 'clearFaults.response.xml', operation: 'clearFaults', authenticated: true, status: 200, body: () => ({}) },
  { golden: 'resetAccount.response.xml', operation: 'resetAccount', authenticated: true, status: 200, body: () => ({}) },
];

/** What differs from run to run: the login token, and how many stage requests the log had written when the reset came. */
const masked = (text: string) =>
  text
    .replace(/<authToken>[^<]*<\/authToken>/, '<authToken>(random token)</authToken>')
    .replace(/(<stageRequests[^>]*>)[0-9]+</, '$1(as many as written)<');

describe('SOAP golden files', () => {
  let t: TestApp;
  let authentication: { delisId: string; authToken: string; messageLanguage: string };
  before(async () => {
    t = await startTestApp();
    await t.addAccount({ delisId: DELIS_ID });
    authentication = await t.authenticate(DELIS_ID);
    await t.store.parcelShops.saveParcelShops(SHOPS);
  });
  after(() => t.close());

  for (const service of services) {
    it(`${service.wsdlName} is generated from the contract`, async () => {
      const response = await t.app.inject({ method: 'GET', url: `/soap/WSDL/${service.wsdlName}`, headers: { host: HOST } });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/xml/);
      assertGolden(service.wsdlName, response.body);
    });
  }

  it('has a golden answer for every operation with a handler', () => {
    const covered = new Set(calls.map((call) => call.operation));
    assert.deepEqual(
      Object.keys(handlers).filter((name) => !covered.has(name)),
      [],
    );
  });

  for (const call of calls) {
    it(`answers ${call.operation} as in ${call.golden}`, async () => {
      await call.prepare?.(t, authentication);
      const xml = soapRequest(call.operation, call.body(), call.authenticated ? { authentication } : {});
      const response = await injectSoap(t, endpointOf(call.operation), xml);
      assert.equal(response.statusCode, call.status, response.body);
      assertGolden(call.golden, masked(response.body));
    });
  }

  it('answers a refused token with an authenticationFault as in authenticationFault.xml', async () => {
    const xml = soapRequest('validateOrders', minimumRequest(), { authentication: { ...authentication, authToken: 'not a token' } });
    const response = await injectSoap(t, endpointOf('validateOrders'), xml);
    assert.equal(response.statusCode, 500);
    assertGolden('authenticationFault.xml', response.body);
  });
});
