// Control characters in text fields (issue 28 item 7): a C0 character other than tab, line feed and
// carriage return, or DEL, is refused with error_control_character naming the field and the character,
// on both bindings, and nothing is stored. SOAP cannot carry raw C0 or &#0; at all: the XML reader
// refuses the request as malformed; DEL is XML text, so the decoder catches it there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { edit, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { bodyFault, readSoapAnswer } from '../support/soap-response.ts';

const NAME1 = 'order[0].generalShipmentData.recipient.name1';
const withName1 = (name1: string) => edit(minimumRequest(), set(NAME1, name1));

describe('control characters in text fields', () => {
  let t: TestApp;
  let auth: Auth;
  let accountId: number;
  before(async () => {
    t = await startTestApp();
    const account = await t.addAccount();
    accountId = account.id;
    auth = await t.authenticate(account.delisId, 'en_US');
  });
  after(() => t.close());

  const restStore = (body: JsonObject) => t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: body });
  const soapStore = (body: JsonObject) =>
    injectSoap(t, endpointOf('storeOrders'), soapRequest('storeOrders', body, { authentication: auth }));
  const restFaults = async (body: JsonObject) =>
    (await restStore(body)).json().orderResult.shipmentResponses[0].faults as Array<{ faultCode: string; message: string }>;
  const storedParcels = async () => (await t.store.parcelReader.listParcels(accountId, { limit: 10 })).parcels.length;

  it('refuses NUL over REST, naming the field and the character, and stores nothing', async () => {
    const faults = await restFaults(withName1('Jan\u0000Jansen'));
    assert.deepEqual(faults, [
      {
        faultCode: 'error_control_character',
        message: `${NAME1} holds the control character U+0000; give printable text only (tab, line feed and carriage return are allowed).`,
      },
    ]);
    assert.equal(await storedParcels(), 0);
  });

  it('refuses DEL over REST and over SOAP alike', async () => {
    const [rest] = await restFaults(withName1('Jan\u007FJansen'));
    assert.equal(rest.faultCode, 'error_control_character');
    assert.ok(rest.message.startsWith(`${NAME1} holds the control character U+007F;`), rest.message);
    const response = await soapStore(withName1('Jan\u007FJansen'));
    const soap = readSoapAnswer(response.body);
    assert.ok(soap.kind === 'fault', response.body);
    const detail = bodyFault(soap.fault).detail;
    assert.equal(detail.children.faultCode, 'error_control_character');
    assert.equal(detail.children.message, rest.message);
    assert.equal(await storedParcels(), 0);
  });

  it('refuses NUL over SOAP as a malformed request, raw or as &#0;, and stores nothing', async () => {
    const envelope = soapRequest('storeOrders', withName1('Jan NUL Jansen'), { authentication: auth });
    assert.ok(envelope.includes('Jan NUL Jansen'));
    const cases: ReadonlyArray<[string, string]> = [
      ['\u0000', 'the character U+0000 is not allowed in XML'],
      ['&#0;', '&#0; refers to a character XML does not allow'],
      ['\u001B', 'the character U+001B is not allowed in XML'],
    ];
    for (const [nul, reason] of cases) {
      const response = await injectSoap(t, endpointOf('storeOrders'), envelope.replace('Jan NUL Jansen', `Jan${nul}Jansen`));
      // A SOAP 1.1 fault is answered with HTTP 500; its faultcode tells the client it was its request.
      assert.equal(response.statusCode, 500, response.body);
      const soap = readSoapAnswer(response.body);
      assert.ok(soap.kind === 'fault', response.body);
      assert.equal(soap.fault.faultcode, 'soap:Client');
      const detail = bodyFault(soap.fault).detail;
      assert.equal(detail.children.faultCode, 'ERR_MALFORMED_REQUEST');
      const message = detail.children.message.replace(/column \d+/, 'column N');
      assert.equal(message, `The request body is not valid XML: ${reason} (line 1, column N).`);
    }
    assert.equal(await storedParcels(), 0);
  });

  it('takes tab, line feed and carriage return', async () => {
    for (const text of ['Jan\tJansen', 'Jan\nJansen', 'Jan\r\nJansen']) {
      const rest = (await restStore(withName1(text))).json();
      assert.deepEqual(rest.orderResult.shipmentResponses[0].faults ?? [], [], JSON.stringify(text));
    }
    assert.equal(await storedParcels(), 3);
  });
});
