// What the abuse suite (npm run test:abuse) shares: the service as `npm start` runs it (bundled, its
// own process, on loopback), an account, HTTP requests from a chosen loopback address, and slow
// raw connections. Every loop here is bounded in count and in time.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOpenFileLimit } from '../../src/server/connections/open-file-limit.ts';
import { minimumParcel, minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { runCli, startServerProcess, type ServerProcess } from './server-process.ts';

export const PASSWORD = 'abuse-test-pass';
export const LOGIN = '/rest/services/LoginService/V2_1/getAuth';
export const VALIDATE = '/rest/services/ShipmentService/V3_5/validateOrders';
export const STORE = '/rest/services/ShipmentService/V3_5/storeOrders';

const ROOT = new URL('../..', import.meta.url).pathname;
let bundle: string | undefined;

/** The command line bundled as `npm start` builds it, once per test file (inside the project, to find node_modules). */
function bundled(): string {
  if (bundle === undefined) {
    bundle = join(ROOT, 'dist', `abuse-${process.pid}.mjs`);
    execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), join(ROOT, 'src/cli/main.ts'), bundle], { cwd: ROOT });
  }
  return bundle;
}

/** A bundled server process on a fresh SQLite store with one account, `KDABUSE01`. */
export interface AbuseServer {
  readonly url: string;
  readonly port: number;
  readonly process: ServerProcess;
  readonly dataDir: string;
  readonly delisId: string;
  /** The warnings the server logged (level warn and above), as JSON lines: what the cap closed, say. */
  readonly warnings: string[];
  /** SIGTERM; resolves with the exit code and how long the exit took. */
  stop(): Promise<{ code: number | null; ms: number }>;
  dispose(): Promise<void>;
}

