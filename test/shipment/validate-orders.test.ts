// validateOrders over REST: the answer shapes of the spec and docs/decisions.md "REST", authentication on every call,
// and the error shape of requests that cannot be processed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { readParcelShopFile } from '../../src/cli/parcel-shop-file.ts';
import { operationList } from '../../src/contract/operation-table.ts';
import {
  collectionRequest,
  edit,
  invoiceLine,
  merge,
  minimumRequest,
  pickupRequest,
  set,
  shopDeliveryRequest,
  ukRequest,
  type JsonObject,
} from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH, SHIPMENT_SERVICE, type Auth } from '../support/rest.ts';
import { TestClock } from '../support/test-clock.ts';

const VALIDATE = REST_PATH.validateOrders;
const OK = { type: 'OK', code: '200', message: 'valid' };

describe('validateOrders (REST)', () => {
  let t: TestApp;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp();
    authentication = await t.authenticate((await t.addAccount()).delisId);
  });
  after(() => t.close());

  it('accepts the spec minimum request: success, no messages, status OK', async () => {
    const response = await t.post(VALIDATE, { authentication, validateOrders: minimumRequest() });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { orderResult: { success: true, messages: [] }, status: OK });
  });

  it('takes the body under storeOrders too (docs/decisions.md "Where the specification is silent": "the same JSON, only the path differs")', async () => {
    const response = await t.post(VALIDATE, { authentication, storeOrders: minimumRequest() });
    assert.deepEqual(response.json().orderResult, { success: true, messages: [] });
  });

  it('lists every error with detail and code, status still OK', async () => {
    const request = edit(
      minimumRequest(),
      set('order[0].parcels[0].weight', 4000),
      set('order[0].generalShipmentData.recipient.zipCode', 'ABCDEFG'),
      set('order[0].generalShipmentData.recipient.email', 'not-an-address'),
    );
    const response = await t.post(VALIDATE, { authentication, validateOrders: request });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.deepEqual(body.status, OK);
    assert.equal(body.orderResult.success, false);
    assert.deepEqual(body.orderResult.messages.map((m: { code: string }) => m.code).sort(), [
      'error_incorrect_email_address',
      'error_invalid_dest_zip',
      'error_parcel_exceeds_maximum_allowed_weight',
    ]);
    const weight = body.orderResult.messages.find((m: { code: string }) => m.code === 'error_parcel_exceeds_maximum_allowed_weight');
    assert.match(weight.detail, /^order\[0\]\.parcels\[0\]\.weight exceeds the maximum allowed weight of 3150/);
  });

  it('writes messages in Dutch for nl_NL', async () => {
    const dutch = await t.authenticate(authentication.delisId, 'nl_NL');
    const request = edit(minimumRequest(), set('order[0].parcels[0].weight', 4000));
    const body = (await t.post(VALIDATE, { authentication: dutch, validateOrders: request })).json();
    assert.match(body.orderResult.messages[0].detail, /overschrijdt het maximaal toegestane gewicht/);
  });

  it('takes NL→GR without international: Greece is inside the EU customs territory', async () => {
    const request = edit(
      minimumRequest(),
      merge('order[0].generalShipmentData.sender', { houseNo: '1' }),
      merge('order[0].generalShipmentData.recipient', { country: 'GR', zipCode: '10557', city: 'Athina', houseNo: '3' }),
    );
    const body = (await t.post(VALIDATE, { authentication, validateOrders: request })).json();
    assert.deepEqual(body.orderResult, { success: true, messages: [] });
  });

  it('asks for international when a collection request collects in CH for NL→NL', async () => {
    const request = edit(
      collectionRequest(),
      merge('order[0].generalShipmentData.recipient', { houseNo: '40' }),
      merge('order[0].productAndServiceData.pickup.collectionRequestAddress', { country: 'CH', zipCode: '8001', city: 'Zürich' }),
    );
    const body = (await t.post(VALIDATE, { authentication, validateOrders: request })).json();
    assert.deepEqual(
      body.orderResult.messages.map((m: { code: string }) => m.code),
      ['error_international_required'],
    );
    assert.match(body.orderResult.messages[0].detail, /^order\[0\]\.parcels\[0\]\.international is required: the shipment from CH to NL/);
  });

  it('counts required texts of only blanks or invisible characters as missing', async () => {
    const request = edit(
      minimumRequest(),
      set('order[0].generalShipmentData.sender.name1', '   '),
      set('order[0].generalShipmentData.recipient.street', '\u00a0'),
      set('order[0].generalShipmentData.recipient.city', '\u200b'),
    );
    const body = (await t.post(VALIDATE, { authentication, validateOrders: request })).json();
    assert.deepEqual(
      body.orderResult.messages.map((m: { code: string; detail: string }) => [m.code, m.detail]),
      [
        ['error_missing_field', 'order[0].generalShipmentData.sender.name1 is required.'],
        ['error_missing_field', 'order[0].generalShipmentData.recipient.street is required.'],
        ['error_missing_field', 'order[0].generalShipmentData.recipient.city is required.'],
      ],
    );
  });

  it('takes personalDelivery and delivery over REST', async () => {
    const request = edit(
      minimumRequest(),
      merge('order[0].productAndServiceData', {
        personalDelivery: { type: 1, floor: '3', name: 'P. Jansen', phone: '0612345678' },
        delivery: { day: 'Tuesday', dateFrom: 20261124, dateTo: 20261124, timeFrom: 900, timeTo: 1200 },
      }),
    );
    const body = (await t.post(VALIDATE, { authentication, validateOrders: request })).json();
    assert.deepEqual(body.orderResult, { success: true, messages: [] });
  });

  it('judges UK goods in USD by their GBP conversion, and refuses USD converted to USD', async () => {
    const intl = 'order[0].parcels[0].international';
    const lines = (amount: number) => [invoiceLine(150, amount - 2000), invoiceLine(100, 2000)];
    const converted = edit(
      ukRequest(),
      merge(intl, { customsAmount: 17000, customsCurrency: 'USD', customsAmountEx: 13500, customsCurrencyEx: 'GBP' }),
      set(`${intl}.commercialInvoiceLine`, lines(17000)),
    );
    const codes = async (request: JsonObject) =>
      (await t.post(VALIDATE, { authentication, validateOrders: request }))
        .json()
        .orderResult.messages.map((m: { code: string }) => m.code);
    assert.deepEqual(await codes(converted), ['error_destination_country_registration_required', 'error_comment2_required']);
    assert.deepEqual(await codes(edit(converted, set(`${intl}.customsCurrencyEx`, 'USD'))), ['error_uk_currency_without_threshold']);
  });

  it('refuses XK (Kosovo, user-assigned) as a country, like any code ISO 3166-1 does not assign', async () => {
    const request = edit(
      minimumRequest(),
      merge('order[0].generalShipmentData.recipient', { country: 'XK', zipCode: '10000', city: 'Prishtinë' }),
    );
    const body = (await t.post(VALIDATE, { authentication, validateOrders: request })).json();
    assert.deepEqual(
      body.orderResult.messages.map((m: { code: string }) => m.code),
      ['error_invalid_country'],
    );
  });

  it("refuses a sending depot that is not the account's", async () => {
    const request = edit(minimumRequest(), set('order[0].generalShipmentData.sendingDepot', '0999'));
    const body = (await t.post(VALIDATE, { authentication, validateOrders: request })).json();
    assert.deepEqual(
      body.orderResult.messages.map((m: { code: string }) => m.code),
      ['error_sending_depot_not_allowed'],
    );
  });

  it('answers a request with a problem every few bytes with at most 1,000 messages, not one per problem', async () => {
    // Unknown keys, empty parcels and parcels a rule refuses: each would be a message of ~90 bytes. (An
    // order's list of parcels is read up to 1,000 parcels; a longer one is refused as a whole, unread.)
    const unknownKeys = minimumRequest();
    Object.assign((unknownKeys.order as JsonObject[])[0], Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 0])));
    const emptyParcels = edit(
      minimumRequest(),
      set(
        'order[0].parcels',
        Array.from({ length: 1000 }, () => ({})),
      ),
    );
    const heavyParcels = edit(
      minimumRequest(),
      set(
        'order[0].parcels',
        Array.from({ length: 1000 }, () => ({ weight: 4000 })),
      ),
    );
    for (const request of [unknownKeys, emptyParcels, heavyParcels]) {
      const response = await t.post(VALIDATE, { authentication, validateOrders: request });
      assert.equal(response.statusCode, 200);
      const { orderResult } = response.json();
      assert.equal(orderResult.success, false);
      assert.equal(orderResult.messages.length, 1000);
    }
  });
});

