// Every statement a repository operation runs reaches its rows through an index, never by reading a
// whole table (docs/decisions.md "Performance": no request path is O(number of stored parcels)). The statements
// are captured from the real operations and explained on the database itself.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { NewOrder } from '../../src/domain/ports/shipment-ports.ts';
import { openDatabase, openStore, type Store } from '../../src/store/open-database.ts';
import type { StoreDialect } from '../../src/store/store-dialect.ts';
import type { Database } from '../../src/store/schema.ts';
import { forEachStore } from '../support/databases.ts';

const AT = new Date('2026-11-22T10:00:00.000Z');
const LATER = new Date('2027-01-22T10:00:00.000Z');
const NUMBERS = ['05220000000001', '05220000000002', '05220000000003'];

function order(numbers: readonly string[], state: 'queued' | 'transferred'): NewOrder {
  return {
    orderType: 'consignment',
    mpsId: `MPS${numbers[0]}20261122`,
    sendingDepot: '0522',
    product: 'B2B',
    shipDate: 20261122,
    data: {},
    parcels: numbers.map((number, position) => ({
      parcelLabelNumber: number,
      position,
      returns: false,
      weight: 1,
      serviceCode: '101',
      data: {},
    })),
    parcelState: state,
    ...(state === 'transferred' ? { expiresAt: new Date(AT.getTime() + 28 * 86_400_000) } : {}),
  };
}

/** The operations a request or a scheduled job runs; listings for operators are left out (they read everything on purpose). */
const operations: ReadonlyArray<{ name: string; run: (store: Store, accountId: number) => Promise<unknown> }> = [
  { name: 'findAccount', run: (store) => store.accounts.findAccount('ALICE') },
  { name: 'updateAccount', run: (store) => store.accounts.updateAccount('ALICE', { lateExport: true, depots: ['0522', '0100'] }) },
  { name: 'findValidToken', run: (store, accountId) => store.tokens.findValidToken(accountId, AT) },
  // A usable that accepts no token: the locked second look and the save run too.
  {
    name: 'findOrSaveToken',
    run: (store, accountId) =>
      store.tokens.findOrSaveToken(
        accountId,
        AT,
        () => false,
        () => ({
          tokenHash: 'b'.repeat(64),
          nonce: 'nonce',
          issuedAt: AT,
          expiresAt: LATER,
        }),
      ),
  },
  { name: 'findTokenByHash', run: (store) => store.tokens.findTokenByHash('a'.repeat(64)) },
  { name: 'deleteTokensExpiredBefore', run: (store) => store.tokens.deleteTokensExpiredBefore(AT) },
  { name: 'reserveSerials', run: (store) => store.shipments.reserveSerials(1) },
  { name: 'findParcels', run: (store, accountId) => store.shipments.findParcels(accountId, NUMBERS) },
  {
    name: 'transitionParcels (exportOrders)',
    run: (store, accountId) =>
      store.shipments.transitionParcels(accountId, [NUMBERS[0]], { from: ['queued'], to: 'transferred', at: AT, expiresAt: LATER }),
  },
  {
    name: 'transitionParcels (deleteOrders)',
    run: (store, accountId) =>
      store.shipments.transitionParcels(accountId, [NUMBERS[1]], { from: ['created', 'queued', 'transferred'], to: 'deleted', at: AT }),
  },
  { name: 'consolidate', run: (store, accountId) => store.shipments.consolidate(accountId, 20261122, AT) },
  // The notification round's index of due journeys (issue 41): read and moved on by account and instant.
  { name: 'parcelsFallingDue', run: (store, accountId) => store.parcelJourneys.parcelsFallingDue(accountId, LATER, AT, 400) },
  {
    name: 'setNextDue',
    run: (store, accountId) =>
      store.parcelJourneys.setNextDue(accountId, [{ parcelLabelNumber: NUMBERS[0], next: LATER }, { parcelLabelNumber: NUMBERS[2] }]),
  },
  { name: 'listConsolidations of an account', run: (store, accountId) => store.shipments.listConsolidations(accountId) },
  { name: 'parcelEvents', run: (store, accountId) => store.shipments.parcelEvents(accountId, NUMBERS[2]) },
  { name: 'transferredParcels (endOfDay)', run: (store, accountId) => store.manifests.transferredParcels(accountId, AT, LATER, 10_001) },
  { name: 'purgeExpired', run: (store) => store.shipments.purgeExpired(LATER) },
  { name: 'stage request counts', run: (store) => store.stageRequests.counts(AT) },
  { name: 'stage request retention', run: (store) => store.stageRequests.purgeBefore(AT) },
  // findStageRequests: every filter and the search a bounded read of one account's calls (issue 41).
  ...(
    [
      ['the first page', {}],
      ['by operation', { operation: 'storeOrders' }],
      ['failed only', { failedOnly: true }],
      ['a time range', { from: AT, to: LATER }],
      ['a time range, the next page', { from: AT, to: LATER, before: 1 }],
      ['by request id', { requestId: 'id-1' }],
      ['a search for parcel numbers', { containing: NUMBERS }],
    ] as const
  ).map(([filter, query]) => ({
    name: `findStageRequests, ${filter}`,
    run: (store: Store) =>
      store.stageRequests.findStageRequests('ALICE', { excludeOperations: ['findStageRequests'], limit: 20, ...query }),
  })),
  {
    name: 'refused calls counted (recordMany)',
    run: (store: Store) =>
      store.stageRequests.recordMany([
        {
          at: AT,
          binding: 'rest',
          operation: 'getAuth',
          delisId: 'ALICE',
          body: '',
          clientAddress: '192.0.2.1',
          refusedBeforeAuthentication: true,
        },
      ]),
  },
  { name: "an account's refused calls of a day", run: (store: Store) => store.stageRequests.refusedCalls('ALICE', '2026-11-22') },
  {
    name: 'parcel shops in a box (findParcelShopsByGeoData)',
    run: (store) =>
      store.parcelShops.parcelShopsWithin(
        { minLatitude: 52.3, maxLatitude: 52.4, minLongitude: 4.8, maxLongitude: 5.0 },
        { service: 'returns' },
        100,
      ),
  },
  { name: 'parcel shops of a postcode (findParcelShops)', run: (store) => store.parcelShops.parcelShopPlaces('NL', { zipKey: '1012LG' }) },
  {
    name: 'parcel shops of a postcode area (findParcelShops)',
    run: (store) => store.parcelShops.parcelShopPlaces('NL', { zipPrefix: '101' }),
  },
  { name: 'parcel shops of a city (findParcelShops)', run: (store) => store.parcelShops.parcelShopPlaces('NL', { cityKey: 'AMSTERDAM' }) },
  { name: 'known parcel shops (PSD orders)', run: (store) => store.parcelShops.knownParcelShops([101, 102]) },
  { name: 'remove a parcel shop', run: (store) => store.parcelShops.removeParcelShop(999) },
];

