// openStore: configuration, connection settings and migrations, on every store.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { DurabilityLostError, openDatabase, openStore, resolveStoreConfig, STORE_DEFAULTS } from '../../src/store/open-database.ts';
import { createTestDatabase, forEachStore, STORE_DIALECTS, type TestDatabase } from '../support/databases.ts';
import { killStoreProcesses, startStoreProcess } from './processes/child-process.ts';

test('resolveStoreConfig fills in documented defaults and freezes the result', () => {
  const config = resolveStoreConfig();
  assert.ok(Object.isFrozen(config));
  assert.deepEqual({ ...config, clock: undefined }, { databaseUrl: undefined, ...STORE_DEFAULTS, clock: undefined, log: undefined });
  assert.equal(resolveStoreConfig({ databaseUrl: '' }).databaseUrl, undefined);
});

const refused: ReadonlyArray<{ name: string; options: Parameters<typeof resolveStoreConfig>[0] }> = [
  { name: 'a URL of another database', options: { databaseUrl: 'mysql://localhost/parcels' } },
  { name: 'a file path as URL', options: { databaseUrl: './data/x.sqlite' } },
  { name: 'a lease of 0', options: { serialLeaseSize: 0 } },
  { name: 'a fractional busy timeout', options: { busyTimeoutMs: 1.5 } },
  { name: 'a negative pool', options: { poolSize: -1 } },
];
for (const { name, options } of refused) {
  test(`resolveStoreConfig refuses ${name}`, () => {
    assert.throws(() => resolveStoreConfig(options));
  });
}

for (const databaseUrl of ['postgres://u@h/d', 'postgresql://u@h/d', 'POSTGRES://u@h/d']) {
  test(`${databaseUrl} selects PostgreSQL`, async () => {
    const { dialect, db } = openDatabase({ databaseUrl });
    await db.destroy();
    assert.equal(dialect, 'postgres');
  });
}

test('openStore names the SQLite file it cannot open', async () => {
  const path = '/dev/null/nowhere/stage.sqlite';
  await assert.rejects(openStore({ sqlitePath: path }), (error: Error) => error.message === `cannot open the sqlite store ${path}`);
});

test('openStore fails at once when PostgreSQL cannot be reached', async () => {
  await assert.rejects(openStore({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' }), /cannot open the postgres store/);
});

test('openStore fails within its connect timeout when PostgreSQL accepts but never answers', async () => {
  // A blackholed host or a hung server: without a bound the start, and every query, waited forever.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
  await new Promise((resolve) => silent.once('listening', resolve));
  try {
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    await assert.rejects(
      openStore({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, connectTimeoutMs: 300 }),
      /cannot open the postgres store/,
    );
    assert.ok(Date.now() - started < 5000);
  } finally {
    sockets.forEach((socket) => socket.destroy());
    silent.close();
  }
});

test('a SQLite store whose file was removed under it fails its health check and refuses new orders', async () => {
  // Writes to an unlinked file succeed and vanish at the next start: a removed DATA_DIR must not go unnoticed.
  const database = await createTestDatabase('sqlite');
  const store = await openStore(database.options);
  try {
    await store.ping();
    await rm(dirname(database.options.sqlitePath!), { recursive: true, force: true });
    await assert.rejects(
      store.ping(),
      (error: Error) => error instanceof DurabilityLostError && /no longer at its path/.test((error.cause as Error).message),
    );
    const order = {
      orderType: 'consignment',
      sendingDepot: '0522',
      product: 'B2B',
      shipDate: 20261122,
      data: {},
      parcelState: 'queued',
      parcels: [],
    } as const;
    await assert.rejects(store.shipments.saveOrders(1, [order], new Date()), /no longer at its path/);
  } finally {
    await store.close();
    await database.dispose();
  }
});

forEachStore('openStore', ({ dialect, store, options }) => {
  if (dialect === 'sqlite') {
    test('SQLite: the parent directory is created; WAL, FULL sync, foreign keys, busy timeout are on', async () => {
      const path = options().sqlitePath!;
      assert.ok(existsSync(dirname(path)) && existsSync(path));
      const { db } = openDatabase(options());
      try {
        const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
        assert.equal(await pragma('journal_mode'), 'wal');
        assert.equal(await pragma('synchronous'), 2); // FULL
        assert.equal(await pragma('foreign_keys'), 1);
        assert.equal(await pragma('busy_timeout'), STORE_DEFAULTS.busyTimeoutMs);
      } finally {
        await db.destroy();
      }
    });
  }

  test('the store reports its dialect and frozen config', () => {
    assert.equal(store().dialect, dialect);
    assert.ok(Object.isFrozen(store()) && Object.isFrozen(store().config));
  });

  test('migrate again is a no-op', async () => {
    await store().migrate();
    await store().migrate();
  });

  test('migrate refuses a database of a newer schema, saying so, and changes nothing', async () => {
    const { db } = openDatabase(options());
    try {
      await db
        .insertInto('kysely_migration' as never)
        .values({ name: '2099-01-01-001-future', timestamp: '2099-01-01T00:00:00.000Z' })
        .execute();
      await assert.rejects(
        store().migrate(),
        (error: Error) =>
          /newer than this version of parcel-service knows \(2099-01-01-001-future\); run a newer version/.test(error.message) &&
          !/corrupted/.test(error.message),
      );
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '2099-01-01-001-future' as never)
        .execute();
    } finally {
      await db.destroy();
    }
  });

  test('foreign keys are enforced', async () => {
    const order = {
      orderType: 'consignment',
      sendingDepot: '0522',
      product: 'B2B',
      shipDate: 20261122,
      data: {},
      parcelState: 'queued',
      parcels: [],
    } as const;
    await assert.rejects(store().shipments.saveOrders(424_242, [order], new Date()));
  });
});

after(killStoreProcesses);
for (const dialect of STORE_DIALECTS) {
  let database: TestDatabase | undefined;
  after(() => database?.dispose());
  test(`3 processes migrating one new ${dialect} database at once all succeed`, async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const children = Array.from({ length: 3 }, () => startStoreProcess('migrate', database!.options));
    await Promise.all(children.map((child) => child.ready));
    children.forEach((child) => child.go());
    for (const exit of await Promise.all(children.map((child) => child.exited))) {
      assert.equal(exit.code, 0, exit.stderr);
    }
    const store = await openStore(database.options);
    try {
      assert.deepEqual(await store.shipments.reserveSerials(2), [1, 2]);
    } finally {
      await store.close();
    }
  });
}
