// Migration 009 (ConsoleService) over every store: the parcels a database already holds become
// findable by the references on their labels, those whose data is gone do not, and the print options
// and answers it adds start empty.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Migrator, type Kysely } from 'kysely';
import { migrations } from '../../src/store/migrate.ts';
import { openDatabase } from '../../src/store/open-database.ts';
import { STORE_DIALECTS, createTestDatabase, type TestDatabase } from '../support/databases.ts';

const CONSOLE_MIGRATION = '2026-11-25-009-console';
const provider = { getMigrations: async () => migrations };

for (const dialect of STORE_DIALECTS) {
  describe(`migration ${CONSOLE_MIGRATION} [${dialect}]`, () => {
    let database: TestDatabase;
    let db: Kysely<any>;
    before(async () => {
      database = await createTestDatabase(dialect, { migrate: false });
      db = openDatabase(database.options).db as Kysely<any>;
      const before = Object.keys(migrations)
        .filter((name) => name < CONSOLE_MIGRATION)
        .at(-1)!;
      const { error } = await new Migrator({ db, provider }).migrateTo(before);
      assert.equal(error, undefined);
      const [{ id: accountId }] = await db
        .insertInto('accounts')
        .values({ delis_id: 'KDMIGRATE', password_hash: 'h', message_language: 'en_US', late_export: 0, pickup_approved: 0, created_at: 1 })
        .returning('id')
        .execute();
      const order = (data: unknown) => ({
        account_id: accountId,
        order_type: 'consignment',
        mps_id: 'MPS1',
        carrier_reference: null,
        sending_depot: '0522',
        product: 'B2B',
        ship_date: 20261123,
        data: data === null ? null : JSON.stringify(data),
        created_at: 1,
      });
      const [kept, gone] = await db
        .insertInto('orders')
        .values([
          order({ generalShipmentData: { mpsCustomerReferenceNumber1: 'Order-7 ', mpsCustomerReferenceNumber2: 'order-7' } }),
          order(null),
        ])
        .returning('id')
        .execute();
      const parcel = (orderId: number, number: string, data: unknown, state: string) => ({
        account_id: accountId,
        order_id: orderId,
        parcel_label_number: number,
        position: 0,
        returns: 0,
        weight: 100,
        service_code: '101',
        state,
        ship_date: 20261123,
        data: data === null ? null : JSON.stringify(data),
        created_at: 1,
      });
      await db
        .insertInto('parcels')
        .values([
          parcel(
            Number(kept.id),
            '05229000000001',
            { customerReferenceNumber1: 'REF-A', customerReferenceNumber2: 'REF-A' },
            'transferred',
          ),
          parcel(Number(gone.id), '05229000000002', null, 'deleted'),
        ])
        .execute();
      const result = await new Migrator({ db, provider }).migrateToLatest();
      assert.equal(result.error, undefined);
    });
    after(async () => {
      await db?.destroy();
      await database?.dispose();
    });

    it('fills the references of the parcels that keep their data: each once, lower case, trimmed', async () => {
      const rows = await db.selectFrom('parcel_references').select(['parcel_label_number', 'reference']).orderBy('reference').execute();
      assert.deepEqual(rows, [
        { parcel_label_number: '05229000000001', reference: 'order-7' },
        { parcel_label_number: '05229000000001', reference: 'ref-a' },
      ]);
    });

    it('adds print options to orders and answers to stage requests, empty for what was stored before', async () => {
      const orders = await db.selectFrom('orders').select('print_options').execute();
      assert.deepEqual(
        orders.map((row) => row.print_options),
        [null, null],
      );
      await db
        .insertInto('stage_requests')
        .values({ at: 1, binding: 'rest', operation: 'getAuth', delis_id: 'KDMIGRATE', error_code: null, body: '{}' })
        .execute();
      assert.deepEqual(await db.selectFrom('stage_requests').select('answer').execute(), [{ answer: null }]);
    });
  });
}
