// The request log an integrator reads (issue 30, ConsoleService findStageRequests on stage): a wrong
// password and a bad token are counted for the account they name (today's refusals, their address, the
// last one as the example: issue 41), an envelope typo appears with HTTP status, duration and the
// request id the answer carried; another account sees nothing of them; a call copied as curl (REST
// JSON, SOAP envelope) and run gives the answer the call got; a call replayed is logged anew; calls
// are found by request id, parcel number (as printed too), reference and time.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { ResultOf } from '../../src/console/api.ts';
import { curlCommand, replayCall, type CallLogin } from '../../src/console/copy-call.ts';
import { computeCheckCharacter } from '../../src/labels/check-character.ts';
import type { StageLogBuffer } from '../../src/server/stage-log/stage-log-buffer.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH } from '../support/rest.ts';
import { endpointOf } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';

const run = promisify(execFile);

/** A logged call as findStageRequests answers it on the wire: the contract's own shape. */
type Entry = NonNullable<ResultOf<'findStageRequests'>['stageRequest']>[number];

type Auth = CallLogin & { readonly messageLanguage: string };

describe('the request log (stage)', () => {
  let t: TestApp;
  let origin: string;
  let alice: Auth;
  let bob: Auth;
  let parcel = '';

  /** POSTs `body` over HTTP, as a client does; answers status, X-Request-Id and text. */
  const send = async (path: string, body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: response.status, requestId: response.headers.get('x-request-id') ?? '', text: await response.text() };
  };
  const sendSoap = (path: string, xml: string) => send(path, xml, { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' });

  /** The caller's logged calls matching `query`, once every call so far is written. */
  const logged = async (caller: Auth, query: Record<string, unknown> = {}): Promise<Entry[]> => {
    await (t.deps.stageLog as StageLogBuffer).flush();
    const response = await t.post(REST_PATH.findStageRequests, { authentication: caller, findStageRequests: { limit: 100, ...query } });
    assert.equal(response.statusCode, 200, response.body);
    return response.json().findStageRequestsResponse.stageRequest as Entry[];
  };
  const byRequestId = async (caller: Auth, requestId: string) => {
    const entries = await logged(caller, { requestId });
    assert.equal(entries.length, 1, `${requestId}: ${JSON.stringify(entries)}`);
    return entries[0];
  };

  before(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const [a, b] = [await t.addAccount(), await t.addAccount()];
    alice = await t.authenticate(a.delisId);
    bob = await t.authenticate(b.delisId);
    const stored = await t.post(REST_PATH.storeOrders, { authentication: alice, storeOrders: minimumRequest() });
    assert.equal(stored.statusCode, 200, stored.body);
    parcel = stored.json().orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber as string;
  });
  after(() => t.close());

  it('counts a wrong password and a bad token for the account they named: today, the address, the last as the example, no text, no entry', async () => {
    const body = JSON.stringify({ delisId: alice.delisId, password: 'not the password', messageLanguage: 'en_US' });
    const answer = await send(REST_PATH.getAuth, body, { 'x-request-id': 'wrong-password-1' });
    assert.equal(answer.status, 401);
    assert.equal(answer.requestId, 'wrong-password-1');
    // A bad token names the account too.
    const badToken = await send(
      REST_PATH.storeOrders,
      JSON.stringify({ authentication: { ...alice, authToken: 'A'.repeat(43) }, storeOrders: minimumRequest() }),
    );
    assert.equal(badToken.status, 401);
    assert.deepEqual(await logged(alice, { requestId: 'wrong-password-1' }), []);
    await (t.deps.stageLog as StageLogBuffer).flush();
    const page = await t.post(REST_PATH.findStageRequests, { authentication: alice, findStageRequests: {} });
    const refused = page.json().findStageRequestsResponse.refusedCalls;
    assert.equal(refused.day, t.deps.clock.now().toISOString().slice(0, 10));
    assert.deepEqual([refused.count, refused.addresses, refused.moreAddresses], [2, 1, false]);
    const [example] = refused.example;
    assert.deepEqual(
      [example.operation, example.errorCode, example.httpStatus, example.clientAddress, example.path, example.count],
      ['storeOrders', 'ERR_DELICOM_TOKEN_INCORRECT', 401, '127.0.0.1', REST_PATH.storeOrders, 2],
    );
    assert.equal(page.body.includes('not the password'), false);
    // Another account sees none of them.
    assert.equal((await t.store.stageRequests.refusedCalls(bob.delisId, refused.day)).count, 0);
  });

  it('keeps an authenticated envelope typo with its masked text, over REST and SOAP', async () => {
    const typo = await send(REST_PATH.storeOrders, JSON.stringify({ authentication: alice, storeOrder: minimumRequest() }));
    assert.equal(typo.status, 400);
    const entry = await byRequestId(alice, typo.requestId);
    assert.equal(entry.errorCode, 'ERR_INVALID_ENVELOPE');
    assert.equal(entry.httpStatus, 400);
    assert.equal(entry.refusedBeforeAuthentication, false);
    assert.match(entry.request, /"storeOrder":/);
    assert.equal(entry.request.includes(alice.authToken), false);
    assert.equal(entry.request.includes('Ontvanger BV'), false);
    const xml = soapRequest('getTrackingData', { parcelLabelNumber: parcel }, { authentication: { ...alice } }).replace(
      /<(\w+:)?getTrackingData xmlns(:\w+)?="[^"]*"/,
      '<$1getTrackingData xmlns$2="urn:wrong"',
    );
    const soap = await sendSoap(endpointOf('getTrackingData'), xml);
    assert.equal(soap.status, 500);
    const soapEntry = await byRequestId(alice, soap.requestId);
    assert.deepEqual([soapEntry.binding, soapEntry.errorCode, soapEntry.httpStatus], ['SOAP', 'ERR_INVALID_ENVELOPE', 500]);
  });

  it('shows another account nothing of them, and keeps nothing for a delisId no account has', async () => {
    const bobs = await logged(bob, { includeConsole: true });
    assert.deepEqual(
      bobs.filter((entry) => entry.operation !== 'getAuth'),
      [],
    );
    assert.deepEqual(await logged(bob, { requestId: 'wrong-password-1' }), []);
    assert.deepEqual(await logged(bob, { search: parcel }), []);
    await send(REST_PATH.getAuth, JSON.stringify({ delisId: 'NOSUCH01', password: PASSWORD }), { 'x-request-id': 'nobody-1' });
    await (t.deps.stageLog as StageLogBuffer).flush();
    assert.deepEqual(
      (await t.store.stageRequests.latest(1000)).filter((entry) => entry.requestId === 'nobody-1'),
      [],
    );
  });

  it('copies a REST call and a SOAP call as curl; run, each gives the answer the call got', async () => {
    const rest = await send(
      REST_PATH.getTrackingData,
      JSON.stringify({ authentication: alice, getTrackingData: { parcelLabelNumber: parcel } }),
    );
    const soap = await sendSoap(
      endpointOf('getTrackingData'),
      soapRequest('getTrackingData', { parcelLabelNumber: parcel }, { authentication: { ...alice } }),
    );
    assert.deepEqual([rest.status, soap.status], [200, 200]);
    for (const original of [rest, soap]) {
      const entry = await byRequestId(alice, original.requestId);
      assert.equal(entry.request.includes(alice.authToken), false, 'the log keeps no token');
      const command = curlCommand(entry, origin, alice);
      assert.match(command, /^curl -sS -X POST '/);
      const { stdout } = await run('sh', ['-c', command]);
      assert.equal(stdout, original.text);
    }
  });

  it('replays a call: the same answer, logged anew under its own request id', async () => {
    const original = await send(
      REST_PATH.getTrackingData,
      JSON.stringify({ authentication: alice, getTrackingData: { parcelLabelNumber: parcel } }),
    );
    const entry = await byRequestId(alice, original.requestId);
    const replayed = await replayCall(entry, origin, alice);
    assert.equal(replayed.status, 200);
    assert.equal(replayed.text, original.text);
    assert.ok(replayed.requestId !== null && replayed.requestId !== original.requestId);
    assert.equal((await byRequestId(alice, replayed.requestId)).operation, 'getTrackingData');
  });

  it('finds calls by parcel number, as printed, by reference, and by time', async () => {
    const about = (entries: Entry[]) => [...new Set(entries.map((entry) => entry.operation))].sort();
    const printed = `${parcel.slice(0, 4)} ${parcel.slice(4, 8)} ${parcel.slice(8, 12)} ${parcel.slice(12)} ${computeCheckCharacter(parcel)}`;
    const byNumber = await logged(alice, { search: parcel });
    assert.deepEqual(about(byNumber), ['getTrackingData', 'storeOrders']);
    assert.deepEqual(await logged(alice, { search: printed }), byNumber);
    assert.deepEqual(await logged(alice, { search: 'ref-0001' }), byNumber);
    assert.deepEqual(await logged(alice, { search: 'NO-SUCH-REF' }), []);
    const now = t.clock.now().getTime();
    assert.deepEqual(await logged(alice, { search: parcel, from: new Date(now + 1000).toISOString() }), []);
    assert.deepEqual(await logged(alice, { search: parcel, to: new Date(now + 1000).toISOString() }), byNumber);
    const refused = await t.post(REST_PATH.findStageRequests, {
      authentication: alice,
      findStageRequests: { from: '2026-13-01T00:00:00Z' },
    });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /from/);
  });
});
