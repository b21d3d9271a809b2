// The push queue across OS processes, with real `parcel-service serve` processes on live and a shop's
// receiver on loopback. kill -9: the server is killed while the receiver holds pushes unanswered and
// the rest are still queued; a new process on the same data delivers every push, and the only pushes
// the receiver got twice are those the kill cut off, each with its own pushid again. Two processes on
// one PostgreSQL database: both look at the same queue, and each push reaches the receiver once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openStore, type StoreOptions } from '../../src/store/open-database.ts';
import { edit, minimumParcel, minimumRequest, set } from '../fixtures/requests.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { startPushReceiver, type PushReceiver, type ReceivedPush } from '../support/push-receiver.ts';
import { REST_PATH } from '../support/rest.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const PASSWORD = 'push-process-password';
const PARCELS = 6;
/** Each parcel driven to Delivered (NL to NL): start_order, pickup_driver, pickup_depot ×2, delivery_depot, delivery_carload, delivery_customer. */
const TOTAL = PARCELS * 7;
/** The pushes one account has in flight at most (build-app.ts PUSHES_PER_ACCOUNT). */
const IN_FLIGHT = 4;

/** The env of a live server process pushing to loopback receivers, its queue looked at every second. */
function liveEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PARCEL_ENV: 'live',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    NOTIFY_INTERVAL_SECONDS: '1',
    PUSH_INTERVAL_SECONDS: '1',
    // Held pushes stay unanswered well past the kill (a try that timed out would wait an hour); a lease
    // of 2 × 15 s + 5 s: a push the kill cut off is taken again 35 s after it left.
    PUSH_TIMEOUT_SECONDS: '15',
    LABEL_THREADS: '0',
    ...extra,
  };
}

async function addPushingAccount(delisId: string, receiver: PushReceiver, env: Record<string, string>): Promise<void> {
  await runCli(['accounts', 'add', '--delis-id', delisId, '--password', PASSWORD, '--depot', '0522'], env);
  await runCli(['accounts', 'set', delisId, '--push-url', receiver.url], env);
}

/** Stores PARCELS parcels of one order for `delisId` through `server`, closes their day; answers their numbers. */
async function storeParcels(server: ServerProcess, delisId: string): Promise<string[]> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, any>;
  };
  const login = await post(REST_PATH.getAuth, { delisId, password: PASSWORD, messageLanguage: 'en_US' });
  const authentication = { delisId, authToken: login.getAuthResponse.return.authToken as string, messageLanguage: 'en_US' };
  const order = edit(
    minimumRequest(),
    set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6' }),
    set(
      'order[0].parcels',
      Array.from({ length: PARCELS }, () => minimumParcel()),
    ),
  );
  const stored = await post(REST_PATH.storeOrders, { authentication, storeOrders: order });
  const numbers = (stored.orderResult.shipmentResponses[0].parcelInformation as Array<{ parcelLabelNumber: string }>).map(
    (p) => p.parcelLabelNumber,
  );
  assert.equal(numbers.length, PARCELS, JSON.stringify(stored));
  const today = Number(stored.orderResult.shipmentResponses[0].mpsId.slice(-8));
  await post(REST_PATH.startOrdersConsolidation, { authentication, startOrdersConsolidation: { consolidationDate: today } });
  return numbers;
}

/** Every push the store holds is delivered; answers how many there are and how many tries each took, by pushid. */
async function keptPushes(options: StoreOptions): Promise<Map<string, number>> {
  const store = await openStore(options);
  try {
    const { pushes } = await store.pushes.listPushes({ limit: 100 });
    assert.ok(
      pushes.every((p) => p.state === 'delivered'),
      JSON.stringify(pushes.map((p) => [p.pushid, p.state])),
    );
    return new Map(pushes.map((p) => [p.pushid, p.attempts.length]));
  } finally {
    await store.close();
  }
}

const CODES = ['start_order', 'pickup_driver', 'pickup_depot', 'pickup_depot', 'delivery_depot', 'delivery_carload', 'delivery_customer'];

/**
 * Every copy of a pushid carries the same parameters, and each parcel's pushids are one per scan: its
 * codes, each once (two scans can share a code and a second, so a scan is known by its pushid alone).
 */
