// Issue 39 items 2 and 3: a request Node's HTTP parser refuses after a complete one on the same
// connection (in the same TCP packet) does not cost the complete one its answer — it is answered first,
// then the refusal, then the connection closes — on both bindings; and the refusal of bytes meant for a
// SOAP path (a SOAPAction with byte 0x7F, more body than Content-Length) is a SOAP 1.1 fault, not the
// REST JSON 400. Raw sockets; every wait is on the connection's close.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import type { Auth } from '../support/rest.ts';
import { soapRequest } from '../support/soap-request.ts';

const VALIDATE = '/rest/services/ShipmentService/V3_5/validateOrders';
const SOAP_ENDPOINT = '/soap/services/ShipmentService/V3_5';

/** An answer read off the wire: status, headers (lower-case names), body. */
interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Splits what a connection received into its answers, each by its Content-Length. */
function answersIn(received: Buffer): Answer[] {
  const answers: Answer[] = [];
  let rest = received;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    assert.ok(end > 0, `an answer's head: ${rest.toString('latin1').slice(0, 200)}`);
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length']);
    assert.ok(Number.isInteger(length), `a Content-Length: ${statusLine}`);
    answers.push({ status: Number(statusLine.slice(9, 12)), headers, body: rest.subarray(end + 4, end + 4 + length).toString('utf8') });
    rest = rest.subarray(end + 4 + length);
  }
  return answers;
}

/** Sends `bytes` in one write on a new connection and reads everything until the server closes it. */
async function exchange(port: number, bytes: Buffer): Promise<Answer[]> {
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  await once(socket, 'connect');
  const closed = once(socket, 'close');
  socket.write(bytes);
  await closed;
  return answersIn(Buffer.concat(chunks));
}

const request = (method: string, path: string, type: string, body: string, extra = '') =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

/** Bytes Node's parser refuses: a header value with byte 0x7F. */
const broken = (path: string, type: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nSOAPAction: "a\x7fb"\r\nContent-Length: 2\r\n\r\n{}`;

const SOAP_FAULT =
  /^<\?xml[^>]*>\s*<soap:Envelope [^>]*><soap:Body><soap:Fault><faultcode>soap:Client<\/faultcode><faultstring>The request is not valid: it cannot be read as HTTP\/1\.1/;

describe('a request the parser refuses after a complete one on the connection', () => {
  let t: TestApp;
  let port: number;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp();
    authentication = await t.authenticate((await t.addAccount()).delisId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  it('REST: answers the complete request first, then the 400 for the unparsable one, then closes', async () => {
    const valid = request('POST', VALIDATE, 'application/json', JSON.stringify({ authentication, validateOrders: minimumRequest() }));
    const [first, second, ...more] = await exchange(port, Buffer.from(valid + broken(VALIDATE, 'application/json'), 'latin1'));
    assert.equal(first?.status, 200, first?.body);
    assert.deepEqual(JSON.parse(first.body).orderResult, { success: true, messages: [] });
    assert.equal(second?.status, 400);
    assert.equal(JSON.parse(second.body).status.code, 'ERR_INVALID_REQUEST');
    assert.equal(second.headers.connection, 'close');
    assert.deepEqual(more, []);
  });

  it('REST: answers every complete request before it (three pipelined), in order', async () => {
    const valid = request('POST', VALIDATE, 'application/json', JSON.stringify({ authentication, validateOrders: minimumRequest() }));
    const answers = await exchange(
      port,
      Buffer.from(valid + request('GET', '/health', 'text/plain', '') + valid + broken(VALIDATE, 'application/json'), 'latin1'),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 400],
    );
  });

  it('SOAP: answers the complete call first, then a SOAP 1.1 fault (not JSON) for a SOAPAction with byte 0x7F', async () => {
    const call = request(
      'POST',
      SOAP_ENDPOINT,
      'text/xml; charset=utf-8',
      soapRequest('validateOrders', minimumRequest(), { authentication }),
    );
    const [first, second, ...more] = await exchange(port, Buffer.from(call + broken(SOAP_ENDPOINT, 'text/xml'), 'latin1'));
    assert.equal(first?.status, 200, first?.body);
    assert.match(first.body, /<validateOrdersResponseDto /);
    assert.equal(second?.status, 500);
    assert.match(second.headers['content-type'], /^text\/xml/);
    assert.match(second.body, SOAP_FAULT);
    assert.match(second.body, /<faultCode[^>]*>ERR_INVALID_REQUEST<\/faultCode>/);
    assert.equal(second.headers.connection, 'close');
    assert.deepEqual(more, []);
  });

  it('SOAP: a lone request with a SOAPAction holding byte 0x7F is answered with a SOAP fault', async () => {
    const [only, ...more] = await exchange(port, Buffer.from(broken('/services/LoginService/V2_1', 'text/xml'), 'latin1'));
    assert.equal(only?.status, 500);
    assert.match(only.body, SOAP_FAULT);
    assert.match(only.body, /xmlns(?::\w+)?="[^"]*\/LoginService\/2\.1"/);
    assert.deepEqual(more, []);
  });

  it('SOAP: more body than Content-Length: the call is answered with what its length takes, the bytes beyond it with a SOAP fault', async () => {
    const envelope = soapRequest('validateOrders', minimumRequest(), { authentication });
    const head = `POST ${SOAP_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\nContent-Length: ${Buffer.byteLength(envelope)}\r\n\r\n`;
    const [first, second, ...more] = await exchange(port, Buffer.from(`${head}${envelope}<more>after the length</more>`, 'utf8'));
    assert.equal(first?.status, 200, first?.body);
    assert.equal(second?.status, 500);
    assert.match(second.body, /<faultcode>soap:Client<\/faultcode>/);
    assert.match(second.body, /<faultCode[^>]*>ERR_INVALID_REQUEST<\/faultCode>/);
    assert.deepEqual(more, []);
  });
});
