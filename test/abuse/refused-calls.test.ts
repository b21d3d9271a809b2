// Abuse 8 (issue 41, B): calls that name an account without proving it cost the account nothing.
// 1,200 wrong passwords and 3,000 wrong tokens naming KDABUSE01 from 40 addresses leave at most one
// counted row per address and day (no row of the request log), spend none of the account's daily
// kept text (lowered here to 64 KiB, which the refusals' answers alone passed before the fix), and the
// owner's next storeOrders is kept in full, found by a search for its parcel number, and first on its
// first page; its Requests page counts the refusals and the addresses they came from. Wrong tokens
// from one address are refused 429 ERR_TOO_MANY_TOKEN_FAILURES after 20, as wrong passwords are.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/store/open-database.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { authenticate, LOGIN, removeBundle, send, startAbuseServer, STORE, VALIDATE, waitFor, type AbuseServer } from '../support/abuse.ts';

const FIND = '/rest/services/ConsoleService/V1_0/findStageRequests';
const ADDRESSES = 40;
const WRONG_PASSWORDS = 1200;
const WRONG_TOKENS = 3000;
/** Most rows the refusals may leave: one per address and day, and an overflow row. */
const MAX_REFUSAL_ROWS = ADDRESSES + 1;
const address = (i: number) => `127.0.${10 + (i % ADDRESSES)}.1`;

/** Sends `count` requests, `parallel` at a time; returns their statuses. */
async function flood(count: number, parallel: number, request: (i: number) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += parallel) {
    statuses.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, k) => request(i + k)))));
  }
  return statuses;
}

/** The account's findStageRequests answer once `ready` holds for it (the log thread writes a moment after the call). */
async function pageWhen(server: AbuseServer, body: string, ready: (page: any) => boolean): Promise<any> {
  let page: any;
  for (let tries = 0; tries < 100; tries++) {
    page = JSON.parse((await send(server, FIND, body)).text).findStageRequestsResponse;
    if (ready(page)) return page;
    await waitFor(() => false, 100);
  }
  return page;
}

