// Abuse 1: slow uploads are timed out, and connections are capped with room for clients that send at
// once. 5,000 connections each sending a body one byte at a time: a valid request and /health are
// still answered within a second, the slow ones are answered 408 and closed after
// REQUEST_TIMEOUT_SECONDS; with MAX_CONNECTIONS below their number the oldest make room for new ones;
// and SIGTERM with stalled uploads open exits 0 at once instead of waiting for them.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import {
  authenticate,
  openSlowConnections,
  possibleConnections,
  removeBundle,
  send,
  startAbuseServer,
  VALIDATE,
  waitFor,
  type AbuseServer,
} from '../support/abuse.ts';

const { count: SLOW, note } = possibleConnections(5000);
const REQUEST_TIMEOUT_SECONDS = 15;

/** A login is done before the slow connections open; a validateOrders and /health are asked while they are. */
async function validRequestsWhileOpen(server: AbuseServer, body: string) {
  const validate = await send(server, VALIDATE, body, { timeoutMs: 5000 });
  const health = await send(server, '/health', undefined, { timeoutMs: 5000 });
  return { validate, health };
}

describe(`${SLOW} slow-body connections`, { timeout: 120_000 }, () => {
  after(removeBundle);

  it(`are closed with 408 after REQUEST_TIMEOUT_SECONDS, while a valid request is answered within 1 s${note ? ` (${note})` : ''}`, async (t) => {
    if (note !== undefined) t.diagnostic(note);
    const server = await startAbuseServer({ REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS), HEADERS_TIMEOUT_SECONDS: '5' });
    try {
      const body = JSON.stringify({ authentication: await authenticate(server), validateOrders: minimumRequest() });
      const started = performance.now();
      const slow = await openSlowConnections(server.port, SLOW);
      const opened = performance.now() - started;
      t.diagnostic(`${slow.connections.length} slow connections opened in ${Math.round(opened)} ms`);
      assert.equal(slow.connections.length, SLOW);
      // A byte every second keeps each of them sending: they are slow, not idle.
      const trickle = setInterval(() => slow.trickle(), 1000);
      try {
        const { validate, health } = await validRequestsWhileOpen(server, body);
        t.diagnostic(`validateOrders ${Math.round(validate.ms)} ms, /health ${Math.round(health.ms)} ms`);
        assert.equal(validate.status, 200);
        assert.equal(JSON.parse(validate.text).orderResult.success, true);
        assert.ok(validate.ms < 1000, `validateOrders took ${validate.ms} ms`);
        assert.equal(health.status, 200);
        assert.ok(health.ms < 1000, `/health took ${health.ms} ms`);
        const open = slow.connections.filter((c) => !c.closed).length;
        assert.equal(open, SLOW, 'below the cap, no slow connection is closed before its time');
        // Node looks for requests over their time once a second; the last connections opened up to `opened` later.
        const allClosed = await waitFor(() => slow.connections.every((c) => c.closed), REQUEST_TIMEOUT_SECONDS * 1000 + opened + 5000);
        assert.ok(allClosed, `${slow.connections.filter((c) => !c.closed).length} still open`);
        const lives = slow.connections.map((c) => (c.closedAt - c.openedAt) / 1000).sort((a, b) => a - b);
        t.diagnostic(`each closed ${lives[0].toFixed(1)}–${lives.at(-1)!.toFixed(1)} s after its request began`);
        assert.ok(lives[0] >= REQUEST_TIMEOUT_SECONDS - 0.1, `one closed after ${lives[0]} s, before its time`);
        assert.ok(lives.at(-1)! < REQUEST_TIMEOUT_SECONDS + 3, `one closed only after ${lives.at(-1)} s`);
        const answered408 = slow.connections.filter((c) => c.received.startsWith('HTTP/1.1 408 ')).length;
        assert.equal(answered408, SLOW, 'each slow request is told it timed out');
      } finally {
        clearInterval(trickle);
        slow.closeAll();
      }
      assert.equal((await server.stop()).code, 0);
    } finally {
      await server.dispose();
    }
  });

  it('over MAX_CONNECTIONS make room for clients that send at once, and SIGTERM with them open exits 0 at once', async (t) => {
    const cap = Math.floor(SLOW / 5);
    const server = await startAbuseServer({ MAX_CONNECTIONS: String(cap), REQUEST_TIMEOUT_SECONDS: '60', HEADERS_TIMEOUT_SECONDS: '60' });
    try {
      const body = JSON.stringify({ authentication: await authenticate(server), validateOrders: minimumRequest() });
      const slow = await openSlowConnections(server.port, SLOW);
      const trickle = setInterval(() => slow.trickle(), 1000);
      try {
        await waitFor(() => slow.connections.filter((c) => !c.closed).length <= cap, 5000);
        const open = slow.connections.filter((c) => !c.closed).length;
        t.diagnostic(`${open} of ${SLOW} slow connections open at a cap of ${cap}`);
        assert.ok(open <= cap, `${open} open over a cap of ${cap}`);
        // The ones the cap closed are the oldest.
        assert.ok(slow.connections.slice(0, SLOW - cap).every((c) => c.closed));
        for (let round = 0; round < 3; round++) {
          const { validate, health } = await validRequestsWhileOpen(server, body);
          t.diagnostic(`at the cap: validateOrders ${Math.round(validate.ms)} ms, /health ${Math.round(health.ms)} ms`);
          assert.equal(validate.status, 200);
          assert.ok(validate.ms < 1000, `validateOrders took ${validate.ms} ms`);
          assert.equal(health.status, 200);
          assert.ok(health.ms < 1000, `/health took ${health.ms} ms`);
        }
        // Stalled uploads were never acknowledged: the shutdown closes them after a quiet second.
        clearInterval(trickle);
        const stalled = slow.connections.filter((c) => !c.closed).length;
        assert.ok(stalled > 0);
        const { code, ms } = await server.stop();
        t.diagnostic(`SIGTERM with ${stalled} stalled uploads open: exit ${code} after ${Math.round(ms)} ms`);
        assert.ok(slow.connections.every((c) => c.closed));
        assert.equal(code, 0);
        assert.ok(ms < 5000, `the shutdown took ${ms} ms`);
      } finally {
        clearInterval(trickle);
        slow.closeAll();
      }
    } finally {
      await server.dispose();
    }
  });
});