describe('validateOrders (REST) with the sample parcel-shop directory', () => {
  let t: TestApp;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp();
    authentication = await t.authenticate((await t.addAccount()).delisId);
    const sample = await readParcelShopFile(new URL('../../docs/parcel-shops.sample.json', import.meta.url).pathname);
    if (!sample.ok) throw new Error(sample.problems.join('\n'));
    await t.store.parcelShops.saveParcelShops(sample.shops);
  });
  after(() => t.close());

  const toShop = (parcelShopId: string) =>
    edit(shopDeliveryRequest(), set('order[0].productAndServiceData.parcelShopDelivery.parcelShopId', parcelShopId));

  it('takes a PSD order to a shop that offers parcelShopDelivery', async () => {
    const body = (await t.post(VALIDATE, { authentication, validateOrders: toShop('100000001') })).json();
    assert.deepEqual(body.orderResult, { success: true, messages: [] });
  });

  it('refuses a PSD order to shop 100000004, which takes only drop-offs and returns', async () => {
    const body = (await t.post(VALIDATE, { authentication, validateOrders: toShop('100000004') })).json();
    assert.deepEqual(
      body.orderResult.messages.map((m: { code: string }) => m.code),
      ['error_parcel_shop_no_delivery'],
    );
    assert.match(
      body.orderResult.messages[0].detail,
      /^order\[0\]\.productAndServiceData\.parcelShopDelivery\.parcelShopId 100000004 does not take parcel deliveries/,
    );
  });
});