describe('refused calls naming an account', { timeout: 300_000 }, () => {
  after(removeBundle);

  it(`${WRONG_PASSWORDS} wrong passwords and ${WRONG_TOKENS} wrong tokens from ${ADDRESSES} addresses: counted, and the owner's next storeOrders kept in full, found and first on its page`, async (t) => {
    const server = await startAbuseServer({ STAGE_LOG_MAX_ACCOUNT_BYTES: String(64 * 1024) });
    try {
      const authentication = await authenticate(server);
      const wrongToken = { ...authentication, authToken: 'A'.repeat(43) };
      const passwords = await flood(WRONG_PASSWORDS, 40, async (i) => {
        const body = JSON.stringify({ delisId: server.delisId, password: `wrong-${i}`, messageLanguage: 'en_US' });
        return (await send(server, LOGIN, body, { localAddress: address(i) })).status;
      });
      const validate = JSON.stringify({ authentication: wrongToken, validateOrders: minimumRequest() });
      const tokens = await flood(
        WRONG_TOKENS,
        40,
        async (i) => (await send(server, VALIDATE, validate, { localAddress: address(i) })).status,
      );
      t.diagnostic(
        `wrong passwords: ${passwords.filter((s) => s === 401).length} × 401, ${passwords.filter((s) => s === 429).length} × 429`,
      );
      t.diagnostic(`wrong tokens: ${tokens.filter((s) => s === 401).length} × 401, ${tokens.filter((s) => s === 429).length} × 429`);
      assert.deepEqual(
        [...passwords, ...tokens].filter((status) => status !== 401 && status !== 429),
        [],
      );

      const stored = await send(
        server,
        STORE,
        JSON.stringify({
          authentication,
          storeOrders: { ...minimumRequest(), printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' } },
        }),
      );
      assert.equal(stored.status, 200, stored.text);
      const parcelLabelNumber: string = JSON.parse(stored.text).orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber;

      // The first page: the storeOrders first, with its texts.
      const page = await pageWhen(
        server,
        JSON.stringify({ authentication, findStageRequests: {} }),
        (p) => p.stageRequest[0]?.operation === 'storeOrders' || p.stageRequest.some((e: any) => e.operation === 'storeOrders'),
      );
      const first = page.stageRequest[0];
      t.diagnostic(
        `first page: ${page.stageRequest.map((e: any) => `${e.operation}${e.refusedBeforeAuthentication ? ' (refused)' : ''}`).join(', ')}`,
      );
      assert.equal(first?.operation, 'storeOrders', "the owner's storeOrders is the first entry of its first page");
      assert.ok(!first.request.startsWith('[not kept'), `its request is kept: ${first.request.slice(0, 120)}`);
      assert.ok(first.answer.includes(parcelLabelNumber), 'its answer is kept');
      assert.ok(
        page.stageRequest.every((entry: any) => entry.refusedBeforeAuthentication !== true),
        'no refused call among the entries',
      );
      // A search for its parcel number finds it.
      const found = JSON.parse(
        (await send(server, FIND, JSON.stringify({ authentication, findStageRequests: { search: parcelLabelNumber } }))).text,
      ).findStageRequestsResponse;
      assert.deepEqual(
        found.stageRequest.map((entry: any) => entry.operation),
        ['storeOrders'],
      );
      // The refusals counted: every one of them, from the 40 addresses, with a few examples.
      const refused = page.refusedCalls;
      t.diagnostic(`refusedCalls: ${JSON.stringify({ ...refused, example: refused?.example?.slice(0, 2) })}`);
      assert.equal(refused?.count, WRONG_PASSWORDS + WRONG_TOKENS);
      assert.equal(refused.addresses, ADDRESSES);
      assert.ok(refused.example.length > 0 && refused.example.length <= 10);
      assert.ok(refused.example.every((example: any) => /^127\.0\.\d+\.1$/.test(example.clientAddress) && example.count > 0));

      assert.equal((await server.stop()).code, 0);
      const { db } = openDatabase({ sqlitePath: join(server.dataDir, 'stage.sqlite') });
      try {
        const count = async (query: string) => Number((await sql.raw<{ n: number }>(query).execute(db)).rows[0].n);
        const logRows = await count('select count(*) as n from stage_requests');
        const refusedRows = await count('select count(*) as n from stage_requests where refused_before_authentication = 1');
        const refusalRows = await count('select count(*) as n from stage_refusals');
        t.diagnostic(`rows kept: ${logRows} in the request log (${refusedRows} refused), ${refusalRows} counted refusal rows`);
        assert.equal(refusedRows, 0);
        assert.ok(refusalRows <= MAX_REFUSAL_ROWS, `${refusalRows} refusal rows`);
        // The owner's own calls: a login, the storeOrders and the console's reads.
        assert.ok(logRows < 120, `${logRows} rows in the request log`);
      } finally {
        await db.destroy();
      }
    } finally {
      await server.dispose();
    }
  });

  it('wrong tokens from one address are refused 429 after 20; another address and the right token from the same address still answered', async (t) => {
    const server = await startAbuseServer();
    try {
      const authentication = await authenticate(server);
      const wrongToken = { ...authentication, authToken: 'B'.repeat(43) };
      const wrong = JSON.stringify({ authentication: wrongToken, validateOrders: minimumRequest() });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await send(server, VALIDATE, wrong, { localAddress: '127.0.3.1' })).status);
      const refused = await send(server, VALIDATE, wrong, { localAddress: '127.0.3.1' });
      t.diagnostic(
        `40 wrong tokens from one address: ${statuses.join(' ')}; then ${refused.status} ${refused.headers['retry-after'] ?? ''}`,
      );
      assert.deepEqual(statuses.slice(0, 20), Array(20).fill(401));
      assert.equal(refused.status, 429);
      assert.equal(JSON.parse(refused.text).status.code, 'ERR_TOO_MANY_TOKEN_FAILURES');
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      // Another address is not held; the right token from the held address is answered.
      assert.equal((await send(server, VALIDATE, wrong, { localAddress: '127.0.3.2' })).status, 401);
      const right = JSON.stringify({ authentication, validateOrders: minimumRequest() });
      assert.equal((await send(server, VALIDATE, right, { localAddress: '127.0.3.1' })).status, 200);
    } finally {
      await server.dispose();
    }
  });
});
