// Shared benchmark plumbing: child servers, an account with a token, autocannon runs, ratios.
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { hashPassword } from '../../src/domain/login/password.ts';
import { openStore } from '../../src/store/open-database.ts';

export interface ChildServer {
  readonly url: string;
  readonly pid: number | undefined;
  /** CPU time the child has used so far, all its threads, in µs (Linux /proc; NaN elsewhere). */
  cpuMicros(): number;
  /** The child's resident memory now, in bytes (Linux /proc; NaN elsewhere). */
  residentBytes(): number;
  stop(): Promise<void>;
}

/** User + system CPU of process `pid` in µs, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMicrosOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of process `pid` in bytes, from /proc/<pid>/status. */
function residentBytesOf(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? Number.NaN : Number(match[1]) * 1024;
  } catch {
    return Number.NaN;
  }
}

const execFileAsync = promisify(execFile);
let built: Promise<string> | undefined;

/** server-child.ts bundled like `npm start`'s build, so the benchmarks measure what operators run. */
function builtServerChild(): Promise<string> {
  built ??= (async () => {
    const outfile = fileURLToPath(new URL('../../dist/bench-server-child.mjs', import.meta.url));
    // scripts/build.mjs also builds the worker threads (stage log, labels, checkpointer) beside it.
    await execFileAsync(
      process.execPath,
      [
        fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url)),
        fileURLToPath(new URL('./server-child.ts', import.meta.url)),
        outfile,
      ],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    return outfile;
  })();
  return built;
}

/**
 * Starts the bundled `server-child.ts <mode>` and waits for its port; `script` is another build of it
 * (another commit's, bench/support/baseline.ts).
 */