describe('validateOrders (REST) on a Saturday', () => {
  let t: TestApp;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp({ clock: new TestClock('2026-11-28T09:00:00.000Z') });
    authentication = await t.authenticate((await t.addAccount()).delisId);
  });
  after(() => t.close());

  it('names Monday, not today, as the earliest date of a pickup dated in the past', async () => {
    const body = (await t.post(VALIDATE, { authentication, validateOrders: pickupRequest(20261127) })).json();
    assert.deepEqual(body.orderResult.messages, [
      {
        code: 'error_pickup_date_in_past',
        detail: 'order[0].productAndServiceData.pickup.date 20261127 is in the past; the earliest pickup date is 20261130.',
      },
    ]);
  });
});

describe('requests that cannot be processed (REST)', () => {
  let t: TestApp;
  let authentication: Auth;
  let other: Auth;
  before(async () => {
    t = await startTestApp();
    authentication = await t.authenticate((await t.addAccount()).delisId);
    other = await t.authenticate((await t.addAccount()).delisId);
  });
  after(() => t.close());

  const cases: ReadonlyArray<{
    name: string;
    request: () => Promise<LightMyRequestResponse>;
    status: number;
    type: string;
    code: string;
    message?: RegExp;
  }> = [
    {
      name: 'malformed JSON',
      request: () => t.post(VALIDATE, '{"authentication": {'),
      status: 400,
      type: 'FaultCodeType',
      code: 'ERR_MALFORMED_REQUEST',
      message: /not valid JSON/,
    },
    { name: 'empty body', request: () => t.post(VALIDATE, ''), status: 400, type: 'FaultCodeType', code: 'ERR_MALFORMED_REQUEST' },
    { name: 'a JSON array', request: () => t.post(VALIDATE, '[]'), status: 400, type: 'FaultCodeType', code: 'ERR_INVALID_ENVELOPE' },
    {
      name: 'missing authentication',
      request: () => t.post(VALIDATE, { validateOrders: minimumRequest() }),
      status: 400,
      type: 'FaultCodeType',
      code: 'ERR_INVALID_ENVELOPE',
      message: /"authentication" is missing/,
    },
    {
      name: 'missing operation object',
      request: () => t.post(VALIDATE, { authentication }),
      status: 400,
      type: 'FaultCodeType',
      code: 'ERR_INVALID_ENVELOPE',
      message: /"validateOrders" is missing/,
    },
    {
      name: 'an extra envelope object',
      request: () => t.post(VALIDATE, { authentication, validateOrders: minimumRequest(), exportOrders: {} }),
      status: 400,
      type: 'FaultCodeType',
      code: 'ERR_INVALID_ENVELOPE',
      message: /unexpected "exportOrders"/,
    },
    {
      name: 'both names of the operation object',
      request: () => t.post(VALIDATE, { authentication, validateOrders: minimumRequest(), storeOrders: minimumRequest() }),
      status: 400,
      type: 'FaultCodeType',
      code: 'ERR_INVALID_ENVELOPE',
    },
    {
      name: 'the wrong content type',
      request: () =>
        t.post(VALIDATE, JSON.stringify({ authentication, validateOrders: minimumRequest() }), { 'content-type': 'text/plain' }),
      status: 415,
      type: 'FaultCodeType',
      code: 'ERR_UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'a body over the limit',
      request: () => t.post(VALIDATE, { authentication, validateOrders: minimumRequest(), pad: 'x'.repeat(6 * 1024 * 1024) }),
      status: 413,
      type: 'FaultCodeType',
      code: 'ERR_BODY_TOO_LARGE',
    },
    {
      name: 'a malformed token',
      request: () => t.post(VALIDATE, { authentication: { ...authentication, authToken: 'short' }, validateOrders: minimumRequest() }),
      status: 401,
      type: 'AuthenticationFault',
      code: 'DELICOM_ERR_AUTHENTICATION',
    },
    {
      name: 'an unknown token',
      request: () =>
        t.post(VALIDATE, { authentication: { ...authentication, authToken: 'A'.repeat(43) }, validateOrders: minimumRequest() }),
      status: 401,
      type: 'AuthenticationFault',
      code: 'ERR_DELICOM_TOKEN_INCORRECT',
    },
    {
      name: "another account's token",
      request: () =>
        t.post(VALIDATE, { authentication: { ...authentication, authToken: other.authToken }, validateOrders: minimumRequest() }),
      status: 401,
      type: 'AuthenticationFault',
      code: 'ERR_DELICOM_TOKEN_INCORRECT',
    },
    {
      name: 'a messageLanguage that is not ll_CC',
      request: () =>
        t.post(VALIDATE, { authentication: { ...authentication, messageLanguage: 'fr-FR' }, validateOrders: minimumRequest() }),
      status: 401,
      type: 'AuthenticationFault',
      code: 'DELICOM_ERR_AUTHENTICATION',
    },
    {
      name: 'an unknown path',
      request: () => t.post(`${SHIPMENT_SERVICE}/nosuchOperation`, {}),
      status: 404,
      type: 'FaultCodeType',
      code: 'ERR_NOT_FOUND',
    },
    {
      name: 'GET on an operation',
      request: () => t.app.inject({ method: 'GET', url: VALIDATE }),
      status: 405,
      type: 'FaultCodeType',
      code: 'ERR_METHOD_NOT_ALLOWED',
    },
  ];
  // RFC 9110 §15.5.16: 415 for a content coding the server does not take, saying which it takes.
  it('refuses a compressed body (Content-Encoding gzip) as unsupported, not as broken JSON, and takes identity', async () => {
    const body = JSON.stringify({ authentication, validateOrders: minimumRequest() });
    const response = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    assert.equal(response.statusCode, 415);
    assert.equal(response.headers['accept-encoding'], 'identity');
    assert.equal(response.json().status.code, 'ERR_UNSUPPORTED_MEDIA_TYPE');
    assert.match(response.json().status.message, /Content-Encoding gzip/);
    assert.equal((await t.post(VALIDATE, body, { 'content-encoding': 'Identity' })).statusCode, 200);
  });

  it("gives the reason of an envelope fault in the caller's language, as far as the body tells it", async () => {
    const dutch = { ...authentication, messageLanguage: 'nl_NL' };
    const cases = [
      {
        body: { authentication: dutch, validateOrders: minimumRequest(), exportOrderz: {} },
        message:
          'De envelop van het verzoek is niet geldig: onverwacht "exportOrderz"; de body bevat "authentication" en "validateOrders".',
      },
      { body: { authentication: dutch }, message: 'De envelop van het verzoek is niet geldig: het object "validateOrders" ontbreekt.' },
      {
        body: { authentication: dutch, validateOrders: minimumRequest(), storeOrders: minimumRequest() },
        message: 'De envelop van het verzoek is niet geldig: stuur slechts één van "validateOrders", "storeOrders".',
      },
      {
        body: { authentication: dutch, validateOrders: [] },
        message: 'De envelop van het verzoek is niet geldig: "validateOrders" moet een JSON-object zijn.',
      },
    ];
    for (const c of cases) assert.equal((await t.post(VALIDATE, c.body)).json().status.message, c.message);
  });

  it('lists POST in Allow when an operation path is called with another method, one Fastify routes nowhere (PROPFIND, MKCOL) included', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'HEAD', 'PROPFIND', 'MKCOL']) {
      for (const url of [VALIDATE, REST_PATH.getAuth]) {
        const response = await t.app.inject({ method: method as InjectOptions['method'], url });
        assert.equal(response.statusCode, 405, `${method} ${url}`);
        assert.equal(response.headers.allow, 'POST', `${method} ${url}`);
      }
    }
  });

  it("sets the operation's own result keys to null in a 405, as its other faults do, on every REST path", async () => {
    const examples: ReadonlyArray<{ url: string; keys: readonly string[] }> = [
      { url: REST_PATH.getAuth, keys: ['getAuthResponse', 'status'] },
      { url: REST_PATH.exportOrders, keys: ['success', 'orderResult', 'status'] },
      { url: REST_PATH.findParcelShops, keys: ['findParcelShopsResponse', 'status'] },
      { url: REST_PATH.getTrackingData, keys: ['getTrackingDataResponse', 'status'] },
    ];
    for (const e of examples) assert.deepEqual(Object.keys((await t.app.inject({ method: 'GET', url: e.url })).json()), e.keys, e.url);
    for (const operation of operationList) {
      const url = restPath(operation);
      const { status: _, ...malformed } = (await t.post(url, '{')).json();
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
        const response = await t.app.inject({ method, url });
        assert.equal(response.statusCode, 405, `${method} ${url}`);
        const { status, ...results } = response.json();
        assert.equal(status.code, 'ERR_METHOD_NOT_ALLOWED', `${method} ${url}`);
        assert.equal(status.message, `Use POST for ${url}.`, `${method} ${url}`);
        assert.deepEqual(results, malformed, `${method} ${url}`);
      }
    }
  });

  // The URL and the method are judged before the body: whatever comes with it (no content type, the
  // wrong one, broken JSON, too much), a request to a path with no operation is a 404, and one with a
  // method an operation's path does not take is the 405 a GET gets there.
  it('answers a wrong URL (404) or method (405, with Allow) before any problem of its body', async () => {
    const json = { 'content-type': 'application/json' };
    const bodies: ReadonlyArray<{ name: string; headers?: Record<string, string>; payload?: string }> = [
      { name: 'no body, no content type' },
      { name: 'broken JSON', headers: json, payload: '{' },
      { name: 'an empty JSON body', headers: json, payload: '' },
      { name: 'the wrong content type', headers: { 'content-type': 'text/plain' }, payload: '{}' },
      { name: 'a body over the limit', headers: json, payload: `{"pad":"${'x'.repeat(6 * 1024 * 1024)}"}` },
    ];
    for (const b of bodies) {
      for (const url of [VALIDATE, REST_PATH.getAuth]) {
        const get = await t.app.inject({ method: 'GET', url });
        for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'QUERY']) {
          const name = `${method} ${url} with ${b.name}`;
          const response = await t.app.inject({ method: method as InjectOptions['method'], url, headers: b.headers, payload: b.payload });
          assert.equal(response.statusCode, 405, name);
          assert.equal(response.headers.allow, 'POST', name);
          assert.deepEqual(response.json(), get.json(), name);
        }
      }
      for (const url of [`${SHIPMENT_SERVICE}/nosuchOperation`, '/nowhere']) {
        for (const method of ['POST', 'PUT', 'QUERY']) {
          const name = `${method} ${url} with ${b.name}`;
          const response = await t.app.inject({ method: method as InjectOptions['method'], url, headers: b.headers, payload: b.payload });
          assert.equal(response.statusCode, 404, name);
          assert.equal(response.headers.allow, undefined, name);
          assert.deepEqual(
            response.json(),
            {
              result: null,
              status: { type: 'FaultCodeType', code: 'ERR_NOT_FOUND', message: `There is no operation at ${method} ${url}.` },
            },
            name,
          );
        }
      }
    }
  });

  it('answers a URL the router cannot read (bad percent-encoding, an overlong segment) as one that names nothing: 404', async () => {
    for (const url of [`${SHIPMENT_SERVICE}/validate%zzOrders`, `/${'x'.repeat(150)}/validateOrders`]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: method === 'POST' ? '{}' : undefined,
        });
        assert.equal(response.statusCode, 404, `${method} ${url}`);
        assert.deepEqual(
          response.json(),
          {
            result: null,
            status: { type: 'FaultCodeType', code: 'ERR_NOT_FOUND', message: `There is no operation at ${method} ${url}.` },
          },
          `${method} ${url}`,
        );
      }
    }
  });

  it("refuses a method at an operation's path without reading its body", async () => {
    for (const method of ['PUT', 'DELETE', 'QUERY'] as const) {
      // A body that never ends: reading it would wait for ever.
      const body = new Readable({ read() {} });
      body.push('{"authentication": {');
      const response = t.app.inject({
        method: method as InjectOptions['method'],
        url: VALIDATE,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'waited'>((resolve) => {
        timer = setTimeout(() => resolve('waited'), 2000);
      });
      const answer = await Promise.race([response, waited]);
      clearTimeout(timer);
      body.destroy();
      assert.notEqual(answer, 'waited', `${method}: no answer while the body was still coming`);
      assert.equal((answer as LightMyRequestResponse).statusCode, 405, method);
    }
  });

  for (const c of cases) {
    it(`answers ${c.name} with ${c.code}, no result and no stack trace`, async () => {
      const response = await c.request();
      assert.equal(response.statusCode, c.status);
      assert.match(response.headers['content-type'] as string, /^application\/json/);
      const body = response.json();
      assert.equal(body.status.type, c.type);
      assert.equal(body.status.code, c.code);
      if (c.message) assert.match(body.status.message, c.message);
      if (c.status !== 404) assert.equal(body.orderResult, null);
      assert.doesNotMatch(response.body, /\bat .*\.(ts|js):\d+/);
    });
  }

  it('answers an expired token with ERR_DELICOM_TOKEN_EXPIRED', async () => {
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const response = await t.post(VALIDATE, { authentication, validateOrders: minimumRequest() });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().status.code, 'ERR_DELICOM_TOKEN_EXPIRED');
  });
});

