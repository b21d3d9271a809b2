// Abuse A (issue 41): per-Host documents, no login needed. 300 connections each pipelining 33
// GET /rest/openapi.json and reading nothing, each request naming a different loopback Host (`127.0.x.y:n`,
// an origin the service accepts and writes into the document): every answer under way used to be a
// document built for its own origin (~300 KB), 2.7 GB of them at once, with the event loop busy
// building them. On live and on stage: the server's memory grows within a bound while they are open,
// and other clients' /health and validateOrders are answered meanwhile.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { authenticate, removeBundle, residentBytes, send, startAbuseServer, VALIDATE } from '../support/abuse.ts';

const MB = 1024 * 1024;
const CONNECTIONS = 300;
const PIPELINED = 33;
/** Growth of the server's resident memory allowed while the unread answers are under way. */
const BOUND_MB = 150;

/** Pages of memory the kernel holds for TCP buffers, all sockets of the machine (Linux /proc). */
function tcpPages(): number {
  try {
    return Number(/TCP:.* mem (\d+)/.exec(readFileSync('/proc/net/sockstat', 'utf8'))?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

/** A connection that sends `requests` and reads nothing; resolves once they are sent. */
async function unreadConnection(port: number, requests: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  await new Promise((resolve) => socket.write(requests, resolve));
  return socket;
}

/** The Host of request `index`: a loopback address and port of its own. */
const hostOf = (index: number) => `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}:${10_000 + (index % 50_000)}`;

describe('per-Host documents', { timeout: 300_000 }, () => {
  after(removeBundle);

  for (const environment of ['live', 'stage']) {
    it(`(${environment}) ${CONNECTIONS} connections × ${PIPELINED} pipelined GET /rest/openapi.json, each a different Host, reading nothing: RSS within +${BOUND_MB} MB, other clients answered`, async (t) => {
      const server = await startAbuseServer({ PARCEL_ENV: environment, WRITE_TIMEOUT_SECONDS: '120' });
      const sockets: Socket[] = [];
      try {
        const authentication = await authenticate(server);
        // The document once, so that what is built for every origin exists before the baseline.
        assert.equal((await send(server, '/rest/openapi.json')).status, 200);
        const before = residentBytes(server.process.child.pid);
        let peak = before;
        let tcpPeak = 0;
        const sampling = setInterval(() => {
          peak = Math.max(peak, residentBytes(server.process.child.pid));
          tcpPeak = Math.max(tcpPeak, tcpPages());
        }, 50);
        const answered = { validateOrders: 0, health: 0 };
        const failures: string[] = [];
        try {
          for (let index = 0; index < CONNECTIONS; index++) {
            const requests = Array.from(
              { length: PIPELINED },
              (_, request) => `GET /rest/openapi.json HTTP/1.1\r\nHost: ${hostOf(index * PIPELINED + request)}\r\n\r\n`,
            );
            sockets.push(await unreadConnection(server.port, requests.join('')));
          }
          // Probes sent after every hostile request: the server reads those first.
          const validate = JSON.stringify({ authentication, validateOrders: minimumRequest() });
          for (let probe = 0; probe < 10; probe++) {
            await send(server, '/health', undefined, { timeoutMs: 15_000 }).then(
              (answer) => (answer.status === 200 ? (answered.health += 1) : failures.push(`/health: ${answer.status}`)),
              (error: unknown) => failures.push(`/health: ${String(error)}`),
            );
            await send(server, VALIDATE, validate, { timeoutMs: 15_000 }).then(
              (answer) => (answer.status === 200 ? (answered.validateOrders += 1) : failures.push(`validateOrders: ${answer.status}`)),
              (error: unknown) => failures.push(`validateOrders: ${String(error)}`),
            );
          }
          // And the memory once more after the probes, while all the unread answers are still held.
          peak = Math.max(peak, residentBytes(server.process.child.pid));
        } finally {
          clearInterval(sampling);
        }
        for (const failure of failures.slice(0, 5)) t.diagnostic(`not answered: ${failure}`);
        t.diagnostic(`the machine's TCP buffers at most ${((tcpPeak * 4096) / MB).toFixed(0)} MB`);
        const open = sockets.filter((socket) => !socket.destroyed).length;
        t.diagnostic(
          `server RSS ${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at most (+${((peak - before) / MB).toFixed(0)} MB); ${open} of ${CONNECTIONS} connections still open; ${answered.health} of 10 /health, ${answered.validateOrders} of 10 validateOrders answered within 15 s`,
        );
        assert.ok(peak - before < BOUND_MB * MB, `+${((peak - before) / MB).toFixed(0)} MB`);
        assert.deepEqual(answered, { validateOrders: 10, health: 10 });
        for (const socket of sockets) socket.destroy();
        assert.equal((await server.stop()).code, 0);
      } finally {
        for (const socket of sockets) socket.destroy();
        await server.dispose();
      }
    });
  }
});
