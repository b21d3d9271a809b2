// Hostile input over a real socket: entity expansion, external entities, deep nesting, element
// floods, a 50 MB body, wrong namespaces, empty and non-XML bodies. Each gets a SOAP fault in
// bounded time, without the server buffering what it refuses, and the server answers a normal
// request afterwards.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { endpointOf, fetchSoap, SOAP_CONTENT_TYPE } from '../support/soap-client.ts';
import { bodyFault, readSoapAnswer, type SoapFaultAnswer } from '../support/soap-response.ts';
import { soapRequest } from '../support/soap-request.ts';

const ENDPOINT = endpointOf('validateOrders');
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
/**
 * A bound against unbounded work (entity expansion, quadratic parsing of floods), not a speed goal:
 * each case is refused in milliseconds, and the work bounded attacks force would take minutes, so
 * the bound is generous enough for a machine under heavy load (2 s failed there once).
 */
const TIME_LIMIT_MS = 15_000;

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('\n ')}
]>
<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body><lolz>&lol9;</lolz></soapenv:Body></soapenv:Envelope>`;

const externalEntity = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body><x>&xxe;</x></soapenv:Body></soapenv:Envelope>`;

/** Each case: a body, and what the fault must say. */
const cases: ReadonlyArray<{ name: string; body: () => string; code: string; reason: RegExp; faultcode?: string }> = [
  {
    name: 'a DOCTYPE with nested entities ("billion laughs")',
    body: () => billionLaughs,
    code: 'ERR_MALFORMED_REQUEST',
    reason: /DOCTYPE declaration is not allowed/,
  },
  { name: 'an external entity', body: () => externalEntity, code: 'ERR_MALFORMED_REQUEST', reason: /DOCTYPE declaration is not allowed/ },
  {
    name: 'an entity reference without declaration',
    body: () => `<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body>&xxe;</soapenv:Body></soapenv:Envelope>`,
    code: 'ERR_MALFORMED_REQUEST',
    reason: /undefined entity/,
  },
  {
    name: 'a processing instruction',
    body: () => `<?xml version="1.0"?><?xml-stylesheet href="x"?><soapenv:Envelope xmlns:soapenv="${SOAP11}"/>`,
    code: 'ERR_MALFORMED_REQUEST',
    reason: /processing instruction/,
  },
  {
    name: '100,000 nested elements',
    body: () =>
      `<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</soapenv:Body></soapenv:Envelope>`,
    code: 'ERR_MALFORMED_REQUEST',
    reason: /nested deeper than 64 levels/,
  },
  {
    name: '300,000 sibling elements',
    body: () =>
      `<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body><a>${'<b/>'.repeat(300_000)}</a></soapenv:Body></soapenv:Envelope>`,
    code: 'ERR_MALFORMED_REQUEST',
    reason: /more than 200000 elements/,
  },
  {
    name: '100,000 attributes on one element',
    body: () =>
      `<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body><a ${Array.from({ length: 100_000 }, (_, i) => `a${i}="1"`).join(' ')}/></soapenv:Body></soapenv:Envelope>`,
    code: 'ERR_MALFORMED_REQUEST',
    reason: /<a> has more than 64 attributes/,
  },
  {
    name: '100,000 namespace declarations on one element',
    body: () =>
      `<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body><a ${Array.from({ length: 100_000 }, (_, i) => `xmlns:p${i}="urn:p"`).join(' ')}/></soapenv:Body></soapenv:Envelope>`,
    code: 'ERR_MALFORMED_REQUEST',
    reason: /<a> has more than 64 attributes/,
  },
  {
    name: 'an envelope in no namespace',
    body: () => '<Envelope><Body/></Envelope>',
    code: 'ERR_INVALID_ENVELOPE',
    reason: /an Envelope in no namespace was sent; this service speaks SOAP 1\.1/,
    faultcode: 'soap:VersionMismatch',
  },
  {
    name: 'a root that is not an envelope',
    body: () => '<storeOrders/>',
    code: 'ERR_INVALID_ENVELOPE',
    reason: /the root element is storeOrders, not a SOAP 1\.1 Envelope/,
  },
  {
    name: 'an envelope without body',
    body: () => `<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Header/></soapenv:Envelope>`,
    code: 'ERR_INVALID_ENVELOPE',
    reason: /must hold an optional soap:Header and then a soap:Body/,
  },
  {
    name: 'an empty soap:Body',
    body: () => `<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body/></soapenv:Envelope>`,
    code: 'ERR_INVALID_ENVELOPE',
    reason: /soap:Body is empty/,
  },
  {
    name: 'an unbound prefix',
    body: () => `<soapenv:Envelope xmlns:soapenv="${SOAP11}"><soapenv:Body><x:op/></soapenv:Body></soapenv:Envelope>`,
    code: 'ERR_MALFORMED_REQUEST',
    reason: /prefix/,
  },
  { name: 'an empty body', body: () => '', code: 'ERR_MALFORMED_REQUEST', reason: /the body is empty/ },
  { name: 'a non-XML body', body: () => 'hello, is this SOAP?', code: 'ERR_MALFORMED_REQUEST', reason: /not valid XML/ },
  {
    name: 'JSON sent as text/xml',
    body: () => JSON.stringify({ validateOrders: minimumRequest() }),
    code: 'ERR_MALFORMED_REQUEST',
    reason: /not valid XML/,
  },
  {
    name: 'a truncated message',
    body: () => soapRequest('validateOrders', minimumRequest()).slice(0, 300),
    code: 'ERR_MALFORMED_REQUEST',
    reason: /not valid XML/,
  },
];