function assertOnePushidPerScan(received: readonly ReceivedPush[], numbers: readonly string[]): void {
  const byPushid = new Map<string, ReceivedPush>();
  for (const push of received) {
    const pushid = push.get('pushid') ?? assert.fail('a push without pushid');
    const first = byPushid.get(pushid);
    if (first !== undefined) assert.deepEqual(push.parameters, first.parameters, `pushid ${pushid} sent with other parameters`);
    byPushid.set(pushid, first ?? push);
  }
  for (const number of numbers) {
    const codes = [...byPushid.values()].filter((push) => push.get('pnr') === number).map((push) => push.get('status'));
    assert.deepEqual(codes.sort(), [...CODES].sort(), number);
  }
  assert.equal(byPushid.size, numbers.length * CODES.length);
}

describe('pushes across kill -9 (live, SQLite)', () => {
  const DELIS_ID = 'PUSHKILL1';
  let receiver: PushReceiver;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  before(async () => {
    receiver = await startPushReceiver();
    dataDir = await mkdtemp(join(tmpdir(), 'parcel-push-kill-'));
    env = liveEnv(dataDir);
    await addPushingAccount(DELIS_ID, receiver, env);
  });
  after(async () => {
    await server?.kill();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers every queued push after a kill -9 and a restart; only those cut off come twice, with their pushid', async () => {
    server = await startServerProcess(env);
    const numbers = await storeParcels(server, DELIS_ID);
    // The receiver acknowledges ten, then holds what comes next unanswered. Once it holds four — as
    // many as an account has in flight, so nothing more can leave — the process is killed.
    void receiver.holdAfter(10);
    await runCli(['parcels', 'advance', '--delis-id', DELIS_ID, '--to', 'Delivered', ...numbers], env);
    await receiver.arrived(10 + IN_FLIGHT);
    await server.kill();
    server = undefined;
    const cutOff = new Set(receiver.received.slice(10).map((push) => push.get('pushid')));
    assert.equal(cutOff.size, IN_FLIGHT);
    receiver.release();
    assert.ok(new Set(receiver.received.map((push) => push.get('pushid'))).size < TOTAL, 'pushes were still queued at the kill');

    // A new process on the same data sends the rest: those cut off once their lease ends.
    server = await startServerProcess(env);
    // Every push once, and those cut off once more (with the same pushid) when their lease ends.
    await receiver.arrivedDistinct(TOTAL);
    await receiver.arrived(TOTAL + cutOff.size);
    // Stopped gracefully, the sender ends its tries: what the store then holds is final.
    await server.stop();
    server = undefined;

    const received = receiver.received;
    assertOnePushidPerScan(received, numbers);
    const copies = new Map<string, number>();
    for (const push of received) copies.set(push.get('pushid')!, (copies.get(push.get('pushid')!) ?? 0) + 1);
    assert.equal(copies.size, TOTAL);
    // Sent twice: exactly the pushes the kill cut off (the first try unanswered, the second acknowledged).
    assert.deepEqual(new Set([...copies].filter(([, count]) => count > 1).map(([pushid]) => pushid)), cutOff);
    assert.ok([...copies.values()].every((count) => count <= 2));
    const kept = await keptPushes({ sqlitePath: join(dataDir, 'live.sqlite') });
    assert.equal(kept.size, TOTAL);
    assert.deepEqual(new Set(kept.keys()), new Set(copies.keys()));
  });
});

describe('pushes of two processes on one PostgreSQL database (live)', () => {
  const DELIS_ID = 'PUSHPG001';
  let receiver: PushReceiver;
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  before(async () => {
    receiver = await startPushReceiver();
    database = await createTestDatabase('postgres');
    dataDir = await mkdtemp(join(tmpdir(), 'parcel-push-pg-'));
    env = liveEnv(dataDir, { DATABASE_URL: database.options.databaseUrl! });
    await addPushingAccount(DELIS_ID, receiver, env);
  });
  after(async () => {
    for (const server of servers) await server.kill();
    await receiver.close();
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers each push once, both processes taking from the same queue', async () => {
    servers.push(await startServerProcess(env), await startServerProcess(env));
    const numbers = await storeParcels(servers[0], DELIS_ID);
    await runCli(['parcels', 'advance', '--delis-id', DELIS_ID, '--to', 'Delivered', ...numbers], env);
    await receiver.arrivedDistinct(TOTAL);
    for (const server of servers.splice(0)) await server.stop();

    const received = receiver.received;
    assertOnePushidPerScan(received, numbers);
    assert.equal(received.length, TOTAL, 'no push twice');
    const kept = await keptPushes(database.options);
    assert.equal(kept.size, TOTAL);
    assert.deepEqual([...new Set(kept.values())], [1], 'one try each');
  });
});
