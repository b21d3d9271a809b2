// Abuse 2: bodies that would cost seconds of CPU and gigabytes before authentication are refused
// after a cheap look. 16 bodies of 4.8 MB of nested arrays at once: each refused with 400
// ERR_BODY_TOO_DEEP, while a valid request sent with them is answered within 200 ms; 8 flat arrays
// of 1.6 million `{}`: 400 ERR_BODY_TOO_MANY_NODES. "Within 200 ms" is over the same request's time on
// the machine at that moment without the bodies (the median of five): on a shared machine whose load
// average reaches 20, the request alone can take longer than that.
import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import {
  authenticate,
  cpuMillis,
  LOGIN,
  removeBundle,
  residentBytes,
  send,
  startAbuseServer,
  VALIDATE,
  type AbuseServer,
} from '../support/abuse.ts';

const NESTED = Buffer.from('['.repeat(2_400_000) + ']'.repeat(2_400_000));
const FLAT = Buffer.from(`[${Array(1_600_000).fill('{}').join(',')}]`);

describe('costly bodies before authentication', { timeout: 120_000 }, () => {
  let server: AbuseServer;
  let valid: string;
  before(async () => {
    server = await startAbuseServer();
    valid = JSON.stringify({ authentication: await authenticate(server), validateOrders: minimumRequest() });
  });
  after(async () => {
    await server.dispose();
    await removeBundle();
  });

  for (const [name, body, count, code] of [
    ['4.8 MB of nested arrays', NESTED, 16, 'ERR_BODY_TOO_DEEP'],
    ['a flat array of 1.6 million {}', FLAT, 8, 'ERR_BODY_TOO_MANY_NODES'],
  ] as const) {
    it(`${count} bodies of ${name} at once: each refused with 400 ${code}, a valid request answered within 200 ms`, async (t) => {
      const alone: number[] = [];
      for (let i = 0; i < 5; i++) alone.push((await send(server, VALIDATE, valid, { timeoutMs: 5000 })).ms);
      const baseline = alone.sort((a, b) => a - b)[2];
      t.diagnostic(`the valid request alone: ${Math.round(baseline)} ms (median of five)`);
      for (let round = 0; round < 3; round++) {
        const rssBefore = residentBytes(server.process.child.pid);
        const cpuBefore = cpuMillis(server.process.child.pid);
        // Kept-alive connections, as a client that means to send more: the body is refused before it has all
        // been sent, and the rest is read and dropped (a connection asked to close would be closed on it).
        const agents = Array.from({ length: count }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
        const costly = agents.map((agent, i) => send(server, i % 2 === 0 ? LOGIN : VALIDATE, body, { timeoutMs: 30_000, agent }));
        // Sent once the costly bodies are on their way.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const answer = await send(server, VALIDATE, valid, { timeoutMs: 5000 });
        const refused = await Promise.all(costly);
        for (const agent of agents) agent.destroy();
        const rssAfter = residentBytes(server.process.child.pid);
        const cpu = cpuMillis(server.process.child.pid) - cpuBefore;
        t.diagnostic(
          `round ${round}: valid request ${Math.round(answer.ms)} ms; refusals ${Math.round(Math.min(...refused.map((r) => r.ms)))}–${Math.round(
            Math.max(...refused.map((r) => r.ms)),
          )} ms; resident ${Math.round(rssBefore / 2 ** 20)} → ${Math.round(rssAfter / 2 ** 20)} MB; server CPU ${cpu} ms in all`,
        );
        assert.equal(answer.status, 200);
        assert.equal(JSON.parse(answer.text).orderResult.success, true);
        assert.ok(answer.ms - baseline < 200, `the valid request took ${answer.ms} ms, ${baseline} ms alone`);
        for (const refusal of refused) {
          assert.equal(refusal.status, 400);
          assert.equal(JSON.parse(refusal.text).status.code, code);
        }
      }
    });
  }
});
