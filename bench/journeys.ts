// npm run bench:journeys — journeys at scale (issue 41 item 4): a stage account stores
// BENCH_JOURNEY_PARCELS parcels (default 100,000; 30 orders of 100 parcels a call, each receiver told by
// e-mail), closes its day, runs its journey clock and moves it PT12H. Meanwhile another account's
// validateOrders is probed one call after another: its p99 against the same probes' idle p99 taken
// first in the same run (goal: within 2×), and the time until no journey of the busy account is due.
// Then the same with tracking push on, for BENCH_JOURNEY_PUSH_PARCELS parcels (default 3,000): a second
// busy account with a push URL (a receiver in this process that acknowledges every push), and the time
// until every push it was sent is acknowledged.
import { createServer } from 'node:http';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { minimumRequest } from '../test/fixtures/requests.ts';
import { authenticate, manyParcels, removeBundle, send, startAbuseServer, VALIDATE, type AbuseServer } from '../test/support/abuse.ts';
import { REST_PATH } from '../test/support/rest.ts';

const PARCELS = Number(process.env.BENCH_JOURNEY_PARCELS ?? 100_000);
/** Parcels of the push phase: about four pushes each reach the receiver (issue 36's sender: see docs/operations.md). */
const PUSH_PARCELS = Number(process.env.BENCH_JOURNEY_PUSH_PARCELS ?? 3_000);
const PER_CALL = 30 * 100;
const IDLE_PROBES = 300;
/** The busy accounts' time when they store and close their day: Tuesday 5 January 2027, 16:00 in Amsterdam. */
const TUESDAY = '2027-01-05T15:00:00Z';
const HORIZON = Date.parse(TUESDAY) + 12 * 3_600_000;

async function call(server: AbuseServer, path: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await send(server, path, JSON.stringify(body), { timeoutMs: 600_000 });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text) as Record<string, unknown>;
}

/** One number from the server's database (read-only, beside the running service). */
function count(server: AbuseServer, query: string, ...parameters: unknown[]): number {
  const db = new SqliteDatabase(join(server.dataDir, 'stage.sqlite'), { fileMustExist: true, readonly: true });
  try {
    return (db.prepare(query).get(...parameters) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Stores `parcels` parcels for `delisId`, closes its day and runs its journey clock (not yet moved). */
async function prepareBusy(server: AbuseServer, delisId: string, parcels: number, pushUrl?: string) {
  let busy = await authenticate(server, delisId);
  await call(server, REST_PATH.setClock, { authentication: busy, setClock: { fixedTime: TUESDAY } });
  busy = await authenticate(server, delisId);
  if (pushUrl !== undefined) await call(server, REST_PATH.setPushUrl, { authentication: busy, setPushUrl: { url: pushUrl } });
  const started = performance.now();
  for (let stored = 0; stored < parcels; stored += PER_CALL)
    await call(server, REST_PATH.storeOrders, { authentication: busy, storeOrders: manyParcels() });
  const storeSeconds = (performance.now() - started) / 1000;
  await call(server, REST_PATH.startOrdersConsolidation, {
    authentication: busy,
    startOrdersConsolidation: { consolidationDate: 20270105 },
  });
  await call(server, REST_PATH.setJourneyClock, { authentication: busy, setJourneyClock: { running: true } });
  return { busy, storeSeconds };
}

/** Probes the other account until `done` holds (looked at every 20 probes); their times and when it held. */
async function probeUntil(server: AbuseServer, validate: string, done: () => boolean) {
  const times: number[] = [];
  const started = performance.now();
  let doneAt: number | undefined;
  while (doneAt === undefined) {
    const answer = await send(server, VALIDATE, validate, { timeoutMs: 120_000 });
    if (answer.status !== 200) throw new Error(`probe: ${answer.status}`);
    times.push(answer.ms);
    if (times.length % 20 === 0 && done()) doneAt = performance.now();
  }
  return { times, seconds: ((doneAt ?? performance.now()) - started) / 1000 };
}

const pushes = { received: 0 };
const receiver = createServer((request, response) => {
  const pushid = new URL(request.url ?? '/', 'http://receiver').searchParams.get('pushid') ?? '';
  pushes.received += 1;
  response.writeHead(200, { 'content-type': 'text/xml' }).end(`<push><pushid>${pushid}</pushid><status>OK</status></push>`);
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const pushUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/push?shop=bench`;

const server = await startAbuseServer(
  { PARCEL_ENV: 'stage', NOTIFY_INTERVAL_SECONDS: '1', SESSION_CACHE_SECONDS: '0', PUSH_ALLOWED_NETWORKS: '127.0.0.0/8' },
  ['KDABUSE02', 'KDABUSE03'],
);
try {
  const other = await authenticate(server, 'KDABUSE02');
  const validate = JSON.stringify({ authentication: other, validateOrders: minimumRequest() });
  const idle: number[] = [];
  for (let probe = 0; probe < IDLE_PROBES; probe++) idle.push((await send(server, VALIDATE, validate)).ms);
  const idleP99 = percentile(idle, 0.99);
  console.log(
    `another account's validateOrders, idle: p50 ${percentile(idle, 0.5).toFixed(1)} ms, p99 ${idleP99.toFixed(1)} ms (${IDLE_PROBES} probes)`,
  );

  for (const [delisId, withPush] of [
    ['KDABUSE01', false],
    ['KDABUSE03', true],
  ] as const) {
    const parcels = withPush ? PUSH_PARCELS : PARCELS;
    const { busy, storeSeconds } = await prepareBusy(server, delisId, parcels, withPush ? pushUrl : undefined);
    const account = count(server, 'select id as n from accounts where delis_id = ?', delisId);
    const receivedBefore = pushes.received;
    await call(server, REST_PATH.setClock, { authentication: busy, setClock: { advanceBy: 'PT12H' } });
    const due = () => count(server, 'select count(*) as n from journey_due where due_at <= ? and account_id = ?', HORIZON, account) === 0;
    const pending = () =>
      count(server, "select count(*) as n from pushes where account_id = ? and state in ('queued', 'sending')", account) === 0;
    const run = await probeUntil(server, validate, withPush ? () => due() && pending() : due);
    const p99 = percentile(run.times, 0.99);
    const messages = count(server, 'select count(*) as n from notifications where account_id = ?', account);
    console.log(
      `${withPush ? 'with tracking push on' : 'without push'}: ${parcels.toLocaleString('en')} parcels stored in ${storeSeconds.toFixed(0)} s; ` +
        `moved PT12H: ${withPush ? 'every journey looked at and every push acknowledged' : 'every journey looked at'} after ${run.seconds.toFixed(0)} s ` +
        `(${((run.seconds * 1000) / parcels).toFixed(2)} ms a parcel)${withPush ? `, ${pushes.received - receivedBefore} pushes received` : ''}, ${messages} receiver messages made`,
    );
    console.log(
      `  the other account's validateOrders meanwhile: p50 ${percentile(run.times, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...run.times).toFixed(0)} ms over ${run.times.length} probes — p99 ${(p99 / idleP99).toFixed(2)}× idle (goal ≤ 2)`,
    );
  }
  await server.stop();
} finally {
  await server.dispose();
  await removeBundle();
  receiver.close();
}

function percentile(values: readonly number[], at: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * at))];
}
