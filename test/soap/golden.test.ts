// Golden files of the SOAP binding: each WSDL, and one answer of every operation that has a handler
// plus both fault shapes, as exact wire text. The test clock and a fresh store make them repeatable;
// only the random login token is masked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serviceList } from '../../src/contract/operation-table.ts';
import { handlers } from '../../src/bindings/handlers/operation-handlers.ts';
import { GOLDEN_CALLS, GOLDEN_DELIS_ID, GOLDEN_SHOPS, type GoldenCall } from '../fixtures/golden-calls.ts';
import { minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { goldenFiles } from '../support/golden.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';

const golden = goldenFiles('soap');
const HOST = 'localhost:8080';

const calls = GOLDEN_CALLS.flatMap((call: GoldenCall) => (call.soap === undefined ? [] : [{ ...call, golden: call.soap }]));

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

  for (const service of serviceList) {
    it(`${service.wsdlName} is generated from the contract`, async () => {
      const response = await t.app.inject({ method: 'GET', url: `/soap/WSDL/${service.wsdlName}`, headers: { host: HOST } });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/xml/);
      golden.check(service.wsdlName, response.body);
    });
  }

  it('has a golden answer for every operation with a handler', () => {
    const covered = new Set<string>(calls.map((call) => call.operation));
    assert.deepEqual(
      Object.keys(handlers).filter((name) => !covered.has(name)),
      [],
    );
  });

  for (const call of calls) {
    it(`answers ${call.operation} as in ${call.golden.file}`, async () => {
      await call.prepare?.(t, authentication);
      const authenticated = call.operation !== 'getAuth';
      const xml = soapRequest(call.operation, call.body() as JsonObject, authenticated ? { authentication } : {});
      const response = await injectSoap(t, endpointOf(call.operation), xml);
      assert.equal(response.statusCode, call.golden.status, response.body);
      golden.check(call.golden.file, masked(response.body));
    });
  }

  it('answers a refused token with an authenticationFault as in authenticationFault.xml', async () => {
    const xml = soapRequest('validateOrders', minimumRequest(), { authentication: { ...authentication, authToken: 'not a token' } });
    const response = await injectSoap(t, endpointOf('validateOrders'), xml);
    assert.equal(response.statusCode, 500);
    golden.check('authenticationFault.xml', response.body);
  });
});
