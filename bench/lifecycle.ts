// npm run bench:lifecycle — exportOrders, deleteOrders and startOrdersConsolidation for one account
// with 1,000,000 parcels stored in SQLite (seeded here), beside the same calls on a nearly empty
// store in the same run. Target: under 5 ms per call; the ratio shows no path grows with the data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../src/domain/login/password.ts';
import { openDatabase, openStore } from '../src/store/open-database.ts';
import { BENCH_DELIS_ID, BENCH_PASSWORD, liveSqlitePath, startInProcessService, summary } from './support/in-process.ts';

const TOTAL = Number(process.env.BENCH_PARCELS ?? 1_000_000);
const ACCOUNTS = 100;
const PER_ORDER = 50;
/** Parcels of the measured account (half queued, half transferred). */
const TARGET_PARCELS = 10_000;
const DAYS = 30;
const BASE_DATE = new Date('2026-10-24T12:00:00Z').getTime();
const DAY_MS = 24 * 60 * 60 * 1000;

const shipDate = (day: number) => {
  const d = new Date(BASE_DATE + day * DAY_MS);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

/** Seeds `total` parcels over ACCOUNTS accounts (account 1 is the measured, late-export one). */
async function seed(sqlitePath: string, total: number): Promise<void> {
  const store = await openStore({ sqlitePath });
  await store.migrate();
  const hash = await hashPassword(BENCH_PASSWORD);
  for (let a = 1; a <= ACCOUNTS; a++) {
    await store.accounts.addAccount({
      delisId: `BENCH${String(a).padStart(4, '0')}`,
      passwordHash: hash,
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: a === 1,
      pickupApproved: true,
    });
  }
  await store.close();
  const { db } = openDatabase({ sqlitePath });
  const now = Date.now();
  let serial = 1;
  let orderId = 0;
  const batch = 20_000;
  for (let done = 0; done < total; done += batch) {
    await db.transaction().execute(async (trx) => {
      const orders = [];
      const parcels = [];
      for (let i = done; i < Math.min(total, done + batch); i += PER_ORDER) {
        orderId += 1;
        // The measured account has the same TARGET_PARCELS in every store, spread over the days, so
        // both sizes do the same work per call; the other accounts fill the rest.
        const measured = orderId <= TARGET_PARCELS / PER_ORDER;
        const account = measured ? 1 : (orderId % (ACCOUNTS - 1)) + 2;
        const day = orderId % DAYS;
        orders.push({
          id: orderId,
          account_id: account,
          order_type: 'consignment' as const,
          mps_id: `MPS0522${String(serial).padStart(10, '0')}${shipDate(day)}`,
          carrier_reference: null,
          sending_depot: '0522',
          product: 'B2B',
          ship_date: shipDate(day),
          data: '{}',
          created_at: now,
        });
        for (let p = 0; p < PER_ORDER && i + p < total; p++) {
          const queued = account === 1 && p % 2 === 0;
          parcels.push({
            account_id: account,
            order_id: orderId,
            parcel_label_number: `0522${String(serial++).padStart(10, '0')}`,
            position: p,
            returns: 0 as const,
            weight: 500,
            service_code: '101',
            state: queued ? ('queued' as const) : ('transferred' as const),
            ship_date: shipDate(day),
            data: '{}',
            created_at: now,
            transferred_at: queued ? null : now,
            expires_at: queued ? null : now + 28 * DAY_MS,
            consolidated_at: null,
            deleted_at: null,
            consolidation_id: null,
          });
        }
      }
      for (let i = 0; i < orders.length; i += 500)
        await trx
          .insertInto('orders')
          .values(orders.slice(i, i + 500))
          .execute();
      for (let i = 0; i < parcels.length; i += 500)
        await trx
          .insertInto('parcels')
          .values(parcels.slice(i, i + 500))
          .execute();
    });
  }
  await db
    .updateTable('serial_counters')
    .set({ next_value: serial + 1 })
    .execute();
  await db.destroy();
}

interface Figures {
  export1: number[];
  export10: number[];
  delete1: number[];
  consolidate: number[];
}

/** Calls each operation many times over HTTP (in-process inject) and returns per-call times in ms. */
async function measure(dataDir: string): Promise<Figures> {
  const store = await openStore({ sqlitePath: liveSqlitePath(dataDir) });
  const service = await startInProcessService(dataDir, store);
  const { post, authentication } = service;
  const account = await store.accounts.findAccount(BENCH_DELIS_ID);
  if (account === undefined) throw new Error(`${BENCH_DELIS_ID} was not seeded`);
  const { db } = openDatabase({ sqlitePath: liveSqlitePath(dataDir) });
  const queued = (
    await db
      .selectFrom('parcels')
      .select('parcel_label_number')
      .where('account_id', '=', account.id)
      .where('state', '=', 'queued')
      .limit(300)
      .execute()
  ).map((r) => r.parcel_label_number);
  const transferred = (
    await db
      .selectFrom('parcels')
      .select('parcel_label_number')
      .where('account_id', '=', account.id)
      .where('state', '=', 'transferred')
      .limit(150)
      .execute()
  ).map((r) => r.parcel_label_number);
  await db.destroy();
  const time = async (work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };
  const figures: Figures = { export1: [], export10: [], delete1: [], consolidate: [] };
  const call = (operation: string, body: unknown) =>
    post(`/rest/services/ShipmentService/V3_5/${operation}`, { authentication, [operation]: body });
  for (let i = 0; i < 100; i++) figures.export1.push(await time(() => call('exportOrders', { parcelLabelNumber: [queued[i]] })));
  for (let i = 0; i < 20; i++)
    figures.export10.push(await time(() => call('exportOrders', { parcelLabelNumber: queued.slice(100 + i * 10, 110 + i * 10) })));
  for (let i = 0; i < 150; i++) figures.delete1.push(await time(() => call('deleteOrders', { parcelLabelNumber: [transferred[i]] })));
  for (let day = 0; day < DAYS; day++)
    figures.consolidate.push(await time(() => call('startOrdersConsolidation', { consolidationDate: shipDate(day) })));
  await service.close();
  await store.close();
  return figures;
}

const dirs = [mkdtempSync(join(tmpdir(), 'parcel-lifecycle-small-')), mkdtempSync(join(tmpdir(), 'parcel-lifecycle-large-'))];
try {
  const sizes = [20_000, TOTAL];
  const results: Figures[] = [];
  for (const [i, size] of sizes.entries()) {
    const started = performance.now();
    await seed(liveSqlitePath(dirs[i]), size);
    console.log(`seeded ${size.toLocaleString('en')} parcels in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    results.push(await measure(dirs[i]));
  }
  console.log(
    `\nper call, ms (median / p95 / max) — ${sizes[0].toLocaleString('en')} parcels (small) vs ${TOTAL.toLocaleString('en')} parcels (large); the measured account has ${TARGET_PARCELS.toLocaleString('en')} parcels in both; each consolidation closes ~${Math.round(TARGET_PARCELS / DAYS / 2)} parcels`,
  );
  for (const key of ['export1', 'export10', 'delete1', 'consolidate'] as const) {
    const [small, large] = results.map((r) => summary(r[key]));
    const f = (s: { median: number; p95: number; max: number }) => `${s.median.toFixed(2)} / ${s.p95.toFixed(2)} / ${s.max.toFixed(2)}`;
    console.log(
      `${key.padEnd(12)} small ${f(small)}   large ${f(large)}   median ratio ${(large.median / small.median).toFixed(2)}   target < 5 ms: ${large.p95 < 5 ? 'met' : 'NOT met'} (p95)`,
    );
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