/** The access paths in the plan that read a whole table; empty when every table is reached through an index. */
async function tableScans(db: Kysely<Database>, dialect: StoreDialect, query: CompiledQuery): Promise<string[]> {
  if (dialect === 'sqlite') {
    // The store gathers statistics at open; on nearly empty tables they make reading a table whole the
    // cheapest plan. Statistics that price every table at a million rows (the technique of
    // sqlite.org/optoverview.html, "Manual Control Of Query Plans") show the plans of a table in use.
    await db.executeQuery(CompiledQuery.raw('analyze'));
    await db.executeQuery(CompiledQuery.raw('delete from sqlite_stat1'));
    await db.executeQuery(
      CompiledQuery.raw(
        "insert into sqlite_stat1 (tbl, idx, stat) select name, null, '1000000' from sqlite_schema where type = 'table' and name not like 'sqlite_%'",
      ),
    );
    await db.executeQuery(CompiledQuery.raw('analyze sqlite_schema'));
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return rows.map((row) => row.detail).filter((detail) => /^SCAN /.test(detail));
  }
  // The tables are nearly empty, where reading them whole is cheapest; with that priced out, the planner
  // still does it only when no index can answer the statement.
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      return seqScans(rows[0]['QUERY PLAN'][0].Plan);
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' ? [`Seq Scan on ${node['Relation Name']}`] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** Statements that read or change rows; inserts go by primary and unique keys anyway. */
function isLookup(query: CompiledQuery): boolean {
  return /^\s*(select|update|delete)\b/i.test(query.sql) && !/^\s*select 1\s*$/i.test(query.sql);
}

forEachStore('index use', ({ dialect, options }) => {
  const captured: CompiledQuery[] = [];
  let store: Store;
  let db: Kysely<Database>;
  let alice = 0;
  before(async () => {
    store = await openStore({
      ...options(),
      log: (event) => {
        captured.push(event.query);
      },
    });
    db = openDatabase(options()).db;
    alice = (
      await store.accounts.addAccount({
        delisId: 'ALICE',
        passwordHash: 'h',
        depots: ['0522'],
        messageLanguage: 'en_US',
        lateExport: true,
        pickupApproved: false,
      })
    ).id;
    await store.shipments.saveOrders(alice, [order(NUMBERS.slice(0, 2), 'queued'), order(NUMBERS.slice(2), 'transferred')], AT);
    await store.parcelShops.saveParcelShops([
      {
        parcelShopId: 101,
        company: 'Kiosk',
        street: 'Damrak',
        country: 'NL',
        zipCode: '1012LG',
        city: 'Amsterdam',
        latitude: 52.3752,
        longitude: 4.8966,
      },
    ]);
  });
  after(async () => {
    await store.close();
    await db.destroy();
  });

  for (const { name, run } of operations) {
    test(`${name} reads through indexes only`, async () => {
      captured.length = 0;
      await run(store, alice);
      const lookups = captured.filter(isLookup);
      assert.ok(lookups.length > 0, 'no statement was captured');
      for (const query of lookups) {
        assert.deepEqual(await tableScans(db, dialect, query), [], query.sql);
      }
    });
  }

  test('only consolidated parcels are in the index of parcels by consolidation (partial), which the lookups above use', async () => {
    const definition =
      dialect === 'sqlite'
        ? (
            await sql<{ definition: string }>`select sql as definition from sqlite_master where name = 'parcels_consolidation_idx'`.execute(
              db,
            )
          ).rows[0]?.definition
        : (
            await sql<{
              definition: string;
            }>`select indexdef as definition from pg_indexes where indexname = 'parcels_consolidation_idx'`.execute(db)
          ).rows[0]?.definition;
    assert.match(definition ?? '', /where\s+\(?"?consolidation_id"?\s+is\s+not\s+null\)?\s*$/i);
  });
});
