// Issue 39 item 6: live never names or describes a stage-only operation — no 404 suggestion, no WSDL
// entry or schema type, no SOAP dispatch, no OpenAPI path (stage keeps them all); and an absolute-form
// request target (`POST http://evil.example/rest/…`) is reduced to its path before routing and logging.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { operationList } from '../../src/contract/operation-table.ts';
import type { StageLogBuffer } from '../../src/server/stage-log/stage-log-buffer.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';

/** Every stage-only operation's name, and the words its types are named by. */
const STAGE_ONLY = operationList.filter((operation) => operation.stageOnly).map((operation) => operation.name);
const NAMES_STAGE_ONLY = new RegExp(`${STAGE_ONLY.join('|')}|StageRequest|SandboxService`, 'i');

describe('live names no stage-only operation', () => {
  let live: TestApp;
  let stage: TestApp;
  let auth: Auth;
  before(async () => {
    live = await startTestApp({ env: { PARCEL_ENV: 'live' } });
    stage = await startTestApp();
    auth = await live.authenticate((await live.addAccount()).delisId);
  });
  after(async () => {
    await live.close();
    await stage.close();
  });

  it('has stage-only operations to hide (the test would show nothing without them)', () => {
    assert.ok(STAGE_ONLY.includes('findStageRequests') && STAGE_ONLY.includes('setClock'), STAGE_ONLY.join());
  });

  it('suggests no stage-only path in a 404, REST or SOAP, where stage does', async () => {
    const typos = [
      '/rest/services/ConsoleService/V1_0/findStageRequest',
      '/rest/services/ConsoleService/V1_0/findstagerequests',
      '/rest/services/SandboxService/V1_0/setClocks',
      '/soap/services/SandboxService/V1_1',
      '/soap/WSDL/SandboxServiceV10.wsd',
    ];
    for (const url of typos) {
      const answer = await live.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      assert.equal(answer.statusCode, 404, url);
      assert.doesNotMatch(answer.body.replaceAll(url, ''), NAMES_STAGE_ONLY, `${url}: ${answer.body}`);
    }
    const onStage = await stage.app.inject({
      method: 'POST',
      url: typos[0],
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    assert.match(onStage.json().status.message, /Did you mean \/rest\/services\/ConsoleService\/V1_0\/findStageRequests\?/);
  });

  it('answers a stage-only operation path as a path that names nothing', async () => {
    const answer = await live.post(REST_PATH.findStageRequests, { authentication: auth, findStageRequests: {} });
    assert.equal(answer.statusCode, 404);
    assert.equal(answer.json().status.code, 'ERR_NOT_FOUND');
    assert.doesNotMatch(answer.json().status.message.replace(REST_PATH.findStageRequests, ''), NAMES_STAGE_ONLY);
  });

  it('leaves stage-only operations out of every WSDL (operations, messages, schema types) and SOAP dispatch', async () => {
    for (const wsdl of ['ConsoleServiceV10.wsdl', 'ShipmentServiceV35.wsdl', 'LoginServiceV21.wsdl']) {
      const answer = await live.app.inject({ method: 'GET', url: `/soap/WSDL/${wsdl}` });
      assert.equal(answer.statusCode, 200, wsdl);
      assert.doesNotMatch(answer.body, NAMES_STAGE_ONLY, wsdl);
    }
    assert.equal((await live.app.inject({ method: 'GET', url: '/soap/WSDL/SandboxServiceV10.wsdl' })).statusCode, 404);
    assert.match((await stage.app.inject({ method: 'GET', url: '/soap/WSDL/ConsoleServiceV10.wsdl' })).body, /name="findStageRequests"/);
    const call = await injectSoap(
      live,
      '/soap/services/ConsoleService/V1_0',
      soapRequest('findStageRequests', {}, { authentication: auth }),
    );
    assert.equal(call.statusCode, 500);
    assert.match(call.body, /<faultCode[^>]*>ERR_INVALID_ENVELOPE<\/faultCode>/);
    // The fault echoes the element the caller sent, and lists the operations live has: not it.
    const declared = /the body holds one of ([^.<]*)/.exec(call.body)?.[1] ?? '';
    assert.match(declared, /findParcels/);
    assert.doesNotMatch(declared, NAMES_STAGE_ONLY);
  });

  it('leaves them out of the OpenAPI document', async () => {
    const answer = await live.app.inject({ method: 'GET', url: '/rest/openapi.json' });
    assert.equal(answer.statusCode, 200);
    assert.doesNotMatch(answer.body, NAMES_STAGE_ONLY);
  });
});

describe('an absolute-form request target', () => {
  let t: TestApp;
  let auth: Auth;
  let port: number;
  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount()).delisId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  it('is reduced to its path before routing and logging: the stage log keeps the path alone', async () => {
    const body = JSON.stringify({ authentication: auth, validateOrders: minimumRequest() });
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    socket.end(
      `POST http://evil.example${REST_PATH.validateOrders}?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    await closed;
    assert.match(Buffer.concat(chunks).toString('latin1'), /^HTTP\/1\.1 200 /);
    await (t.deps.stageLog as StageLogBuffer).flush();
    const logged = (
      await t.post(REST_PATH.findStageRequests, { authentication: auth, findStageRequests: { operation: 'validateOrders' } })
    ).json().findStageRequestsResponse.stageRequest;
    assert.deepEqual(
      logged.map((entry: { path: string }) => entry.path),
      [REST_PATH.validateOrders],
    );
  });
});
