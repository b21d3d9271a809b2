// A failed fdatasync of the SQLite WAL (an I/O error, a full thin-provisioned disk): the group it
// covered is refused, and so is every later order, before it is stored: after a failed write-back no
// later sync proves anything durable (store/sqlite/wal-syncer.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { after, before, test } from 'node:test';
import type { NewOrder } from '../../src/domain/ports/shipment-ports.ts';
import { DurabilityLostError, openStore, type Store } from '../../src/store/open-database.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

let database: TestDatabase;
let store: Store;
before(async () => {
  database = await createTestDatabase('sqlite');
  store = await openStore(database.options);
});
after(async () => {
  await store.close();
  await database.dispose();
});

const number = (serial: number) => `0522${String(serial).padStart(10, '0')}`;
const order = (serial: number): NewOrder => ({
  orderType: 'consignment',
  mpsId: `MPS${number(serial)}20261122`,
  sendingDepot: '0522',
  product: 'B2B',
  shipDate: 20261122,
  data: {},
  parcelState: 'transferred',
  parcels: [{ parcelLabelNumber: number(serial), position: 0, returns: false, weight: 300, serviceCode: '101', data: {} }],
});

test('after a failed WAL sync, new orders are refused and not stored', async () => {
  const account = (
    await store.accounts.addAccount({
      delisId: 'SYNC0001',
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    })
  ).id;
  await store.shipments.saveOrders(account, [order(1)], new Date());
  const { fdatasync, fdatasyncSync } = fs;
  fs.fdatasyncSync = () => {
    throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
  };
  fs.fdatasync = ((_fd: number, callback: (error: Error | null) => void) => {
    setImmediate(() => callback(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })));
  }) as typeof fs.fdatasync;
  syncBuiltinESMExports();
  try {
    await assert.rejects(store.shipments.saveOrders(account, [order(2)], new Date()), { code: 'EIO' });
  } finally {
    fs.fdatasync = fdatasync;
    fs.fdatasyncSync = fdatasyncSync;
    syncBuiltinESMExports();
  }
  // The disk answers again, but what the failed write-back lost is gone: nothing after it is acknowledged.
  await assert.rejects(store.shipments.saveOrders(account, [order(3)], new Date()), /no write can be made durable/);
  assert.deepEqual(
    (await store.shipments.findParcels(account, [number(3)])).map((p) => p.parcelLabelNumber),
    [],
  );
  assert.equal((await store.shipments.findParcels(account, [number(1)])).length, 1);
  // Health checks see it, so a load balancer takes the process out until it is restarted.
  await assert.rejects(store.ping(), DurabilityLostError);
});
