// Golden files of the REST binding: the answer of every operation that has a handler, and one answer
// it refuses, as exact wire text. The same calls as the SOAP golden files (test/fixtures/golden-calls.ts)
// on a fresh store at the test clock's time; only the random login token is masked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { handlers } from '../../src/bindings/operation-handlers.ts';
import { advanceParcelReady, FIRST_PARCEL, GOLDEN_DELIS_ID, GOLDEN_SHOPS, goldenBodies } from '../fixtures/golden-calls.ts';
import { minimumRequest, type Json } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { goldenFiles } from '../support/golden.ts';
import { REST_PATH, type Auth, type RestOperation } from '../support/rest.ts';

const golden = goldenFiles('rest');

/**
 * In order, each operation's answer (`<operation>.response.json`) and an answer it refuses
 * (`<operation>.fault.json`), with the HTTP status. storeOrders' refusal is its data error, which REST
 * answers inside the result (the SOAP golden file storeOrders.faults.xml is the same call). `prepare`
 * readies the store for a call.
 */
const calls: ReadonlyArray<{
  golden: string;
  operation: RestOperation;
  body: () => Json;
  status: number;
  prepare?: (t: TestApp, authentication: Auth) => Promise<void>;
}> = [
  { golden: 'getAuth.response.json', operation: 'getAuth', body: goldenBodies.getAuth, status: 200 },
  {
    golden: 'getAuth.fault.json',
    operation: 'getAuth',
    body: () => ({ ...goldenBodies.getAuth(), password: 'not the password' }),
    status: 401,
  },
  { golden: 'validateOrders.response.json', operation: 'validateOrders', body: goldenBodies.validateOrders, status: 200 },
  // validateOrders answers a request's problems as messages (above); only a body it cannot read is refused.
  { golden: 'validateOrders.fault.json', operation: 'validateOrders', body: () => 'one order', status: 400 },
  { golden: 'storeOrders.response.json', operation: 'storeOrders', body: goldenBodies.storeOrders, status: 200 },
  { golden: 'storeOrders.fault.json', operation: 'storeOrders', body: goldenBodies.storeOrdersRefused, status: 200 },
  // The parcel storeOrders stored, before deleteOrders deletes it.
  { golden: 'findParcels.response.json', operation: 'findParcels', body: goldenBodies.findParcels, status: 200 },
  {
    golden: 'findParcels.fault.json',
    operation: 'findParcels',
    body: () => ({ shipDateFrom: 20261124, shipDateTo: 20261123 }),
    status: 400,
  },
  { golden: 'getParcelData.response.json', operation: 'getParcelData', body: goldenBodies.getParcelData, status: 200 },
  { golden: 'getParcelData.fault.json', operation: 'getParcelData', body: () => ({ parcelLabelNumber: '05229999999999' }), status: 400 },
  { golden: 'reprintLabels.response.json', operation: 'reprintLabels', body: goldenBodies.reprintLabels, status: 200 },
  { golden: 'reprintLabels.fault.json', operation: 'reprintLabels', body: () => ({ parcelLabelNumber: [] }), status: 400 },
  { golden: 'findStageRequests.response.json', operation: 'findStageRequests', body: goldenBodies.findStageRequests, status: 200 },
  { golden: 'findStageRequests.fault.json', operation: 'findStageRequests', body: () => ({ limit: 101 }), status: 400 },
  { golden: 'exportOrders.response.json', operation: 'exportOrders', body: goldenBodies.exportOrders, status: 200 },
  { golden: 'exportOrders.fault.json', operation: 'exportOrders', body: () => ({ parcelLabelNumber: [] }), status: 400 },
  { golden: 'deleteOrders.response.json', operation: 'deleteOrders', body: goldenBodies.deleteOrders, status: 200 },
  { golden: 'deleteOrders.fault.json', operation: 'deleteOrders', body: () => ({}), status: 400 },
  {
    golden: 'startOrdersConsolidation.response.json',
    operation: 'startOrdersConsolidation',
    body: goldenBodies.startOrdersConsolidation,
    status: 200,
  },
  // A day that has not begun yet.
  {
    golden: 'startOrdersConsolidation.fault.json',
    operation: 'startOrdersConsolidation',
    body: () => ({ consolidationDate: 20261124 }),
    status: 400,
  },
  {
    golden: 'getAvailableProductsAndServices.response.json',
    operation: 'getAvailableProductsAndServices',
    body: goldenBodies.getAvailableProductsAndServices,
    status: 200,
  },
  {
    golden: 'getAvailableProductsAndServices.fault.json',
    operation: 'getAvailableProductsAndServices',
    body: () => ({ product: 'B2B' }),
    status: 400,
  },
  {
    golden: 'findParcelShopsByGeoData.response.json',
    operation: 'findParcelShopsByGeoData',
    body: goldenBodies.findParcelShopsByGeoData,
    status: 200,
  },
  {
    golden: 'findParcelShopsByGeoData.fault.json',
    operation: 'findParcelShopsByGeoData',
    body: () => ({ latitude: 91, longitude: 4.8924 }),
    status: 400,
  },
  { golden: 'findParcelShops.response.json', operation: 'findParcelShops', body: goldenBodies.findParcelShops, status: 200 },
  { golden: 'findParcelShops.fault.json', operation: 'findParcelShops', body: () => ({ zipCode: '1017 PT' }), status: 400 },
  { golden: 'findCities.response.json', operation: 'findCities', body: goldenBodies.findCities, status: 200 },
  { golden: 'findCities.fault.json', operation: 'findCities', body: () => ({ country: 'NL', order: 'name' }), status: 400 },
  { golden: 'getTrackingData.response.json', operation: 'getTrackingData', body: goldenBodies.getTrackingData, status: 200 },
  {
    golden: 'getTrackingData.fault.json',
    operation: 'getTrackingData',
    body: () => ({ parcelLabelNumber: FIRST_PARCEL.slice(1) }),
    status: 400,
  },
  {
    golden: 'getParcelLabelNumberForWebNumber.response.json',
    operation: 'getParcelLabelNumberForWebNumber',
    body: goldenBodies.getParcelLabelNumberForWebNumber,
    status: 200,
  },
  {
    golden: 'getParcelLabelNumberForWebNumber.fault.json',
    operation: 'getParcelLabelNumberForWebNumber',
    body: () => ({ webNumber: FIRST_PARCEL }),
    status: 400,
  },
  // SandboxService (stage), on the parcel the calls above stored and deleted.
  { golden: 'getSandboxState.response.json', operation: 'getSandboxState', body: goldenBodies.getSandboxState, status: 200 },
  { golden: 'getSandboxState.fault.json', operation: 'getSandboxState', body: () => ({ parcels: [] }), status: 400 },
  { golden: 'setClock.response.json', operation: 'setClock', body: goldenBodies.setClock, status: 200 },
  { golden: 'setClock.fault.json', operation: 'setClock', body: () => ({ advanceBy: 'P1D', reset: true }), status: 400 },
  {
    golden: 'advanceParcel.response.json',
    operation: 'advanceParcel',
    body: goldenBodies.advanceParcel,
    status: 200,
    prepare: advanceParcelReady,
  },
  // FIRST_PARCEL was deleted.
  {
    golden: 'advanceParcel.fault.json',
    operation: 'advanceParcel',
    body: () => ({ parcelLabelNumber: FIRST_PARCEL, to: 'delivered' }),
    status: 400,
  },
  { golden: 'injectFault.response.json', operation: 'injectFault', body: () => goldenBodies.injectFault('REST'), status: 200 },
  {
    golden: 'injectFault.fault.json',
    operation: 'injectFault',
    body: () => ({ operation: 'getAuth', fault: { faultCode: 'CARRIER_DOWN' } }),
    status: 400,
  },
  { golden: 'listFaults.response.json', operation: 'listFaults', body: goldenBodies.listFaults, status: 200 },
  { golden: 'listFaults.fault.json', operation: 'listFaults', body: () => ({ id: 99 }), status: 400 },
  // The fault injectFault asked for, as REST answers it: a code the catalogue does not know is the caller's (400).
  { golden: 'storeOrders.injected.json', operation: 'storeOrders', body: minimumRequest, status: 400 },
  { golden: 'clearFaults.response.json', operation: 'clearFaults', body: goldenBodies.clearFaults, status: 200 },
  { golden: 'clearFaults.fault.json', operation: 'clearFaults', body: () => ({ id: 99 }), status: 400 },
  { golden: 'resetAccount.response.json', operation: 'resetAccount', body: goldenBodies.resetAccount, status: 200 },
  { golden: 'resetAccount.fault.json', operation: 'resetAccount', body: () => ({ keepParcels: true }), status: 400 },
];

