// The SOAP 1.1 wire rules of docs/decisions.md "SOAP": paths, SOAPAction, content types, WSDL URLs, reading
// fields in any order, namespaces and qualification, header handling, faults and their language.
import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SOAP12_ENVELOPE_NS } from '../../src/bindings/soap/namespaces.ts';
import {
  LoginServiceContract,
  ParcelLifeCycleServiceContract,
  ParcelShopFinderServiceContract,
  ShipmentServiceContract,
  type ServiceContract,
} from '../../src/contract/operation-table.ts';
import { duplicate, edit, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { bodyFault, list, readSoapAnswer, type Plain, type SoapFaultAnswer } from '../support/soap-response.ts';
import { namespaces, soapRequest } from '../support/soap-request.ts';

const SHIPMENT = endpointOf('validateOrders');
/** A method name for inject, whose type lists only the common seven (TRACE is sent as given). */
const injectMethod = (method: string) => method as InjectOptions['method'];
const SHIPMENT_NS = namespaces.service(ShipmentServiceContract);

describe('SOAP protocol', () => {
  let t: TestApp;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp();
    authentication = await t.authenticate((await t.addAccount()).delisId);
  });
  after(() => t.close());

  const validate = (body: JsonObject = minimumRequest(), auth: Auth = authentication) =>
    soapRequest('validateOrders', body, { authentication: auth });
  async function call(xml: string | Buffer, options: { path?: string; headers?: Record<string, string> } = {}) {
    const response = await injectSoap(t, options.path ?? SHIPMENT, xml, options.headers);
    return {
      status: response.statusCode,
      contentType: String(response.headers['content-type']),
      answer: readSoapAnswer(response.body),
      text: response.body,
    };
  }
  async function orderResult(xml: string | Buffer, options: Parameters<typeof call>[1] = {}) {
    const { status, answer, text } = await call(xml, options);
    assert.equal(answer.kind, 'response', text);
    assert.equal(status, 200);
    return (answer.kind === 'response' ? answer.value.orderResult : undefined) as { success: string; messages?: Plain | Plain[] };
  }
  /** The fault `xml` is answered with, of any kind. */
  async function anyFault(xml: string | Buffer, options: Parameters<typeof call>[1] = {}): Promise<SoapFaultAnswer> {
    const { status, answer, text, contentType } = await call(xml, options);
    assert.equal(answer.kind, 'fault', text);
    assert.equal(status, 500);
    assert.match(contentType, /^text\/xml; charset=utf-8/);
    return (answer as { fault: SoapFaultAnswer }).fault;
  }
  /** A fault about the Body, with its detail. */
  const fault = async (xml: string | Buffer, options: Parameters<typeof call>[1] = {}) => bodyFault(await anyFault(xml, options));
  const codes = (result: { messages?: Plain | Plain[] }) => list(result.messages).map((m) => (m as { code: string }).code);

  /** A 405 SOAP fault in `c.service`'s namespace naming the methods `c.url` takes, in Allow too (HEAD: no body to read). */
  function assertMethodRefused(
    response: LightMyRequestResponse,
    c: { method: string; url: string; allow: string; service: ServiceContract },
    name: string,
  ) {
    assert.equal(response.statusCode, 405, name);
    assert.equal(response.headers.allow, c.allow, name);
    assert.match(response.headers['content-type'] as string, /^text\/xml/, name);
    if (c.method === 'HEAD') return;
    const detail = bodyFault((readSoapAnswer(response.body) as { fault: SoapFaultAnswer }).fault).detail;
    assert.equal(detail.children.faultCode, 'ERR_METHOD_NOT_ALLOWED', name);
    assert.equal(detail.children.message, `Use ${c.allow} for ${c.url.split('?')[0]}.`, name);
    assert.equal(detail.uri, namespaces.service(c.service), name);
  }
  /** A 404 SOAP fault, without Allow: the URL names nothing. */
  function assertNotFound(response: LightMyRequestResponse, name: string) {
    assert.equal(response.statusCode, 404, name);
    assert.equal(response.headers.allow, undefined, name);
    assert.match(response.headers['content-type'] as string, /^text\/xml/, name);
    assert.equal(
      bodyFault((readSoapAnswer(response.body) as { fault: SoapFaultAnswer }).fault).detail.children.faultCode,
      'ERR_NOT_FOUND',
      name,
    );
  }

  it('serves the endpoint under /soap/services, /services, /PublicApi/services and /PublicApi/soap/services, in any case, with or without a trailing slash', async () => {
    for (const path of [
      '/soap/services/ShipmentService/V3_5',
      '/services/ShipmentService/V3_5/',
      '/PublicApi/services/ShipmentService/V3_5/',
      '/PublicApi/soap/services/ShipmentService/V3_5',
      '/PublicAPI/soap/services/ShipmentService/V3_5/',
      '/SOAP/Services/shipmentservice/v3_5',
      '/publicapi/SERVICES/ShipmentService/V3_5',
    ]) {
      assert.equal((await orderResult(validate(), { path })).success, 'true', path);
    }
  });

  it('dispatches on the body element when SOAPAction is absent, empty or names its operation (another is refused: soap-strictness.test.ts)', async () => {
    const actions = [
      undefined,
      '',
      '""',
      `"${SHIPMENT_NS}/validateOrders"`,
      `${SHIPMENT_NS}/validateOrders`,
      'validateOrders',
      '"urn:carrier:validateOrders"',
      'http://other.example/ShipmentService/3.5#validateOrders',
    ];
    for (const action of actions) {
      const headers: Record<string, string> = action === undefined ? {} : { soapaction: action };
      assert.equal((await orderResult(validate(), { headers })).success, 'true', `SOAPAction ${action}`);
    }
  });

  it('accepts text/xml and application/soap+xml with any charset parameter, and refuses other types with a SOAP fault', async () => {
    for (const type of [
      'text/xml',
      'text/xml;charset=UTF-8',
      'TEXT/XML; charset="utf-8"',
      `application/soap+xml; charset=utf-8; action="${SHIPMENT_NS}/validateOrders"`,
    ]) {
      assert.equal((await orderResult(validate(), { headers: { 'content-type': type } })).success, 'true', type);
    }
    const refused = await fault(validate(), { headers: { 'content-type': 'application/json' } });
    assert.equal(refused.faultcode, 'soap:Client');
    assert.equal(refused.detail.children.faultCode, 'ERR_UNSUPPORTED_MEDIA_TYPE');
  });

  // PHP SoapClient and CXF compress requests when told to; the bytes are not XML until unpacked. As every
  // SOAP fault, an HTTP 500 (SOAP 1.1 §6.2), saying which coding is taken (Accept-Encoding, RFC 9110 §12.5.3).
  it('refuses a compressed body (Content-Encoding gzip) with a fault that says so, not as broken XML', async () => {
    const response = await injectSoap(t, SHIPMENT, gzipSync(validate()), { 'content-encoding': 'gzip' });
    assert.equal(response.statusCode, 500);
    assert.equal(response.headers['accept-encoding'], 'identity');
    const refused = bodyFault((readSoapAnswer(response.body) as { fault: SoapFaultAnswer }).fault);
    assert.equal(refused.faultcode, 'soap:Client');
    assert.equal(refused.detail.children.faultCode, 'ERR_UNSUPPORTED_MEDIA_TYPE');
    assert.match(String(refused.faultstring), /Content-Encoding gzip/);
    assert.equal((await orderResult(validate(), { headers: { 'content-encoding': 'identity' } })).success, 'true');
  });

  it('serves the WSDL at /soap/WSDL/<name>, /PublicApi/WSDL/<name> and <endpoint>?wsdl, with soap:address from a Host header naming this machine', async () => {
    for (const url of [
      '/soap/WSDL/ShipmentServiceV35.wsdl',
      '/soap/wsdl/SHIPMENTSERVICEV35.WSDL',
      '/PublicApi/WSDL/ShipmentServiceV35.wsdl',
      '/PublicAPI/WSDL/ShipmentServiceV35.wsdl',
      '/PublicApi/soap/services/ShipmentService/V3_5?wsdl',
      '/soap/services/ShipmentService/V3_5?wsdl',
      '/PublicApi/services/ShipmentService/V3_5/?WSDL',
      '/services/ShipmentService/V3_5?wsdl=',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:8443' } });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<soap:address location="http:\/\/localhost:8443\/soap\/services\/ShipmentService\/V3_5"\/>/, url);
    }
    // A loopback address, with the port a forward (a container's published port, say) reached it on.
    for (const host of ['127.0.0.5:9000', '[::1]:8080', 'LOCALHOST']) {
      const response = await t.app.inject({ method: 'GET', url: '/soap/WSDL/ShipmentServiceV35.wsdl', headers: { host } });
      assert.ok(response.body.includes(`<soap:address location="http://${host}/soap/services/ShipmentService/V3_5"/>`), host);
    }
    const login = await t.app.inject({ method: 'GET', url: '/soap/services/LoginService/V2_1?wsdl' });
    assert.match(login.body, /<wsdl:portType name="LoginServiceSoap21Soap">/);
    const missing = await t.app.inject({ method: 'GET', url: '/soap/WSDL/NoSuchServiceV10.wsdl' });
    assert.equal(missing.statusCode, 404);
    assert.equal(bodyFault((readSoapAnswer(missing.body) as { fault: SoapFaultAnswer }).fault).detail.children.faultCode, 'ERR_NOT_FOUND');
  });

  it('points soap:address at the address the request reached when its Host cannot be used or names another machine', async () => {
    const listening = await startTestApp();
    try {
      const origin = await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(origin);
      const get = (host: string) => `GET /soap/WSDL/ShipmentServiceV35.wsdl HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
      const requests = {
        'HTTP/1.0 without Host': 'GET /soap/WSDL/ShipmentServiceV35.wsdl HTTP/1.0\r\n\r\n',
        'a Host that is no host': get('carrier"><x'),
        'a Host naming another machine': get('attacker.example:8443'),
        'a Host naming a Docker Compose service': get('parcel_service:8080'),
      };
      for (const [name, raw] of Object.entries(requests)) {
        const text = await new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), '127.0.0.1');
          let out = '';
          socket.on('data', (data) => {
            out += data.toString();
          });
          socket.on('end', () => resolve(out));
          socket.on('error', reject);
          socket.write(raw);
        });
        assert.match(text, /^HTTP\/1\.1 200 /, name);
        assert.match(
          text,
          new RegExp(`<soap:address location="http://127\\.0\\.0\\.1:${port}/soap/services/ShipmentService/V3_5"/>`),
          name,
        );
      }
    } finally {
      await listening.close();
    }
  });

  it('writes PUBLIC_URL into soap:address, scheme and path prefix included, whatever the Host header says', async () => {
    const behindProxy = await startTestApp({ env: { PUBLIC_URL: 'https://parcels.example.com/carrier/' } });
    try {
      for (const host of ['localhost:8080', 'attacker.example']) {
        const response = await behindProxy.app.inject({ method: 'GET', url: '/soap/WSDL/ShipmentServiceV35.wsdl', headers: { host } });
        assert.ok(
          response.body.includes('<soap:address location="https://parcels.example.com/carrier/soap/services/ShipmentService/V3_5"/>'),
          host,
        );
      }
    } finally {
      await behindProxy.close();
    }
  });

  it('answers unknown SOAP paths and a GET of an endpoint with SOAP faults, not JSON', async () => {
    const unknown = await injectSoap(t, '/soap/services/NoSuchService/V1_0', validate());
    assert.equal(unknown.statusCode, 404);
    assert.equal(bodyFault((readSoapAnswer(unknown.body) as { fault: SoapFaultAnswer }).fault).detail.children.faultCode, 'ERR_NOT_FOUND');
    // A URL the router cannot read (bad percent-encoding) names nothing too.
    assertNotFound(await injectSoap(t, '/soap/services/Shipment%zzService/V3_5', validate()), 'bad percent-encoding');
    const get = await t.app.inject({ method: 'GET', url: SHIPMENT });
    assert.equal(get.statusCode, 405);
    assert.equal(
      bodyFault((readSoapAnswer(get.body) as { fault: SoapFaultAnswer }).fault).detail.children.faultCode,
      'ERR_METHOD_NOT_ALLOWED',
    );
  });

  it('lists the methods a URL takes in Allow: POST at an endpoint, GET and HEAD too where ?wsdl serves the WSDL, GET and HEAD at a WSDL file', async () => {
    const xml = { 'content-type': 'text/xml' };
    const json = { 'content-type': 'application/json' };
    const cases: ReadonlyArray<{
      method: string;
      url: string;
      allow: string;
      service: ServiceContract;
      headers?: Record<string, string>;
      payload?: string;
    }> = [
      { method: 'GET', url: SHIPMENT, allow: 'POST', service: ShipmentServiceContract },
      { method: 'HEAD', url: SHIPMENT, allow: 'POST', service: ShipmentServiceContract },
      { method: 'PUT', url: SHIPMENT, allow: 'POST', service: ShipmentServiceContract },
      { method: 'PUT', url: SHIPMENT, allow: 'POST', service: ShipmentServiceContract, headers: json, payload: '{}' },
      { method: 'TRACE', url: SHIPMENT, allow: 'POST', service: ShipmentServiceContract },
      { method: 'DELETE', url: '/services/ShipmentService/V3_5/', allow: 'POST', service: ShipmentServiceContract },
      { method: 'PUT', url: `${SHIPMENT}?wsdl`, allow: 'GET, HEAD, POST', service: ShipmentServiceContract },
      { method: 'OPTIONS', url: '/PublicApi/services/LoginService/V2_1?WSDL', allow: 'GET, HEAD, POST', service: LoginServiceContract },
      {
        method: 'POST',
        url: '/soap/WSDL/ShipmentServiceV35.wsdl',
        allow: 'GET, HEAD',
        service: ShipmentServiceContract,
        headers: xml,
        payload: validate(),
      },
      {
        method: 'POST',
        url: '/soap/WSDL/ShipmentServiceV35.wsdl',
        allow: 'GET, HEAD',
        service: ShipmentServiceContract,
        headers: json,
        payload: '{}',
      },
      {
        method: 'POST',
        url: '/soap/WSDL/ShipmentServiceV35.wsdl',
        allow: 'GET, HEAD',
        service: ShipmentServiceContract,
        headers: xml,
        payload: 'x'.repeat(6 * 1024 * 1024),
      },
      { method: 'POST', url: '/soap/wsdl/loginservicev21.WSDL?wsdl', allow: 'GET, HEAD', service: LoginServiceContract },
      { method: 'PUT', url: '/soap/WSDL/ParcelShopFinderServiceV50.wsdl', allow: 'GET, HEAD', service: ParcelShopFinderServiceContract },
      { method: 'DELETE', url: '/SOAP/WSDL/ParcelLifeCycleServiceV20.wsdl', allow: 'GET, HEAD', service: ParcelLifeCycleServiceContract },
      { method: 'PATCH', url: '/soap/WSDL/ShipmentServiceV35.wsdl', allow: 'GET, HEAD', service: ShipmentServiceContract },
      { method: 'OPTIONS', url: '/soap/WSDL/ShipmentServiceV35.wsdl', allow: 'GET, HEAD', service: ShipmentServiceContract },
      { method: 'TRACE', url: '/soap/WSDL/ShipmentServiceV35.wsdl', allow: 'GET, HEAD', service: ShipmentServiceContract },
    ];
    for (const c of cases) {
      const response = await t.app.inject({ method: injectMethod(c.method), url: c.url, headers: c.headers, payload: c.payload });
      assertMethodRefused(response, c, `${c.method} ${c.url} ${c.headers?.['content-type'] ?? ''}`);
    }
    for (const url of ['/soap/WSDL/ShipmentServiceV35.wsdl', '/soap/WSDL/LoginServiceV21.wsdl', '/soap/WSDL/ShipmentServiceV35.wsdl/']) {
      for (const method of ['GET', 'HEAD'] as const)
        assert.equal((await t.app.inject({ method, url })).statusCode, 200, `${method} ${url}`);
    }
    for (const url of ['/soap/services/NoSuchService/V1_0', '/soap/WSDL/NoSuchServiceV10.wsdl']) {
      for (const method of ['PUT', 'POST'] as const) {
        assertNotFound(
          await t.app.inject({ method, url, headers: { 'content-type': 'text/xml' }, payload: validate() }),
          `${method} ${url}`,
        );
        // A URL that names nothing is what is wrong, whatever body comes with it.
        assertNotFound(
          await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{}' }),
          `${method} ${url} with JSON`,
        );
      }
    }
  });

  // Fastify routes only the methods in app.supportedMethods (in Fastify 5: GET, HEAD, TRACE, DELETE,
  // OPTIONS, PATCH, PUT, POST, QUERY). The other methods Node's HTTP parser reads (http.METHODS:
  // PROPFIND, MKCOL, PURGE, M-SEARCH, …) match no route and reach only the app's not-found handler.
  // Two kinds never reach Fastify's router and are left as they are answered: CONNECT, which Node hands
  // to the server's 'connect' event (nobody listens, so Node closes the socket), and a method outside
  // http.METHODS (`FOO`), which Node's parser refuses before a request exists, perhaps before the URL
  // has arrived (server/http/client-error.ts answers 400 in the REST error shape and closes the connection).
  it('answers a method Fastify routes nowhere (PROPFIND, MKCOL, …) as any method a SOAP URL does not take: 405 with Allow, or 404', async () => {
    const unrouted = METHODS.filter((method) => method !== 'CONNECT' && !t.app.supportedMethods.includes(method));
    assert.ok(unrouted.includes('PROPFIND') && unrouted.includes('MKCOL'), unrouted.join(' '));
    const cases: ReadonlyArray<{ url: string; allow: string; service: ServiceContract }> = [
      { url: SHIPMENT, allow: 'POST', service: ShipmentServiceContract },
      { url: '/PublicApi/services/LoginService/V2_1?WSDL', allow: 'GET, HEAD, POST', service: LoginServiceContract },
      { url: '/soap/WSDL/ParcelShopFinderServiceV50.wsdl', allow: 'GET, HEAD', service: ParcelShopFinderServiceContract },
      { url: '/SOAP/wsdl/ParcelLifeCycleServiceV20.WSDL/', allow: 'GET, HEAD', service: ParcelLifeCycleServiceContract },
    ];
    for (const method of unrouted) {
      for (const c of cases) {
        // A SOAP call's body comes with it: the method is refused whatever the body.
        const response = await t.app.inject({
          method: injectMethod(method),
          url: c.url,
          headers: { 'content-type': 'text/xml' },
          payload: validate(),
        });
        assertMethodRefused(response, { method, ...c }, `${method} ${c.url}`);
      }
      for (const url of ['/soap/services/NoSuchService/V1_0', '/soap/WSDL/NoSuchServiceV10.wsdl']) {
        assertNotFound(await t.app.inject({ method: injectMethod(method), url }), `${method} ${url}`);
      }
    }
  });

  it('reads fields in any order', async () => {
    const reversed = validate()
      .replace(
        /<order>([\s\S]*)<\/order>/,
        (_, inner: string) =>
          `<order>${inner
            .split(/(?=<generalShipmentData>|<parcels>|<productAndServiceData>)/)
            .reverse()
            .join('')}</order>`,
      )
      .replace(
        /<printOptions><printerLanguage>PDF<\/printerLanguage><paperFormat>A6<\/paperFormat><\/printOptions>(<order>[\s\S]*<\/order>)/,
        '$1<printOptions><paperFormat>A6</paperFormat><printerLanguage>PDF</printerLanguage></printOptions>',
      );
    assert.match(reversed, /<order><productAndServiceData>/);
    assert.match(reversed, /<\/order><printOptions><paperFormat>/);
    assert.equal((await orderResult(reversed)).success, 'true');
  });

  it('keeps leading zeros: text stays text until the contract reads it', async () => {
    const request = edit(
      minimumRequest(),
      set('order[0].generalShipmentData.sendingDepot', '0522'),
      set('order[0].parcels[0].volume', '000000001'),
    );
    assert.equal((await orderResult(validate(request))).success, 'true');
    const tenDigits = await orderResult(validate(edit(minimumRequest(), set('order[0].parcels[0].volume', '0100200300'))));
    assert.deepEqual(codes(tenDigits), ['error_invalid_volume']);
  });

  it('reports an unknown element with its path, in validateOrders messages and as a storeOrders fault', async () => {
    const request = edit(minimumRequest(), duplicate('order[0].parcels[0]'), set('order[0].parcels[1].foo', 'x'));
    const result = await orderResult(validate(request));
    assert.deepEqual(list(result.messages), [
      { detail: 'order[0].parcels[1].foo is not a field of this request.', code: 'error_unknown_field' },
    ]);
    const stored = await fault(soapRequest('storeOrders', request, { authentication }));
    assert.equal(stored.faultcode, 'soap:Client');
    assert.deepEqual(stored.detail.children, {
      faultCode: 'error_unknown_field',
      message: 'order[0].parcels[1].foo is not a field of this request.',
    });
  });

  it('reports a single field given twice, and reads xsi:nil as absent', async () => {
    const twice = validate().replace('<weight>500</weight>', '<weight>500</weight><weight>600</weight>');
    assert.deepEqual(list((await orderResult(twice)).messages), [
      { detail: 'order[0].parcels[0].weight must be given once.', code: 'error_invalid_type' },
    ]);
    const nil = validate().replace(
      '<customerReferenceNumber2>ORDER-4711</customerReferenceNumber2>',
      '<customerReferenceNumber2 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/>',
    );
    assert.equal((await orderResult(nil)).success, 'true');
  });

  it('reports text beside child elements, but not XML white space between them', async () => {
    const spaced = validate().replace('<weight>500</weight>', ' \n\t<weight>500</weight>\r\n ');
    assert.equal((await orderResult(spaced)).success, 'true');
    // XML Schema's element-only content allows only space, tab, CR and LF between elements; a no-break space is text.
    const noBreak = validate().replace('<weight>500</weight>', '<weight>500</weight>\u00a0');
    assert.deepEqual(list((await orderResult(noBreak)).messages), [
      { detail: 'order[0].parcels[0] must be elements without text between them.', code: 'error_invalid_type' },
    ]);
  });

  it('writes caller text safely: markup in echoed values is escaped', async () => {
    const result = await orderResult(validate(edit(minimumRequest(), set('order[0].generalShipmentData.product', 'X&<Y>"'))));
    assert.match((list(result.messages)[0] as { detail: string }).detail, /X&<Y>" is not a product/);
  });

  it('refuses a body element in the wrong namespace, or children qualified against the schema, naming the problem', async () => {
    const wrong = await fault(
      soapRequest('validateOrders', minimumRequest(), { authentication, bodyNamespace: 'http://example.com/other' }),
    );
    assert.equal(wrong.detail.children.faultCode, 'ERR_INVALID_ENVELOPE');
    assert.match(wrong.faultstring, new RegExp(`must be in namespace ${SHIPMENT_NS.replace(/\./g, '\\.')}, not http://example.com/other`));
    const qualified = validate()
      .replace(`<ns:validateOrders xmlns:ns="${SHIPMENT_NS}">`, `<validateOrders xmlns="${SHIPMENT_NS}">`)
      .replace('</ns:validateOrders>', '</validateOrders>');
    const refused = await fault(qualified);
    assert.match(
      refused.faultstring,
      /printOptions is in namespace .*ShipmentService\/3\.5, but the elements inside validateOrders are unqualified/,
    );
  });

  it('names the operations when the body element is not one', async () => {
    const refused = await fault(validate().replace(/ns:validateOrders/g, 'ns:checkOrders'));
    assert.match(
      refused.faultstring,
      /checkOrders is not an operation of ShipmentService V3_5; the body holds one of storeOrders, validateOrders/,
    );
    // Once the header is read, the reason comes in the caller's language.
    const dutch = { ...authentication, messageLanguage: 'nl_NL' };
    const inDutch = await fault(validate(minimumRequest(), dutch).replace(/ns:validateOrders/g, 'ns:checkOrders'));
    assert.match(
      inDutch.faultstring,
      /^De envelop van het verzoek is niet geldig: checkOrders is geen operatie van ShipmentService V3_5; de body bevat een van storeOrders, validateOrders/,
    );
  });

  it('answers authentication header problems with an authenticationFault in {auth_ns}', async () => {
    const cases: ReadonlyArray<[string, string, RegExp]> = [
      ['missing header', soapRequest('validateOrders', minimumRequest()), /the SOAP header element authentication is required/],
      [
        'header in another namespace',
        validate().replace(`xmlns:auth="${namespaces.authentication}"`, 'xmlns:auth="http://example.com/auth"'),
        /must be in namespace .*Authentication\/2\.0/,
      ],
      ['delisId too short', validate(minimumRequest(), { ...authentication, delisId: 'KD1' }), /authentication\.delisId is shorter than 8/],
      [
        'messageLanguage not ll_CC',
        validate(minimumRequest(), { ...authentication, messageLanguage: 'de-DE' }),
        /authentication\.messageLanguage must contain a language and a country as ll_CC/,
      ],
      [
        'unknown header field',
        validate().replace('<messageLanguage>', '<role>admin</role><messageLanguage>'),
        /authentication\.role is not a field/,
      ],
    ];
    for (const [name, xml, message] of cases) {
      const refused = await fault(xml);
      assert.equal(refused.faultcode, 'soap:Client', name);
      assert.equal(refused.detail.local, 'authenticationFault', name);
      assert.equal(refused.detail.uri, namespaces.authentication, name);
      assert.deepEqual(refused.detail.childUris, ['', ''], name);
      assert.equal(refused.detail.children.errorCode, 'DELICOM_ERR_AUTHENTICATION', name);
      assert.match(refused.detail.children.errorMessage, message, name);
    }
  });

  it('ignores header entries it does not know, unless they must be understood', async () => {
    const extra = validate().replace(
      '<soapenv:Header>',
      '<soapenv:Header><wsa:Action xmlns:wsa="http://www.w3.org/2005/08/addressing">x</wsa:Action>',
    );
    assert.equal((await orderResult(extra)).success, 'true');
    const must = validate().replace(
      '<soapenv:Header>',
      '<soapenv:Header><sec:Security xmlns:sec="urn:security" soapenv:mustUnderstand="1"/>',
    );
    const mustUnderstand = await anyFault(must);
    assert.equal(mustUnderstand.faultcode, 'soap:MustUnderstand');
    // SOAP 1.1 §4.4: no detail for a fault about a header entry.
    assert.equal(mustUnderstand.detail, undefined);
    assert.match(mustUnderstand.faultstring, /Security/);
    // SOAP 1.1 §4.2.2: an entry for another actor is not ours to understand; one for the next actor is.
    const forOther = validate().replace(
      '<soapenv:Header>',
      '<soapenv:Header><sec:Security xmlns:sec="urn:security" soapenv:actor="http://gateway.example/signer" soapenv:mustUnderstand="1"/>',
    );
    assert.equal((await orderResult(forOther)).success, 'true');
    const forNext = validate().replace(
      '<soapenv:Header>',
      '<soapenv:Header><sec:Security xmlns:sec="urn:security" soapenv:actor="http://schemas.xmlsoap.org/soap/actor/next" soapenv:mustUnderstand="1"/>',
    );
    assert.equal((await anyFault(forNext)).faultcode, 'soap:MustUnderstand');
  });

  it('answers a SOAP 1.2 envelope with VersionMismatch', async () => {
    const soap12 = validate().replace('http://schemas.xmlsoap.org/soap/envelope/', SOAP12_ENVELOPE_NS);
    const refused = await anyFault(soap12);
    assert.equal(refused.faultcode, 'soap:VersionMismatch');
    assert.equal(refused.detail, undefined);
  });

  it('writes the faultstring in the caller language', async () => {
    const dutch = await t.authenticate(authentication.delisId, 'nl_NL');
    const refused = await fault(
      soapRequest('storeOrders', edit(minimumRequest(), set('order[0].parcels[0].weight', 4000)), { authentication: dutch }),
    );
    assert.match(refused.faultstring, /overschrijdt het maximaal toegestane gewicht/);
    assert.equal(refused.detail.children.faultCode, 'error_parcel_exceeds_maximum_allowed_weight');
  });

  it('reads CDATA, a byte order mark and a declared Latin-1 charset', async () => {
    const cdata = validate().replace('<city>Rotterdam</city>', '<city><![CDATA[Rotterdam]]></city>');
    assert.equal((await orderResult(cdata)).success, 'true');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(validate())]);
    assert.equal((await orderResult(bom)).success, 'true');
    const latin1 = Buffer.from(validate().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace('Rotterdam', 'Rötterdam'), 'latin1');
    assert.equal((await orderResult(latin1, { headers: { 'content-type': 'text/xml' } })).success, 'true');
  });

  it('reads UTF-16 in the byte order its byte order mark gives, whatever the charset parameter names', async () => {
    const text = validate().replace('encoding="UTF-8"', 'encoding="UTF-16"').replace('Rotterdam', 'Rötterdam');
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const bigEndian = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    // Java's "UTF-16" writes big-endian with a mark, .NET's Encoding.Unicode little-endian with one.
    for (const [name, bytes] of [
      ['big-endian', bigEndian],
      ['little-endian', littleEndian],
    ] as const) {
      for (const type of ['text/xml; charset=utf-16', 'text/xml; charset="UTF-16"', 'text/xml']) {
        assert.equal((await orderResult(bytes, { headers: { 'content-type': type } })).success, 'true', `${name}, ${type}`);
      }
    }
    // A UTF-8 mark outweighs a charset parameter that names another charset.
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(validate().replace('Rotterdam', 'Rötterdam'))]);
    assert.equal((await orderResult(utf8, { headers: { 'content-type': 'text/xml; charset=ISO-8859-1' } })).success, 'true');
  });

  it('refuses bytes that are not valid in the charset, and charsets it does not know', async () => {
    const broken = Buffer.concat([Buffer.from(validate().slice(0, 200)), Buffer.from([0xc3, 0x28]), Buffer.from(validate().slice(200))]);
    assert.match((await fault(broken)).faultstring, /The request body is not valid XML: the body is not valid utf-8/);
    const unknown = await fault(validate(), { headers: { 'content-type': 'text/xml; charset=klingon-1' } });
    assert.match(unknown.faultstring, /the charset klingon-1 is not supported; send UTF-8/);
  });

  it('answers an internal error with soap:Server and a reference, never a stack trace', async () => {
    const failing = await startTestApp({
      repositories: (store) => ({
        ...store,
        accounts: {
          ...store.accounts,
          findAccount: () => {
            throw new Error('database exploded at /secret/path');
          },
        },
      }),
    });
    try {
      const response = await injectSoap(failing, SHIPMENT, validate());
      assert.equal(response.statusCode, 500);
      const refused = bodyFault((readSoapAnswer(response.body) as { fault: SoapFaultAnswer }).fault);
      assert.equal(refused.faultcode, 'soap:Server');
      assert.equal(refused.detail.children.faultCode, 'ERR_INTERNAL');
      assert.doesNotMatch(response.body, /exploded|secret|at .*\.ts/);
    } finally {
      await failing.close();
    }
  });
});