/** POSTs `total` bytes of filler XML in 1 MB chunks, stopping as soon as the server answers. */
/**
 * The answer, or `reset` when the connection was reset while the client still sent: Node closes a
 * connection whose body it refused, and a reset can overtake the answer in flight (TCP drops what
 * the client has not read yet). That too is a refusal, never a body read to its end.
 */
type HugeAnswer = { status: number; text: string; sent: number } | { reset: string; sent: number };

function postHuge(origin: string, total: number, chunked: boolean): Promise<HugeAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(ENDPOINT, origin);
    const headers: Record<string, string | number> = { 'content-type': SOAP_CONTENT_TYPE };
    if (!chunked) headers['content-length'] = total;
    const request = httpRequest(url, { method: 'POST', headers });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(1024 * 1024, '<a>');
    request.on('response', (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8'), sent });
        request.destroy();
      });
    });
    // The server may close the connection once it has answered: that is expected, not a failure.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ reset: error.code, sent });
      else reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe('hostile SOAP input', () => {
  let t: TestApp;
  let origin: string;
  let valid: string;
  before(async () => {
    t = await startTestApp();
    const authentication = await t.authenticate((await t.addAccount()).delisId);
    valid = soapRequest('validateOrders', minimumRequest(), { authentication });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => t.close());

  async function assertStillServing() {
    const { status, text } = await fetchSoap(origin, ENDPOINT, valid);
    assert.equal(status, 200, text);
    assert.match(text, /<success>true<\/success>/);
  }

  for (const hostile of cases) {
    it(`refuses ${hostile.name} with a SOAP fault, quickly, and keeps serving`, async () => {
      const started = performance.now();
      const { status, text } = await fetchSoap(origin, ENDPOINT, hostile.body());
      assert.ok(performance.now() - started < TIME_LIMIT_MS, `took ${performance.now() - started} ms`);
      assert.equal(status, 500);
      const answer = readSoapAnswer(text);
      assert.equal(answer.kind, 'fault', text);
      const fault = (answer as { fault: SoapFaultAnswer }).fault;
      assert.equal(fault.faultcode, hostile.faultcode ?? 'soap:Client');
      // A VersionMismatch fault carries no detail (SOAP 1.1 §4.4); the others name the code.
      if (fault.faultcode !== 'soap:VersionMismatch') assert.equal(fault.detail?.children.faultCode, hostile.code);
      assert.match(fault.faultstring, hostile.reason);
      await assertStillServing();
    });
  }

  for (const chunked of [false, true]) {
    it(`refuses a 50 MB body (${chunked ? 'chunked' : 'with Content-Length'}) without reading all of it`, async () => {
      const total = 50 * 1024 * 1024;
      const started = performance.now();
      const answer = await postHuge(origin, total, chunked);
      assert.ok(performance.now() - started < 10_000, `took ${performance.now() - started} ms`);
      assert.ok(answer.sent < total, 'the server answered only after the whole body was sent');
      // With a Content-Length the server refuses before reading anything: the answer always arrives.
      if ('reset' in answer && chunked) return assertStillServing();
      assert.ok('status' in answer, `connection ${'reset' in answer ? answer.reset : ''} before the answer`);
      assert.equal(answer.status, 500);
      const fault = bodyFault((readSoapAnswer(answer.text) as { fault: SoapFaultAnswer }).fault);
      assert.equal(fault.detail.children.faultCode, 'ERR_BODY_TOO_LARGE');
      await assertStillServing();
    });
  }
});
