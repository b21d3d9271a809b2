// Golden files of the SOAP binding: each WSDL, and one answer of every operation that has a handler
// plus both fault shapes, as exact wire text. The test clock and a fresh store make them repeatable;
// only the random login token is masked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { services } from '../../src/contract/operations.ts';
import { handlers } from '../../src/bindings/operation-handlers.ts';
import { advanceParcelReady, GOLDEN_DELIS_ID, GOLDEN_SHOPS, goldenBodies } from '../fixtures/golden-calls.ts';
import { minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { goldenFiles } from '../support/golden.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from './soap-client.ts';
import { soapRequest } from './xml-request.ts';

const golden = goldenFiles('soap');
const HOST = 'localhost:8080';

/**
 * One call per operation that has a handler, and the golden file its answer is kept in; `prepare`
 * readies the store for it. The calls run in this order, each on what the ones before left.
 */
const calls: ReadonlyArray<{
  golden: string;
  operation: string;
  body: () => JsonObject;
  authenticated: boolean;
  status: number;
  prepare?: (t: TestApp, authentication: Auth) => Promise<void>;
}> = [
  { golden: 'getAuth.response.xml', operation: 'getAuth', body: goldenBodies.getAuth, authenticated: false, status: 200 },
  {
    golden: 'validateOrders.response.xml',
    operation: 'validateOrders',
    authenticated: true,
    status: 200,
    body: goldenBodies.validateOrders,
  },
  { golden: 'storeOrders.response.xml', operation: 'storeOrders', authenticated: true, status: 200, body: goldenBodies.storeOrders },
  { golden: 'storeOrders.faults.xml', operation: 'storeOrders', authenticated: true, status: 500, body: goldenBodies.storeOrdersRefused },
  // The parcel storeOrders stored, before deleteOrders deletes it.
  { golden: 'findParcels.response.xml', operation: 'findParcels', authenticated: true, status: 200, body: goldenBodies.findParcels },
  { golden: 'getParcelData.response.xml', operation: 'getParcelData', authenticated: true, status: 200, body: goldenBodies.getParcelData },
  { golden: 'reprintLabels.response.xml', operation: 'reprintLabels', authenticated: true, status: 200, body: goldenBodies.reprintLabels },
  {
    golden: 'findStageRequests.response.xml',
    operation: 'findStageRequests',
    authenticated: true,
    status: 200,
    body: goldenBodies.findStageRequests,
  },
  { golden: 'exportOrders.response.xml', operation: 'exportOrders', authenticated: true, status: 200, body: goldenBodies.exportOrders },
  { golden: 'deleteOrders.response.xml', operation: 'deleteOrders', authenticated: true, status: 200, body: goldenBodies.deleteOrders },
  {
    golden: 'startOrdersConsolidation.response.xml',
    operation: 'startOrdersConsolidation',
    authenticated: true,
    status: 200,
    body: goldenBodies.startOrdersConsolidation,
  },
  {
    golden: 'getAvailableProductsAndServices.response.xml',
    operation: 'getAvailableProductsAndServices',
    authenticated: true,
    status: 200,
    body: goldenBodies.getAvailableProductsAndServices,
  },
  {
    golden: 'findParcelShopsByGeoData.response.xml',
    operation: 'findParcelShopsByGeoData',
    authenticated: true,
    status: 200,
    body: goldenBodies.findParcelShopsByGeoData,
  },
  {
    golden: 'findParcelShops.response.xml',
    operation: 'findParcelShops',
    authenticated: true,
    status: 200,
    body: goldenBodies.findParcelShops,
  },
  { golden: 'findCities.response.xml', operation: 'findCities', authenticated: true, status: 200, body: goldenBodies.findCities },
  {
    golden: 'getTrackingData.response.xml',
    operation: 'getTrackingData',
    authenticated: true,
    status: 200,
    body: goldenBodies.getTrackingData,
  },
  {
    golden: 'getParcelLabelNumberForWebNumber.response.xml',
    operation: 'getParcelLabelNumberForWebNumber',
    authenticated: true,
    status: 200,
    body: goldenBodies.getParcelLabelNumberForWebNumber,
  },
  // SandboxService (stage), on the parcel the calls above stored and deleted.
  {
    golden: 'getSandboxState.response.xml',
    operation: 'getSandboxState',
    authenticated: true,
    status: 200,
    body: goldenBodies.getSandboxState,
  },
  { golden: 'setClock.response.xml', operation: 'setClock', authenticated: true, status: 200, body: goldenBodies.setClock },
  {
    golden: 'advanceParcel.response.xml',
    operation: 'advanceParcel',
    authenticated: true,
    status: 200,
    body: goldenBodies.advanceParcel,
    prepare: advanceParcelReady,
  },
  {
    golden: 'injectFault.response.xml',
    operation: 'injectFault',
    authenticated: true,
    status: 200,
    body: () => goldenBodies.injectFault('SOAP'),
  },
  { golden: 'listFaults.response.xml', operation: 'listFaults', authenticated: true, status: 200, body: goldenBodies.listFaults },
  { golden: 'storeOrders.injected.xml', operation: 'storeOrders', authenticated: true, status: 500, body: minimumRequest },
  { golden: 'clearFaults.response.xml', operation: 'clearFaults', authenticated: true, status: 200, body: goldenBodies.clearFaults },
  { golden: 'resetAccount.response.xml', operation: 'resetAccount', authenticated: true, status: 200, body: goldenBodies.resetAccount },
];

/** What differs from run to run: the login token, and how many stage requests the log had written when the reset came. */
const masked = (text: string) =>
  text
    .replace(/<authToken>[^<]*<\/authToken>/, '<authToken>(random token)</authToken>')
    .replace(/(<stageRequests[^>]*>)[0-9]+</, '$1(as many as written)<');

describe('SOAP golden files', () => {
  let t: TestApp;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp();
    await t.addAccount({ delisId: GOLDEN_DELIS_ID });
    authentication = await t.authenticate(GOLDEN_DELIS_ID);
    await t.store.parcelShops.saveParcelShops(GOLDEN_SHOPS);
  });
  after(() => t.close());

  for (const service of services) {
    it(`${service.wsdlName} is generated from the contract`, async () => {
      const response = await t.app.inject({ method: 'GET', url: `/soap/WSDL/${service.wsdlName}`, headers: { host: HOST } });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/xml/);
      golden.check(service.wsdlName, response.body);
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
      golden.check(call.golden, masked(response.body));
    });
  }

  it('answers a refused token with an authenticationFault as in authenticationFault.xml', async () => {
    const xml = soapRequest('validateOrders', minimumRequest(), { authentication: { ...authentication, authToken: 'not a token' } });
    const response = await injectSoap(t, endpointOf('validateOrders'), xml);
    assert.equal(response.statusCode, 500);
    golden.check('authenticationFault.xml', response.body);
  });
});