// What Node's HTTP parser refuses never becomes a request: Fastify's clientErrorHandler answers it on the
// socket and closes the connection. The URL cannot be trusted then (the parser may stop at the method's
// first byte, before the URL has arrived), so the answer is the REST error shape wherever it was sent.
describe("requests Node's HTTP parser refuses (REST)", () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  /** Sends `text` on a connection of its own and reads the answer until the server closes it. */
  function exchange(text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      socket
        .setEncoding('utf8')
        .on('data', (chunk: string) => {
          received += chunk;
        })
        .on('error', reject)
        .on('close', () => {
          const [head, body] = [received.slice(0, received.indexOf('\r\n\r\n')), received.slice(received.indexOf('\r\n\r\n') + 4)];
          const [statusLine, ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(
            lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
          );
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
        });
    });
  }

  const cases: ReadonlyArray<{ name: string; text: string; message: string }> = [
    {
      name: 'a method Node does not know, at an operation',
      text: `FOO ${VALIDATE} HTTP/1.1\r\nHost: x\r\n\r\n`,
      message: 'The request is not valid: its method is not one this server knows.',
    },
    {
      name: 'a broken Content-Length',
      text: `POST ${VALIDATE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1x\r\n\r\n{}`,
      message: 'The request is not valid: it cannot be read as HTTP/1.1 (invalid character in Content-Length).',
    },
  ];
  for (const c of cases) {
    it(`answers ${c.name} with 400 ERR_INVALID_REQUEST in the REST error shape, and closes the connection`, async () => {
      const response = await exchange(c.text);
      assert.equal(response.status, 400);
      assert.match(response.headers['content-type'], /^application\/json/);
      assert.equal(response.headers.connection, 'close');
      assert.equal(Number(response.headers['content-length']), Buffer.byteLength(response.body));
      assert.deepEqual(JSON.parse(response.body), {
        result: null,
        status: { type: 'FaultCodeType', code: 'ERR_INVALID_REQUEST', message: c.message },
      });
    });
  }

  it('answers a method Node does not know at a SOAP endpoint with a SOAP 1.1 fault of ERR_INVALID_REQUEST (issue 39), and closes the connection', async () => {
    const response = await exchange('FOO /soap/services/ShipmentService/V3_5 HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.equal(response.status, 500);
    assert.match(response.headers['content-type'], /^text\/xml/);
    assert.equal(response.headers.connection, 'close');
    assert.match(
      response.body,
      /<faultcode>soap:Client<\/faultcode><faultstring>The request is not valid: its method is not one this server knows\.<\/faultstring>/,
    );
    assert.match(response.body, /<faultCode[^>]*>ERR_INVALID_REQUEST<\/faultCode>/);
  });

  it('still answers header fields over the limit with 431 (the catalogue has no code for it)', async () => {
    const response = await exchange(`POST ${VALIDATE} HTTP/1.1\r\nHost: x\r\nX-Pad: ${'x'.repeat(20_000)}\r\n\r\n`);
    assert.equal(response.status, 431);
  });
});

describe('internal errors (REST)', () => {
  it('answer 500 ERR_INTERNAL with a reference and no stack trace', async () => {
    let failing = false;
    const t = await startTestApp({
      repositories: (store) => ({
        ...store,
        accounts: {
          ...store.accounts,
          findAccount: async (id: string) => {
            if (failing) throw new Error('disk on fire');
            return store.accounts.findAccount(id);
          },
        },
      }),
    });
    try {
      const authentication = await t.authenticate((await t.addAccount()).delisId);
      failing = true;
      const response = await t.post(VALIDATE, { authentication, validateOrders: minimumRequest() });
      assert.equal(response.statusCode, 500);
      const body = response.json();
      assert.equal(body.status.code, 'ERR_INTERNAL');
      assert.match(body.status.message, /reference [0-9a-f-]{36}/);
      assert.doesNotMatch(response.body, /disk on fire|\.ts:\d+/);
    } finally {
      await t.close();
    }
  });
});