/** Starts the server; `otherAccounts` are made beside `KDABUSE01`, with the same password. */
export async function startAbuseServer(env: Record<string, string> = {}, otherAccounts: readonly string[] = []): Promise<AbuseServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parcel-abuse-'));
  const base = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', PURGE_INTERVAL_MINUTES: '0', ...env };
  const script = bundled();
  for (const delisId of ['KDABUSE01', ...otherAccounts])
    await runCli(['accounts', 'add', '--delis-id', delisId, '--password', PASSWORD, '--depot', '0522'], base, script);
  const server = await startServerProcess({ ...base, LOG_LEVEL: 'info' }, script);
  // Keep reading its log: a full pipe would stop the server. Its warnings are kept for the tests to show.
  const warnings: string[] = [];
  let partial = '';
  server.child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (/"level":(40|50|60)\b/.test(line)) warnings.push(line);
  });
  const port = Number(new URL(server.url).port);
  return {
    url: server.url,
    port,
    process: server,
    dataDir,
    delisId: 'KDABUSE01',
    warnings,
    async stop() {
      const started = performance.now();
      await server.stop();
      return { code: server.child.exitCode, ms: performance.now() - started };
    },
    async dispose() {
      await server.kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Removes the bundle this file built. */
export async function removeBundle(): Promise<void> {
  if (bundle === undefined) return;
  await rm(bundle, { force: true });
  await rm(`${bundle}.map`, { force: true });
}

/** An answer: status, headers, body text, and the milliseconds from sending to the whole answer. */
export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  readonly ms: number;
}

/**
 * POSTs (or GETs, without a body) to the server from `localAddress` (any of 127.0.0.0/8), on `agent`
 * when given (kept-alive connections) or a connection of its own. Rejects on a reset or a timeout.
 */
export function send(
  server: { port: number },
  path: string,
  body?: string | Buffer,
  options: { localAddress?: string; agent?: Agent; timeoutMs?: number; contentType?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        localAddress: options.localAddress,
        agent: options.agent ?? false,
        headers:
          body === undefined
            ? {}
            : { 'content-type': options.contentType ?? 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer to ${path} within ${options.timeoutMs ?? 30_000} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Logs in over REST (as `delisId`, default the server's account) and returns the authentication object for shipment calls. */
export async function authenticate(
  server: AbuseServer,
  delisId = server.delisId,
): Promise<{ delisId: string; authToken: string; messageLanguage: string }> {
  const answer = await send(server, LOGIN, JSON.stringify({ delisId, password: PASSWORD, messageLanguage: 'en_US' }));
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.text}`);
  return { delisId, authToken: JSON.parse(answer.text).getAuthResponse.return.authToken, messageLanguage: 'en_US' };
}

/** A raw connection that sends a request's headers and then its body one byte at a time. */
export interface SlowConnection {
  readonly socket: Socket;
  /** Whether the server has closed it, and what it answered first. */
  closed: boolean;
  received: string;
  /** When (performance.now()) its request began, and when it closed. */
  openedAt: number;
  closedAt: number;
}

/**
 * Opens `count` connections (in batches, each connected before the next batch), each sending a POST's
 * headers announcing a body of `bodyBytes` and one byte of it; `trickle()` sends one more byte on each
 * open one. Gives up after `withinMs`.
 */
export async function openSlowConnections(
  port: number,
  count: number,
  options: { bodyBytes?: number; withinMs?: number; batch?: number } = {},
): Promise<{ connections: SlowConnection[]; trickle(): void; closeAll(): void }> {
  const { bodyBytes = 1_000_000, withinMs = 60_000, batch = 500 } = options;
  const deadline = performance.now() + withinMs;
  const connections: SlowConnection[] = [];
  for (let opened = 0; opened < count && performance.now() < deadline; opened += batch) {
    const next = Array.from({ length: Math.min(batch, count - opened) }, () => {
      const socket = connect(port, '127.0.0.1');
      const connection: SlowConnection = { socket, closed: false, received: '', openedAt: Number.NaN, closedAt: Number.NaN };
      socket.on('data', (chunk) => {
        if (connection.received.length < 200) connection.received += chunk.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        connection.closed = true;
        connection.closedAt = performance.now();
      });
      connections.push(connection);
      return new Promise<void>((resolve) => {
        socket.once('connect', () => {
          connection.openedAt = performance.now();
          socket.write(
            `POST ${VALIDATE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n{`,
          );
          resolve();
        });
        socket.once('close', () => resolve());
      });
    });
    await Promise.all(next);
  }
  return {
    connections,
    trickle: () => {
      for (const connection of connections) if (!connection.closed) connection.socket.write(' ');
    },
    closeAll: () => {
      for (const connection of connections) connection.socket.destroy();
    },
  };
}

/** Waits until `done()` or `withinMs` passes, looking every `stepMs`; returns whether it came true. */
export async function waitFor(done: () => boolean, withinMs: number, stepMs = 50): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  return true;
}

/**
 * How many slow connections this machine lets the suite open: `wanted`, or fewer when the open-file
 * limit (raised to the hard limit by scripts/test.sh) cannot hold them on both sides of loopback.
 */
export function possibleConnections(wanted: number): { count: number; note?: string } {
  const limit = readOpenFileLimit();
  // This process holds the client ends; the server, a child with the same limit, the other ends.
  const count = limit === undefined ? wanted : Math.min(wanted, limit - 512);
  return count < wanted
    ? { count, note: `the open-file limit (ulimit -n) is ${limit}: ${count} connections instead of ${wanted}` }
    : { count };
}

/** Resident memory of a process in bytes (Linux /proc), NaN elsewhere. */
export function residentBytes(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user and system, all threads) a process has used, in ms (Linux /proc), NaN elsewhere. */
export function cpuMillis(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** 30 orders of 100 parcels, each receiver told by e-mail (predict). */
export function manyParcels(): JsonObject {
  const request = minimumRequest() as { order: Array<Record<string, unknown>> };
  const [order] = request.order as Array<{ productAndServiceData: Record<string, unknown> }>;
  const many = {
    ...order,
    parcels: Array.from({ length: 100 }, () => minimumParcel()),
    productAndServiceData: { ...order.productAndServiceData, predict: { channel: 1, value: 'ontvanger@example.nl', language: 'NL' } },
  };
  request.order = Array.from({ length: 30 }, () => many);
  return request as unknown as JsonObject;
}
