// Headers every answer carries, whatever produced it: `X-Content-Type-Options: nosniff`, so that no
// browser reads an answer as another type than it says, `Cache-Control: no-store`, since answers
// hold tokens, addresses and labels that no cache on the way may keep (RFC 9111 §5.2.2.5), and
// `X-Request-Id`, the call's id (the client's own when it sent a plain one).
import assert from 'node:assert/strict';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH } from '../support/rest.ts';

const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

function assertSecurityHeaders(headers: Record<string, unknown>, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(headers[name], value, `${what}: ${name}`);
  assert.match(String(headers['x-request-id']), UUID, `${what}: x-request-id`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('headers of every answer', () => {
  let t: TestApp;
  let delisId: string;
  before(async () => {
    t = await startTestApp();
    delisId = (await t.addAccount()).delisId;
  });
  after(() => t.close());

  it('are on a login answer, which holds a token', async () => {
    const response = await t.post(REST_PATH.getAuth, { delisId, password: PASSWORD, messageLanguage: 'en_US' });
    assert.equal(response.statusCode, 200);
    assertSecurityHeaders(response.headers, 'getAuth');
  });

  it('are on answers of both bindings, faults and refusals included', async () => {
    const authentication = await t.authenticate(delisId);
    const answers = {
      'REST storeOrders': await t.post(REST_PATH.storeOrders, {
        authentication,
        storeOrders: minimumRequest(),
      }),
      'REST fault': await t.post(REST_PATH.storeOrders, '{"authentication":'),
      'REST unknown path': await t.post('/rest/nothing', {}),
      'REST wrong method': await t.app.inject({ method: 'GET', url: REST_PATH.storeOrders }),
      'SOAP storeOrders': await injectSoap(t, endpointOf('storeOrders'), soapRequest('storeOrders', minimumRequest(), { authentication })),
      'SOAP fault': await injectSoap(t, endpointOf('storeOrders'), '<nothing/>'),
      WSDL: await t.app.inject({ method: 'GET', url: `${endpointOf('storeOrders')}?wsdl` }),
      health: await t.app.inject({ method: 'GET', url: '/health' }),
    };
    assert.equal(answers['REST storeOrders'].statusCode, 200);
    assert.equal(answers['SOAP storeOrders'].statusCode, 200);
    for (const [what, response] of Object.entries(answers)) assertSecurityHeaders(response.headers, what);
  });

  const sentIds: ReadonlyArray<{ sent: string; echoed: boolean }> = [
    { sent: 'order-4711', echoed: true },
    { sent: 'a:b/c+d=e@f.g_h', echoed: true },
    { sent: 'x'.repeat(64), echoed: true },
    { sent: 'x'.repeat(65), echoed: false },
    { sent: 'two words', echoed: false },
    { sent: '<script>', echoed: false },
  ];
  for (const { sent, echoed } of sentIds) {
    it(`X-Request-Id ${JSON.stringify(sent.length > 20 ? `${sent.slice(0, 8)}… (${sent.length})` : sent)} is ${echoed ? 'echoed' : 'replaced by a UUID'}, over REST and SOAP, in answers and refusals`, async () => {
      const headers = { 'x-request-id': sent };
      const answers = [
        await t.app.inject({
          method: 'POST',
          url: REST_PATH.getAuth,
          headers,
          payload: { delisId, password: PASSWORD, messageLanguage: 'en_US' },
        }),
        await t.app.inject({
          method: 'POST',
          url: REST_PATH.storeOrders,
          headers: { ...headers, 'content-type': 'text/plain' },
          payload: 'x',
        }),
        await t.app.inject({ method: 'GET', url: '/rest/nothing', headers }),
        await injectSoap(t, endpointOf('storeOrders'), '<nothing/>', headers),
      ];
      for (const answer of answers) {
        if (echoed) assert.equal(answer.headers['x-request-id'], sent);
        else assert.match(String(answer.headers['x-request-id']), UUID);
      }
    });
  }

  it("are on what Node's HTTP parser refuses, answered on the socket", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const text = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => socket.write('FOO / HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket
        .setEncoding('utf8')
        .on('data', (chunk: string) => {
          received += chunk;
        })
        .on('error', reject)
        .on('close', () => resolve(received));
    });
    const head = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n').slice(1);
    const headers = Object.fromEntries(
      head.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    assert.match(text, /^HTTP\/1\.1 400 /);
    assertSecurityHeaders(headers, 'parser refusal');
  });
});