export async function startChild(
  mode: 'bare' | 'service' | 'node-soap',
  env: Record<string, string> = {},
  script?: string,
  /** A command the child runs under, e.g. valgrind and its options (bench/instructions.ts). */
  wrapper: readonly string[] = [],
): Promise<ChildServer> {
  script ??= await builtServerChild();
  const [command, ...options] = [...wrapper, process.execPath];
  const child = spawn(command, [...options, script, mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const match = /^PORT (\d+)$/.exec(line);
    if (match) return childServer(child, `http://127.0.0.1:${match[1]}`);
  }
  throw new Error(`${mode} server exited before listening`);
}

/** A server running as `child`, listening at `url`. */
export function childServer(child: ChildProcess, url: string): ChildServer {
  return {
    url,
    pid: child.pid,
    cpuMicros: () => cpuMicrosOf(child.pid),
    residentBytes: () => residentBytesOf(child.pid),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** A fresh data directory with one account in `environment` (default stage); returns its env and credentials. */
export async function prepareAccount(options: { lateExport?: boolean; environment?: 'live' | 'stage' } = {}) {
  const environment = options.environment ?? 'stage';
  const dataDir = mkdtempSync(join(tmpdir(), 'parcel-bench-'));
  const store = await openStore({ sqlitePath: join(dataDir, `${environment}.sqlite`) });
  await store.migrate();
  await store.accounts.addAccount({
    delisId: 'BENCH0001',
    passwordHash: await hashPassword('bench-password'),
    depots: ['0522'],
    messageLanguage: 'en_US',
    lateExport: options.lateExport ?? false,
    pickupApproved: true,
  });
  await store.close();
  return { env: { DATA_DIR: dataDir, PARCEL_ENV: environment }, delisId: 'BENCH0001', password: 'bench-password' };
}

export async function login(url: string, delisId: string, password: string): Promise<string> {
  const response = await fetch(`${url}/rest/services/LoginService/V2_1/getAuth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ delisId, password, messageLanguage: 'en_US' }),
  });
  const body = (await response.json()) as { getAuthResponse: { return: { authToken: string } } };
  return body.getAuthResponse.return.authToken;
}

/** Requests per second of POSTing `body` to `url` (autocannon, BENCH_CONNECTIONS connections, default 10). */
export async function measure(
  url: string,
  body: string,
  contentType = 'application/json',
  seconds = Number(process.env.BENCH_SECONDS ?? 5),
): Promise<number> {
  return (await run(url, body, contentType, seconds)).rate;
}

/**
 * An autocannon run against `url`. Answers other than 2xx, and connection errors, end the benchmark —
 * unless `tolerated` (a side that is not the service, such as a proxy in front of the bare route), when
 * they are counted and reported beside its figure instead.
 */
async function run(
  url: string,
  body: string,
  contentType = 'application/json',
  seconds = Number(process.env.BENCH_SECONDS ?? 5),
  tolerated = false,
) {
  const result = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    duration: seconds,
  });
  const failed = result.non2xx + result.errors;
  if (failed > 0 && !tolerated) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, requests: result.requests.total, failed };
}

/** One side of a comparison: the server child and the URL to POST to. */
export interface Side {
  readonly server: ChildServer;
  readonly url: string;
  /** Default application/json. */
  readonly contentType?: string;
  /** This side's own body, where it differs from the other's (another account's token, say). */
  readonly body?: string;
  /** Answers other than 2xx are counted and reported rather than ending the run (a side that is not the service). */
  readonly tolerateFailures?: boolean;
}

/** Throughput of `side`, and the server's CPU per request in µs (all its threads). */
async function measureSide(side: Side, body: string): Promise<{ rate: number; cpuPerRequest: number; requests: number; failed: number }> {
  const before = side.server.cpuMicros();
  const { rate, requests, failed } = await run(side.url, side.body ?? body, side.contentType, undefined, side.tolerateFailures);
  return { rate, cpuPerRequest: (side.server.cpuMicros() - before) / requests, requests, failed };
}

export const ratio = (value: number, baseline: number) => (value / baseline).toFixed(2);

/**
 * Measures `target` and the bare baseline in alternating pairs (BENCH_ROUNDS, default 9, after a
 * warm-up), so drift on a shared machine hits both alike; prints every pair's ratio and their median,
 * the figure that counts against `goal` (if there is one). Also prints each server's CPU per request, which other load
 * on the machine disturbs far less than throughput.
 */
export async function compareWithBare(
  bare: Side,
  label: string,
  target: Side,
  body: string,
  goal?: number,
  bareLabel = 'bare Fastify route (parse JSON, fixed answer)',
): Promise<number> {
  await run(target.url, target.body ?? body, target.contentType, 2, target.tolerateFailures);
  await run(bare.url, bare.body ?? body, bare.contentType, 2, bare.tolerateFailures);
  // Nine short pairs rather than five long ones: bursts of other load on the host hit fewer of them.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
  type Measured = Awaited<ReturnType<typeof measureSide>>;
  const pairs: Array<{ bare: Measured; target: Measured }> = [];
  for (let round = 0; round < rounds; round++) {
    // ABBA order: neither side always runs first.
    const first = round % 2 === 0;
    const a = await measureSide(first ? bare : target, body);
    const b = await measureSide(first ? target : bare, body);
    pairs.push(first ? { bare: a, target: b } : { bare: b, target: a });
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const ratios = pairs.map((p) => p.target.rate / p.bare.rate);
  const cpu = (side: 'bare' | 'target') => median(pairs.map((p) => p[side].cpuPerRequest)).toFixed(0);
  console.log(
    `${bareLabel}: ${median(pairs.map((p) => p.bare.rate)).toFixed(0)} req/s, ${cpu('bare')} µs CPU per request (medians of ${rounds})`,
  );
  console.log(
    `${label}: ${median(pairs.map((p) => p.target.rate)).toFixed(0)} req/s, ${cpu('target')} µs CPU per request (medians of ${rounds})`,
  );
  for (const [side, name] of [
    ['bare', bareLabel],
    ['target', label],
  ] as const) {
    const failed = pairs.reduce((sum, p) => sum + p[side].failed, 0);
    const requests = pairs.reduce((sum, p) => sum + p[side].requests, 0);
    if (failed > 0) console.log(`${name}: ${failed} of ${requests} answers were not 2xx (counted in its rate)`);
  }
  console.log(`ratio per pair: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
  console.log(`ratio (median): ${median(ratios).toFixed(2)}${goal === undefined ? '' : ` (target ≥ ${goal})`}`);
  return median(ratios);
}
