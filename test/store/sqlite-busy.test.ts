// SQLite held by another writer (a second process, a long operator command) past the busy timeout:
// the new orders waiting for it are refused together after one timeout, never one timeout each.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import type { NewOrder } from '../../src/domain/ports/shipment-ports.ts';
import { openStore, type Store } from '../../src/store/open-database.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

const BUSY_TIMEOUT_MS = 200;

let database: TestDatabase;
let store: Store;
before(async () => {
  database = await createTestDatabase('sqlite');
  store = await openStore({ ...database.options, busyTimeoutMs: BUSY_TIMEOUT_MS });
});
after(async () => {
  await store.close();
  await database.dispose();
});

const order = (serial: number): NewOrder => ({
  orderType: 'consignment',
  mpsId: `MPS0522${String(serial).padStart(10, '0')}20261122`,
  sendingDepot: '0522',
  product: 'B2B',
  shipDate: 20261122,
  data: {},
  parcelState: 'transferred',
  parcels: [
    {
      parcelLabelNumber: `0522${String(serial).padStart(10, '0')}`,
      position: 0,
      returns: false,
      weight: 300,
      serviceCode: '101',
      data: {},
    },
  ],
});

test('concurrent saveOrders against a write lock held elsewhere fail after one busy timeout, and store nothing', async () => {
  const account = (
    await store.accounts.addAccount({
      delisId: 'BUSY0001',
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    })
  ).id;
  const holder = new SqliteDatabase(database.options.sqlitePath);
  holder.prepare('begin immediate').run();
  const started = performance.now();
  let settled: PromiseSettledResult<void>[];
  try {
    settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => store.shipments.saveOrders(account, [order(i + 1)], new Date())),
    );
  } finally {
    holder.prepare('rollback').run();
    holder.close();
  }
  const elapsed = performance.now() - started;
  assert.deepEqual(
    settled.map((r) => r.status),
    Array(10).fill('rejected'),
  );
  assert.ok(settled.every((r) => (r as PromiseRejectedResult).reason?.code === 'SQLITE_BUSY'));
  // One timeout (better-sqlite3 waits on the event loop), not one per order: ten would take 2.2 s.
  assert.ok(elapsed < 4 * BUSY_TIMEOUT_MS, `the orders were refused after ${Math.round(elapsed)} ms`);
  const numbers = Array.from({ length: 10 }, (_, i) => order(i + 1).parcels[0].parcelLabelNumber);
  assert.deepEqual(await store.shipments.findParcels(account, numbers), []);
  // The lock released, the store writes again.
  await store.shipments.saveOrders(account, [order(11)], new Date());
  assert.equal((await store.shipments.findParcels(account, [order(11).parcels[0].parcelLabelNumber])).length, 1);
});
