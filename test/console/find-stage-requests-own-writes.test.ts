// The request log reads its own writes (issue 37 item 5): a call whose answer has gone out is in its
// account's findStageRequests when that is asked next — 100 times in a row, REST and SOAP, with every
// core of the machine kept busy by CPU burners (the log's thread runs at the lowest priority, so it
// is the first to wait) — and a search by an order's reference finds the validateOrders calls that
// carried it, not only stored parcels, for that account alone.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { after, before, describe, it } from 'node:test';
import type { ResultOf } from '../../src/console/api.ts';
import { edit, minimumRequest, set } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { endpointOf, SOAP_CONTENT_TYPE } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';

type Entry = NonNullable<ResultOf<'findStageRequests'>['stageRequest']>[number];

describe('findStageRequests reads its own writes (stage)', () => {
  let t: TestApp;
  let origin: string;
  let alice: Auth;
  let bob: Auth;
  const burners: ChildProcess[] = [];

  /** POSTs over HTTP as a client does: the answer's status, X-Request-Id and text. */
  const send = async (path: string, body: string, contentType = 'application/json') => {
    const headers = { 'content-type': contentType, ...(contentType === 'application/json' ? {} : { soapaction: '""' }) };
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers, body });
    return { status: response.status, requestId: response.headers.get('x-request-id') ?? '', text: await response.text() };
  };
  /** The caller's logged calls matching `query`, asked over HTTP right away: nothing waits for the log first. */
  const logged = async (caller: Auth, query: Record<string, unknown>): Promise<Entry[]> => {
    const answer = await send(
      REST_PATH.findStageRequests,
      JSON.stringify({ authentication: caller, findStageRequests: { limit: 100, ...query } }),
    );
    assert.equal(answer.status, 200, answer.text);
    return JSON.parse(answer.text).findStageRequestsResponse.stageRequest as Entry[];
  };

  before(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await t.authenticate((await t.addAccount()).delisId);
    bob = await t.authenticate((await t.addAccount()).delisId);
    // One busy process per core, for the whole file: the machine is loaded.
    for (let core = 0; core < availableParallelism(); core++) {
      burners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    }
  });
  after(async () => {
    await Promise.all(
      burners.map(async (burner) => {
        if (burner.exitCode !== null || burner.signalCode !== null) return;
        burner.kill('SIGKILL');
        await once(burner, 'exit');
      }),
    );
    await t.close();
  });

  it('finds each call when asked right after its answer: 100 calls, REST and SOAP, machine loaded', async () => {
    const missing: string[] = [];
    for (let call = 0; call < 100; call++) {
      const request = minimumRequest();
      const answer =
        call % 2 === 0
          ? await send(REST_PATH.validateOrders, JSON.stringify({ authentication: alice, validateOrders: request }))
          : await send(
              endpointOf('validateOrders'),
              soapRequest('validateOrders', request, { authentication: { ...alice } }),
              SOAP_CONTENT_TYPE,
            );
      assert.equal(answer.status, 200, answer.text);
      const entries = await logged(alice, { requestId: answer.requestId });
      if (entries.length !== 1 || entries[0].operation !== 'validateOrders')
        missing.push(`call ${call} (${answer.requestId}): ${entries.length} entries`);
    }
    assert.deepEqual(missing, []);
  });

  it("finds validateOrders calls by an order's reference (any case), REST and SOAP; another account does not", async () => {
    const withReference = (reference: string) => edit(minimumRequest(), set('order[0].parcels[0].customerReferenceNumber1', reference));
    const rest = await send(
      REST_PATH.validateOrders,
      JSON.stringify({ authentication: alice, validateOrders: withReference('Ref-Search-7731') }),
    );
    const soap = await send(
      endpointOf('validateOrders'),
      soapRequest('validateOrders', withReference('ref &amp; search 7732'.replace('&amp;', '&')), { authentication: { ...alice } }),
      SOAP_CONTENT_TYPE,
    );
    assert.deepEqual([rest.status, soap.status], [200, 200]);
    const found = async (caller: Auth, search: string) => (await logged(caller, { search })).map((entry) => entry.requestId);
    assert.deepEqual(await found(alice, '  REF-SEARCH-7731 '), [rest.requestId]);
    assert.deepEqual(await found(alice, 'Ref & Search 7732'), [soap.requestId]);
    assert.deepEqual(await found(alice, 'Ref-Search-773'), [], 'a reference is matched whole');
    assert.deepEqual(await found(bob, 'Ref-Search-7731'), []);
    // The reference itself is not kept: it is a personal field, masked in the request text.
    const [entry] = await logged(alice, { requestId: rest.requestId });
    assert.equal(entry.request.includes('Ref-Search-7731'), false);
  });
});
