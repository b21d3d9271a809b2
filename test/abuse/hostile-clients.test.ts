// Abuse 6 (issue 28): clients that never read their answers, and an account that turns injected
// delays into a weapon. (a) 4 connections each pipelining 1,500 GET /rest/openapi.json and reading
// nothing leave the server's memory within +100 MB; (b) connections asking for large findStageRequests
// pages and reading nothing are cut by WRITE_TIMEOUT_SECONDS while other clients are served at
// MAX_CONNECTIONS=40; (c) one stage account flooding calls into 30 s delays gets 16 of them held and
// the rest refused at once, while another account's calls and /health are answered.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import {
  authenticate,
  removeBundle,
  residentBytes,
  send,
  startAbuseServer,
  VALIDATE,
  waitFor,
  type AbuseServer,
  type Answer,
} from '../support/abuse.ts';

const FIND_STAGE_REQUESTS = '/rest/services/ConsoleService/V1_0/findStageRequests';
const INJECT_FAULT = '/rest/services/SandboxService/V1_0/injectFault';
const MB = 1024 * 1024;

/**
 * A connection that sends `requests` and reads nothing. It learns that the server closed it by
 * sending an empty line (which a server ignores between requests) every `probeMs`: once the server
 * is gone the write fails. `closed` resolves with the ms it was open.
 */
async function unreadConnection(port: number, requests: string, probeMs = 250): Promise<{ socket: Socket; closed: Promise<number> }> {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  const started = performance.now();
  socket.write(requests);
  const probe = setInterval(() => socket.write('\r\n'), probeMs);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      clearInterval(probe);
      resolve(performance.now() - started);
    }),
  );
  return { socket, closed };
}

/** A findStageRequests page once the stage log (written by its own thread) shows the calls made. */
async function loggedPage(server: AbuseServer, find: string): Promise<Answer> {
  for (let tries = 0; tries < 100; tries++) {
    const answer = await send(server, FIND_STAGE_REQUESTS, find);
    if (JSON.parse(answer.text).findStageRequestsResponse.stageRequest.length >= 16) return answer;
    await waitFor(() => false, 100);
  }
  throw new Error('the stage log did not show the calls');
}

