// A complete request followed in the same TCP packet by one Node's parser cannot read (issue 39): the
// first is answered before the refusal of the second, on both bindings, and the refusal on a SOAP
// path is a SOAP fault. The login is the first request: its password check is asynchronous, so the
// parse error is met while its answer is still being made.
import assert from 'node:assert/strict';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH } from '../support/rest.ts';
import { endpointOf } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { readSoapAnswer } from '../support/soap-response.ts';

/** Everything the server sends on one connection for `packet`, written at once, until it closes the connection. */
async function exchange(port: number, packet: string | Buffer): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(packet);
  await new Promise((resolve) => socket.once('close', resolve));
  return received;
}

/** The answers in a connection's text: status, headers and body of each. */
function answersOf(text: string): Array<{ status: number; headers: string; body: string }> {
  const out: Array<{ status: number; headers: string; body: string }> = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const headers = rest.slice(0, end);
    const length = Number(/^content-length: (\d+)$/im.exec(headers)?.[1] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4));
    out.push({ status: Number(headers.slice(9, 12)), headers, body: bodyBytes.subarray(0, length).toString('utf8') });
    rest = bodyBytes.subarray(length).toString('utf8');
  }
  assert.equal(rest, '', `text after the answers: ${rest.slice(0, 200)}`);
  return out;
}

const request = (path: string, contentType: string, body: string, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** What Node's parser refuses: a request line without a version, a header with a byte 0x7F, bytes past a body. */
const UNPARSABLE = {
  'a request line without its version': 'GARBAGE /x\r\n\r\n',
  'a header value with the byte 0x7F': 'POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nSOAPAction: "a\u007Fb"\r\n\r\n',
  'more body than Content-Length': '</soapenv:Envelope>trailing bytes\r\n\r\n',
} as const;

describe('a complete request and an unparsable one in the same packet', () => {
  let t: TestApp;
  let port: number;
  let delisId: string;
  before(async () => {
    t = await startTestApp();
    delisId = (await t.addAccount()).delisId;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  for (const [what, second] of Object.entries(UNPARSABLE)) {
    it(`REST: the login is answered, then the 400 for ${what}`, async () => {
      const login = JSON.stringify({ delisId, password: PASSWORD, messageLanguage: 'en_US' });
      const answers = answersOf(await exchange(port, request(REST_PATH.getAuth, 'application/json', login) + second));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 400],
      );
      assert.equal(JSON.parse(answers[0].body).getAuthResponse.return.delisId, delisId);
      assert.equal(JSON.parse(answers[1].body).status.code, 'ERR_INVALID_REQUEST');
      assert.match(answers[1].headers, /^connection: close$/im);
    });

    it(`SOAP: the login is answered, then a SOAP fault for ${what}`, async () => {
      const envelope = soapRequest('getAuth', { delisId, password: PASSWORD, messageLanguage: 'en_US' });
      const path = endpointOf('getAuth');
      const answers = answersOf(await exchange(port, request(path, 'text/xml; charset=utf-8', envelope, 'SOAPAction: ""\r\n') + second));
      // SOAP 1.1 §6.2: a fault travels with HTTP 500, as every other fault of the SOAP binding.
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 500],
      );
      assert.equal(readSoapAnswer(answers[0].body).kind, 'response');
      assert.match(answers[1].headers, /^content-type: text\/xml/im);
      const fault = readSoapAnswer(answers[1].body);
      assert.equal(fault.kind, 'fault');
      if (fault.kind === 'fault') {
        assert.equal(fault.fault.faultcode, 'soap:Client');
        assert.equal(fault.fault.detail?.children.faultCode, 'ERR_INVALID_REQUEST');
      }
    });
  }

  it('SOAP: a lone unparsable request to a SOAP path is answered with a SOAP fault', async () => {
    const path = endpointOf('getAuth');
    const answers = answersOf(await exchange(port, `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nSOAPAction: "a\u007Fb"\r\n\r\n`));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [500],
    );
    assert.equal(readSoapAnswer(answers[0].body).kind, 'fault');
  });
});
