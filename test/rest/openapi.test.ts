// The OpenAPI document of the REST binding: served as JSON and YAML with the WSDLs' origin as its
// server, a path for every operation of the table, clean under Redocly's strictest recommended rules,
// agreeing with the decoder on what a request may hold — and the suite's hook (support/openapi-check.ts)
// refuses an answer or a request the document does not describe.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { parse } from 'yaml';
import { decode } from '../../src/contract/schema/decode.ts';
import { operationList, operations } from '../../src/contract/operation-table.ts';
import { openApiDocument, operationIds } from '../../src/bindings/rest/openapi.ts';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { edit, remove, set, validRequests, type JsonObject } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { checkerFor, mismatchesOf, type OpenApiChecker } from '../support/openapi-check.ts';
import { REST_PATH } from '../support/rest.ts';

/** What an operator behind a proxy sets: the document's server is this, whatever the Host header says. */
const PUBLIC_URL = 'https://parcels.test/carrier';

type Served = { openapi: string; servers: Array<{ url: string }> };

describe('the OpenAPI document (REST)', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  let json: string;
  let yaml: string;
  let checker: OpenApiChecker;
  before(async () => {
    t = await startTestApp();
    behindProxy = await startTestApp({ env: { PUBLIC_URL } });
    json = (await behindProxy.app.inject({ method: 'GET', url: '/rest/openapi.json' })).body;
    yaml = (await behindProxy.app.inject({ method: 'GET', url: '/rest/openapi.yaml' })).body;
    checker = checkerFor(operationList);
  });
  after(async () => {
    await t.close();
    await behindProxy.close();
  });

  it('is served as JSON and as the same document in YAML', async () => {
    const response = await behindProxy.app.inject({ method: 'GET', url: '/rest/openapi.json' });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /^application\/json/);
    const document = JSON.parse(json) as Served;
    assert.equal(document.openapi, '3.1.0');
    const other = await behindProxy.app.inject({ method: 'GET', url: '/rest/openapi.yaml' });
    assert.match(other.headers['content-type'] as string, /^application\/yaml/);
    assert.deepEqual(parse(yaml), document);
  });

  it("names as its server the origin the WSDLs' soap:address names: PUBLIC_URL, else a Host naming this machine", async () => {
    const cases = [
      { app: () => behindProxy, host: 'localhost:8080', server: PUBLIC_URL },
      { app: () => behindProxy, host: 'attacker.example', server: PUBLIC_URL },
      { app: () => t, host: 'localhost:8443', server: 'http://localhost:8443' },
      { app: () => t, host: '[::1]:8080', server: 'http://[::1]:8080' },
      // An injected request has no socket: the fallback of public-origin.ts.
      { app: () => t, host: 'attacker.example', server: 'http://localhost' },
    ];
    for (const { app, host, server } of cases) {
      const headers = { host };
      const fromJson = (await app().app.inject({ method: 'GET', url: '/rest/openapi.json', headers })).json<Served>();
      const fromYaml = parse((await app().app.inject({ method: 'GET', url: '/rest/openapi.yaml', headers })).body) as Served;
      const wsdl = (await app().app.inject({ method: 'GET', url: '/soap/WSDL/ShipmentServiceV35.wsdl', headers })).body;
      assert.deepEqual(
        fromJson.servers.map((entry) => entry.url),
        [server],
        host,
      );
      assert.deepEqual(fromYaml.servers, fromJson.servers, host);
      assert.ok(wsdl.includes(`<soap:address location="${server}/soap/services/ShipmentService/V3_5"/>`), host);
    }
  });

  it('refuses other methods with 405 and the methods it takes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/openapi.json',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.allow, 'GET, HEAD');
    assert.equal(response.json().status.code, 'ERR_METHOD_NOT_ALLOWED');
  });

  it('has a POST path for every operation of the table, at its REST path, each operationId once', () => {
    const document = JSON.parse(json) as { paths: Record<string, { post: { operationId: string } }> };
    const ids = operationIds(operationList);
    assert.deepEqual(
      Object.entries(document.paths).map(([path, item]) => [path, item.post.operationId]),
      operationList.map((operation) => [restPath(operation), ids.get(operation)]),
    );
    // ShipmentService 3.3's storeOrders beside 3.5's: the later version's is told apart by its service.
    assert.equal(document.paths['/rest/services/ShipmentService/V3_3/storeOrders'].post.operationId, 'storeOrders_ShipmentServiceV33');
    assert.equal(new Set(Object.values(document.paths).map((item) => item.post.operationId)).size, operationList.length);
  });

  it('lists exactly the operations the server has a route for on stage, and on live those but the stage-only ones', async () => {
    const live = await startTestApp({ env: { PARCEL_ENV: 'live' } });
    try {
      for (const { app, environment } of [
        { app: t.app, environment: 'stage' },
        { app: live.app, environment: 'live' },
      ]) {
        const { paths } = (await app.inject({ method: 'GET', url: '/rest/openapi.json' })).json<{ paths: Record<string, unknown> }>();
        const routed = operationList
          .filter((operation) => environment === 'stage' || !operation.stageOnly)
          .map(restPath)
          .filter((url) => app.hasRoute({ method: 'POST', url }));
        assert.deepEqual(Object.keys(paths), routed, environment);
      }
      // Live answers findStageRequests ERR_STAGE_ONLY: its document must not offer it (issue 28).
      const { paths } = (await live.app.inject({ method: 'GET', url: '/rest/openapi.json' })).json<{ paths: Record<string, unknown> }>();
      assert.ok(!Object.keys(paths).some((path) => path.endsWith('/findStageRequests')));
      assert.ok(
        Object.keys(paths).some((path) => path.endsWith('/findParcels')),
        'the rest of ConsoleService stays',
      );
      const stage = (await t.app.inject({ method: 'GET', url: '/rest/openapi.json' })).json<{ paths: Record<string, unknown> }>();
      assert.ok(Object.keys(stage.paths).some((path) => path.endsWith('/findStageRequests')));
    } finally {
      await live.close();
    }
  });

  it('serves every request for one origin from the same bytes, the same document as written', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/rest/openapi.json', headers: { host: 'localhost:9' } });
    const again = await t.app.inject({ method: 'GET', url: '/rest/openapi.json', headers: { host: 'localhost:9' } });
    assert.equal(first.body, again.body);
    assert.equal(JSON.parse(first.body).servers[0].url, 'http://localhost:9');
  });

  it('is the document the exchange hook checks against (support/openapi-check.ts)', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/rest/openapi.json', headers: { host: 'localhost' } })).json<unknown>();
    assert.deepEqual(served, openApiDocument(operationList, 'http://localhost'));
  });

  it('has an example of every operation that the decoder takes, the spec minimum request for storeOrders and validateOrders', () => {
    type Documented = { paths: Record<string, { post: { requestBody: { content: Record<string, { example?: unknown }> } } }> };
    const { paths } = JSON.parse(json) as Documented;
    for (const operation of operationList) {
      const example = paths[restPath(operation)].post.requestBody.content['application/json'].example as
        Record<string, unknown> | undefined;
      assert.ok(example !== undefined, `${operation.name} has no example`);
      const payload = operation.service.authenticated ? example[operation.name] : example;
      assert.deepEqual(decode(operation.request, payload, { binding: 'rest', source: 'json' }).violations, [], operation.name);
      assert.deepEqual(checker.checkRequest(restPath(operation), example), [], operation.name);
    }
    const minimum = paths[REST_PATH.storeOrders].post.requestBody.content['application/json'].example as Record<string, unknown>;
    assert.deepEqual(Object.keys(minimum.storeOrders as object), Object.keys(validRequests.minimumRequest()));
  });

  it("passes Redocly's recommended-strict rules without a problem (JSON and YAML)", async () => {
    const config = await createConfig({ extends: ['recommended-strict'] });
    for (const [name, source] of [
      ['openapi.json', json],
      ['openapi.yaml', yaml],
    ]) {
      const problems = await lintFromString({ source, absoluteRef: `/${name}`, config });
      assert.deepEqual(
        problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
        [],
        name,
      );
    }
  });

  it('takes every valid request fixture, as the decoder does', () => {
    for (const [name, build] of Object.entries(validRequests)) {
      const body = { authentication: { delisId: 'KD123456', authToken: 'token', messageLanguage: 'en_US' }, storeOrders: build() };
      assert.deepEqual(checker.check({ path: REST_PATH.storeOrders, request: body, statusCode: 200, answer: storedAnswer() }), [], name);
    }
  });

  it('refuses what the decoder refuses: unknown fields, lengths, enumerations, patterns, bounds, lists', () => {
    const cases: ReadonlyArray<readonly [string, (request: JsonObject) => void]> = [
      ['an unknown field', set('order[0].parcels[0].colour', 'red')],
      ['a missing required field', remove('order[0].generalShipmentData.sender.city')],
      ['a name over 50 characters', set('order[0].generalShipmentData.sender.name1', 'x'.repeat(51))],
      ['a product not listed', set('order[0].generalShipmentData.product', 'B2X')],
      ['a country that is no two letters', set('order[0].generalShipmentData.recipient.country', 'N1')],
      ['a volume of ten digits', set('order[0].parcels[0].volume', '0100200300')],
      ['a weight as a fraction', set('order[0].parcels[0].weight', 1.5)],
      ['a weight over 3150', set('order[0].parcels[0].weight', 3151)],
      ['no order', set('order', [])],
      ['a SOAP-only field', set('printOptions.printer', { offsetX: 1, offsetY: 1, connectionType: 'usb', barcodeCapable2D: true })],
    ];
    for (const [name, change] of cases) {
      const request = edit(validRequests.minimumRequest(), change);
      assert.notEqual(decode(operations.storeOrders.request, request, { binding: 'rest', source: 'json' }).violations.length, 0, name);
      const body = { authentication: { delisId: 'KD123456', authToken: 'token', messageLanguage: 'en_US' }, storeOrders: request };
      const problems = checker.check({ path: REST_PATH.storeOrders, request: body, statusCode: 200, answer: storedAnswer() });
      assert.equal(problems.length, 1, `${name}: ${problems.join('; ')}`);
      assert.match(problems[0], /the request, which the service took/, name);
    }
  });

  it('fails an answer that breaks the document: a missing status, a wrong type, an undocumented status', () => {
    const path = REST_PATH.storeOrders;
    const request = {
      authentication: { delisId: 'KD123456', authToken: 'token', messageLanguage: 'en_US' },
      storeOrders: validRequests.minimumRequest(),
    };
    assert.deepEqual(checker.check({ path, request, statusCode: 200, answer: storedAnswer() }), []);
    const { status: _status, ...withoutStatus } = storedAnswer();
    for (const [name, statusCode, answer] of [
      ['no status', 200, withoutStatus],
      ['a label that is no text', 200, { ...storedAnswer(), orderResult: { parcellabelsPDF: 42, shipmentResponses: [] } }],
      ['an unknown key', 200, { ...storedAnswer(), extra: true }],
      [
        'a fault with its result',
        400,
        { ...storedAnswer(), status: { type: 'FaultCodeType', code: 'ERR_INVALID_ENVELOPE', message: 'x' } },
      ],
      ['an undocumented HTTP status', 418, storedAnswer()],
    ] as const) {
      assert.notDeepEqual(checker.check({ path, request, statusCode, answer }), [], name);
    }
  });

  it("fails the exchange whose answer breaks the document, injected or over HTTP, and the app's close", async () => {
    // An account store that hands the login a depot as a number: getAuth answers it as one.
    const wrong = await startTestApp({
      repositories: (store) => ({
        ...store,
        accounts: {
          ...store.accounts,
          findAccount: async (id: string) => {
            const account = await store.accounts.findAccount(id);
            return account === undefined ? undefined : { ...account, depots: [522 as unknown as string] };
          },
        },
      }),
    });
    const mismatch = (error: Error) => {
      assert.match(error.message, /does not fit the OpenAPI document/);
      assert.match(error.message, /\/getAuthResponse\/return\/depot must be string/);
      return true;
    };
    try {
      const { delisId } = await wrong.addAccount();
      const login = { delisId, password: PASSWORD, messageLanguage: 'en_US' };
      await assert.rejects(wrong.post(REST_PATH.getAuth, login), mismatch);
      const origin = await wrong.app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${origin}${REST_PATH.getAuth}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(login),
      });
      // The answer that broke the document never reaches the client: an internal error does.
      assert.equal(response.status, 500);
      assert.equal(((await response.json()) as { status: { code: string } }).status.code, 'ERR_INTERNAL');
      assert.equal(mismatchesOf(wrong.app).length, 2);
    } finally {
      await assert.rejects(wrong.close(), mismatch);
    }
  });
});

/** A storeOrders answer as the service writes it (one parcel, no label asked for in ZPL). */
function storedAnswer(): Record<string, unknown> {
  return {
    orderResult: {
      parcellabelsPDF: 'JVBERi0=',
      shipmentResponses: [
        { identificationNumber: '1', mpsId: 'MPS', parcelInformation: [{ parcelLabelNumber: '05229000000018' }], faults: null },
      ],
    },
    status: { type: 'OK', code: '200', message: 'valid' },
  };
}
