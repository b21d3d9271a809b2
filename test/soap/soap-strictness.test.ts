// Issue 39 item 3: SOAP leniencies that let a client's mistake do something else than it said are
// refused — a SOAPAction naming another operation than the body's, a second soap:Body, anything after
// the Body, two `authentication` header entries. (HTTP-level errors on SOAP paths:
// test/server/pipelined-refusal.test.ts.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ShipmentServiceContract } from '../../src/contract/operation-table.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { bodyFault, readSoapAnswer, type BodyFaultAnswer } from '../support/soap-response.ts';
import { namespaces, soapBodyElement, soapRequest } from '../support/soap-request.ts';

const SHIPMENT = endpointOf('storeOrders');
const SHIPMENT_NS = namespaces.service(ShipmentServiceContract);

describe('SOAP strictness (issue 39)', () => {
  let t: TestApp;
  let authentication: Auth;
  let dutch: Auth;
  before(async () => {
    t = await startTestApp();
    const { delisId } = await t.addAccount();
    authentication = await t.authenticate(delisId);
    dutch = await t.authenticate(delisId, 'nl_NL');
  });
  after(() => t.close());

  async function fault(xml: string, headers: Record<string, string> = {}): Promise<BodyFaultAnswer> {
    const response = await injectSoap(t, SHIPMENT, xml, headers);
    const answer = readSoapAnswer(response.body);
    assert.equal(answer.kind, 'fault', response.body);
    assert.equal(response.statusCode, 500);
    return bodyFault((answer as { fault: Parameters<typeof bodyFault>[0] }).fault);
  }
  async function answered(xml: string, headers: Record<string, string> = {}): Promise<string> {
    const response = await injectSoap(t, SHIPMENT, xml, headers);
    assert.equal(response.statusCode, 200, response.body);
    return readSoapAnswer(response.body).kind;
  }

  it('refuses a SOAPAction naming validateOrders with a storeOrders body, naming both, in the caller language', async () => {
    const store = soapRequest('storeOrders', minimumRequest(), { authentication });
    for (const action of [`"${SHIPMENT_NS}/validateOrders"`, 'validateOrders', '"urn:x:getAuth"']) {
      const refused = await fault(store, { soapaction: action });
      assert.equal(refused.faultcode, 'soap:Client');
      assert.equal(refused.detail.children.faultCode, 'ERR_SOAP_ACTION_MISMATCH', action);
      assert.equal(
        refused.faultstring,
        `The SOAPAction ${action} does not name the operation the body holds, storeOrders; send "${SHIPMENT_NS}/storeOrders" or an empty SOAPAction.`,
      );
    }
    const inDutch = await fault(soapRequest('storeOrders', minimumRequest(), { authentication: dutch }), { soapaction: 'validateOrders' });
    assert.equal(
      inDutch.faultstring,
      `De SOAPAction validateOrders noemt niet de operatie in de body, storeOrders; stuur "${SHIPMENT_NS}/storeOrders" of een lege SOAPAction.`,
    );
    // The same call with its own action, an empty one or none is served.
    const served: Record<string, string>[] = [{ soapaction: `"${SHIPMENT_NS}/storeOrders"` }, { soapaction: '""' }, {}];
    for (const headers of served) {
      assert.equal(await answered(store, headers), 'response');
    }
  });

  it('refuses a second soap:Body, and anything after the Body', async () => {
    const validate = soapRequest('validateOrders', minimumRequest(), { authentication });
    const secondBody = validate.replace(
      '</soapenv:Envelope>',
      `<soapenv:Body>${soapBodyElement('storeOrders', minimumRequest())}</soapenv:Body></soapenv:Envelope>`,
    );
    const twice = await fault(secondBody);
    assert.equal(twice.faultcode, 'soap:Client');
    assert.equal(twice.detail.children.faultCode, 'ERR_INVALID_ENVELOPE');
    assert.equal(
      twice.faultstring,
      'The request envelope is not valid: the Envelope must end with its soap:Body, found {http://schemas.xmlsoap.org/soap/envelope/}Body after it.',
    );
    const trailing = validate.replace('</soapenv:Envelope>', `${soapBodyElement('storeOrders', minimumRequest())}</soapenv:Envelope>`);
    const after = await fault(trailing);
    assert.equal(after.detail.children.faultCode, 'ERR_INVALID_ENVELOPE');
    assert.match(after.faultstring, new RegExp(`found \\{${SHIPMENT_NS.replace(/\./g, '\\.')}\\}storeOrders after it\\.$`));
    const foreign = validate.replace('</soapenv:Envelope>', '<x:trailer xmlns:x="urn:x"/></soapenv:Envelope>');
    assert.equal((await fault(foreign)).detail.children.faultCode, 'ERR_INVALID_ENVELOPE');
  });

  it('refuses two authentication header entries, whichever comes first', async () => {
    const entry = (auth: Auth) =>
      `<auth:authentication xmlns:auth="${namespaces.authentication}"><delisId>${auth.delisId}</delisId><authToken>${auth.authToken}</authToken><messageLanguage>${auth.messageLanguage}</messageLanguage></auth:authentication>`;
    const validate = soapRequest('validateOrders', minimumRequest(), { authentication });
    const two = validate.replace('<soapenv:Header>', `<soapenv:Header>${entry(authentication)}`);
    const refused = await fault(two);
    assert.equal(refused.detail.children.faultCode, 'ERR_INVALID_ENVELOPE');
    assert.equal(refused.faultstring, 'The request envelope is not valid: the soap:Header holds 2 authentication entries; send one.');
    const inDutch = await fault(
      soapRequest('validateOrders', minimumRequest(), { authentication: dutch }).replace(
        '</soapenv:Header>',
        `${entry(authentication)}</soapenv:Header>`,
      ),
    );
    assert.equal(
      inDutch.faultstring,
      'De envelop van het verzoek is niet geldig: de soap:Header bevat 2 authentication-elementen; stuur er één.',
    );
  });
});