const rest = (path: string, body: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('hostile clients', { timeout: 300_000 }, () => {
  after(removeBundle);

  it('(a) 4 connections each pipelining 1,500 GET /rest/openapi.json, reading nothing: server RSS within +100 MB', async (t) => {
    const server = await startAbuseServer({ WRITE_TIMEOUT_SECONDS: '5' });
    try {
      // One request first, so that the document exists before the baseline.
      assert.equal((await send(server, '/rest/openapi.json')).status, 200);
      const before = residentBytes(server.process.child.pid);
      let peak = before;
      const sampling = setInterval(() => (peak = Math.max(peak, residentBytes(server.process.child.pid))), 100);
      try {
        const request = 'GET /rest/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(1500);
        const connections = await Promise.all(Array.from({ length: 4 }, () => unreadConnection(server.port, request)));
        const lives = await Promise.all(connections.map((connection) => connection.closed));
        t.diagnostic(`the 4 connections closed by the server after ${lives.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`);
      } finally {
        clearInterval(sampling);
      }
      const health = await send(server, '/health');
      t.diagnostic(
        `server RSS ${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at most while they were open (+${((peak - before) / MB).toFixed(0)} MB)`,
      );
      assert.ok(peak - before < 100 * MB, `+${((peak - before) / MB).toFixed(0)} MB`);
      assert.equal(health.status, 200);
      assert.equal((await server.stop()).code, 0);
    } finally {
      await server.dispose();
    }
  });

  it('(b) unread findStageRequests pages: cut by WRITE_TIMEOUT_SECONDS, while validateOrders and /health are served at MAX_CONNECTIONS=40', async (t) => {
    const WRITE_TIMEOUT_SECONDS = 3;
    const server = await startAbuseServer({ WRITE_TIMEOUT_SECONDS: String(WRITE_TIMEOUT_SECONDS), MAX_CONNECTIONS: '40' });
    try {
      const authentication = await authenticate(server);
      // 24 logged calls of ~60 KB of text each: every findStageRequests page is cut at 1 Mi characters.
      const padded = JSON.stringify({ authentication, validateOrders: { ...minimumRequest(), padding: 'x'.repeat(60_000) } });
      for (let call = 0; call < 24; call++) await send(server, VALIDATE, padded);
      const find = JSON.stringify({ authentication, findStageRequests: { limit: 100 } });
      const logged = await loggedPage(server, find);
      const pageBytes = Buffer.byteLength(logged.text);
      const page = JSON.parse(logged.text).findStageRequestsResponse;
      t.diagnostic(
        `a findStageRequests page with limit 100: ${page.stageRequest.length} entries, ${(pageBytes / MB).toFixed(2)} MB, more: ${page.more}`,
      );
      assert.ok(pageBytes < 2.5 * MB, `${pageBytes} bytes`);
      assert.equal(page.more, true);

      // 50 connections, each pipelining 6 of those pages (more than loopback's buffers hold), reading nothing.
      const hostile = [];
      for (let index = 0; index < 50; index++) hostile.push(await unreadConnection(server.port, rest(FIND_STAGE_REQUESTS, find).repeat(6)));
      const validate = JSON.stringify({ authentication, validateOrders: minimumRequest() });
      const answered = { validateOrders: 0, health: 0 };
      const failures: string[] = [];
      const served = async (path: string, body?: string) =>
        send(server, path, body, { timeoutMs: 60_000 }).then(
          (answer) => answer.status === 200,
          (error: unknown) => (failures.push(`${path}: ${String(error)}`), false),
        );
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          // Served, not timed: 300 pages of a MB being written share this machine's cores with them.
          if (await served(VALIDATE, validate)) answered.validateOrders += 1;
          if (await served('/health')) answered.health += 1;
        }),
      );
      // What the cap closed (its warnings count the older connections closed and the new ones refused).
      for (const warning of server.warnings) t.diagnostic(`server: ${warning}`);
      for (const failure of failures) t.diagnostic(`not answered: ${failure}`);
      t.diagnostic(`while they were open: ${answered.validateOrders} of 16 validateOrders and ${answered.health} of 16 /health answered`);
      assert.deepEqual(answered, { validateOrders: 16, health: 16 });
      const lives = await Promise.all(hostile.map((connection) => connection.closed));
      const byTimeout = lives.filter((ms) => ms >= WRITE_TIMEOUT_SECONDS * 1000).length;
      t.diagnostic(
        `all 50 closed by the server (the write timeout, or the cap for newer connections): ${byTimeout} after ${WRITE_TIMEOUT_SECONDS} s or more, ${50 - byTimeout} sooner; the last after ${(Math.max(...lives) / 1000).toFixed(1)} s`,
      );
      assert.ok(byTimeout > 0, 'cut only when their time was up, or for newer connections');
      assert.equal((await server.stop()).code, 0);
    } finally {
      await server.dispose();
    }
  });

  it('(c) one account flooding calls into injected 30 s delays: 16 held, the rest refused at once; another account and /health answered', async (t) => {
    const server = await startAbuseServer({ MAX_CONNECTIONS: '1000' }, ['KDABUSE02']);
    try {
      const attacker = await authenticate(server);
      const other = await authenticate(server, 'KDABUSE02');
      for (let fault = 0; fault < 10; fault++) {
        const injected = await send(
          server,
          INJECT_FAULT,
          JSON.stringify({ authentication: attacker, injectFault: { operation: '*', binding: 'any', count: 100, delayMs: 30_000 } }),
        );
        assert.equal(injected.status, 200, injected.text);
      }
      const flood = 500;
      const attack = JSON.stringify({ authentication: attacker, validateOrders: minimumRequest() });
      const started = performance.now();
      const statuses = new Map<number, number>();
      const refusedCodes = new Set<string>();
      const refusedAt: number[] = [];
      const calls = Array.from({ length: flood }, () =>
        send(server, VALIDATE, attack, { timeoutMs: 60_000 }).then((answer) => {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 429) {
            refusedCodes.add(JSON.parse(answer.text).status.code);
            refusedAt.push(performance.now() - started);
          }
        }),
      );
      // Refusals come at once: wait for all but the held ones.
      await waitFor(() => refusedAt.length >= flood - 16, 30_000);
      const body = JSON.stringify({ authentication: other, validateOrders: minimumRequest() });
      const answered = { validateOrders: 0, health: 0 };
      for (let call = 0; call < 24; call++) {
        if ((await send(server, VALIDATE, body, { timeoutMs: 5000 })).status === 200) answered.validateOrders += 1;
        if ((await send(server, '/health', undefined, { timeoutMs: 5000 })).status === 200) answered.health += 1;
      }
      t.diagnostic(
        `${flood} delayed calls from one account: ${refusedAt.length} refused 429 (${[...refusedCodes].join(', ')}) within ${Math.round(Math.max(...refusedAt))} ms; the other account: ${answered.validateOrders} of 24 validateOrders, ${answered.health} of 24 /health answered`,
      );
      assert.deepEqual(answered, { validateOrders: 24, health: 24 });
      assert.equal(refusedAt.length, flood - 16);
      assert.deepEqual([...refusedCodes], ['ERR_TOO_MANY_DELAYED_CALLS']);
      await Promise.all(calls);
      t.diagnostic(`answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
      assert.equal(statuses.get(200), 16, 'the 16 held calls are answered after their delay');
      assert.equal((await server.stop()).code, 0);
    } finally {
      await server.dispose();
    }
  });
});