/** What differs from run to run: the login token, and how many stage requests the log had written when the reset came. */
const masked = (text: string) =>
  text
    .replace(/"authToken":"[^"]*"/, '"authToken":"(random token)"')
    .replace(/"stageRequests":[0-9]+/, '"stageRequests":"(as many as written)"');

describe('REST golden files', () => {
  let t: TestApp;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp();
    await t.addAccount({ delisId: GOLDEN_DELIS_ID });
    authentication = await t.authenticate(GOLDEN_DELIS_ID);
    await t.store.parcelShops.saveParcelShops(GOLDEN_SHOPS);
  });
  after(() => t.close());

  it('has an answer and a refusal for every operation with a handler', () => {
    for (const kind of ['response', 'fault']) {
      const covered = new Set(calls.filter((call) => call.golden.endsWith(`.${kind}.json`)).map((call) => call.operation));
      assert.deepEqual(
        Object.keys(handlers).filter((name) => !covered.has(name as RestOperation)),
        [],
        kind,
      );
    }
  });

  for (const call of calls) {
    it(`answers ${call.operation} as in ${call.golden}`, async () => {
      await call.prepare?.(t, authentication);
      const body = call.operation === 'getAuth' ? call.body() : { authentication, [call.operation]: call.body() };
      const response = await t.post(REST_PATH[call.operation], body);
      assert.equal(response.statusCode, call.status, response.body);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      golden.check(call.golden, masked(response.body));
    });
  }

  it('answers a refused token with an AuthenticationFault as in authenticationFault.json', async () => {
    const response = await t.post(REST_PATH.validateOrders, {
      authentication: { ...authentication, authToken: 'not a token' },
      validateOrders: minimumRequest(),
    });
    assert.equal(response.statusCode, 401);
    golden.check('authenticationFault.json', response.body);
  });
});
