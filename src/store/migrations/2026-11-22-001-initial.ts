// The first schema: accounts, tokens, serial counter, orders and parcels with their events, and the
// tables for consolidation and stage request logging. Instants are epoch ms in bigint columns (an
// integer column on SQLite), flags 0/1 integers, documents JSON text: the same on both databases.
import { sql, type Kysely } from 'kysely';
import { addIdColumn } from './portable-columns.ts';

/** The counter parcel serials are leased from; the first serial is 1. */
const PARCEL_SERIAL_COUNTER = 'parcel_serial';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .$call((table) => addIdColumn(db, table))
    .addColumn('delis_id', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('message_language', 'text', (column) => column.notNull())
    .addColumn('late_export', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('pickup_approved', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('accounts_delis_id_unique', ['delis_id'])
    .execute();

  await db.schema
    .createTable('account_depots')
    .addColumn('account_id', 'bigint', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('depot', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('account_depots_pk', ['account_id', 'depot'])
    .execute();

  await db.schema
    .createTable('auth_tokens')
    .$call((table) => addIdColumn(db, table))
    .addColumn('account_id', 'bigint', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('issued_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('auth_tokens_token_hash_unique', ['token_hash'])
    .execute();
  // findValidToken: the account's newest unexpired token.
  await db.schema.createIndex('auth_tokens_account_expires_idx').on('auth_tokens').columns(['account_id', 'expires_at']).execute();
  // deleteTokensExpiredBefore.
  await db.schema.createIndex('auth_tokens_expires_idx').on('auth_tokens').column('expires_at').execute();

  await db.schema
    .createTable('serial_counters')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('next_value', 'bigint', (column) => column.notNull())
    .execute();
  await db.insertInto('serial_counters').values({ name: PARCEL_SERIAL_COUNTER, next_value: 1 }).execute();

  await db.schema
    .createTable('orders')
    .$call((table) => addIdColumn(db, table))
    .addColumn('account_id', 'bigint', (column) => column.notNull().references('accounts.id'))
    .addColumn('order_type', 'text', (column) => column.notNull())
    .addColumn('mps_id', 'text')
    .addColumn('carrier_reference', 'text')
    .addColumn('sending_depot', 'text', (column) => column.notNull())
    .addColumn('product', 'text', (column) => column.notNull())
    .addColumn('ship_date', 'integer', (column) => column.notNull())
    // Cleared (null) once no parcel of the order keeps its data (deleted or expired).
    .addColumn('data', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('consolidations')
    .$call((table) => addIdColumn(db, table))
    .addColumn('account_id', 'bigint', (column) => column.notNull().references('accounts.id'))
    .addColumn('consolidation_date', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('consolidations_account_date_unique', ['account_id', 'consolidation_date'])
    .execute();
  // listConsolidations, newest first.
  await db.schema.createIndex('consolidations_created_idx').on('consolidations').column('created_at').execute();

  await db.schema
    .createTable('parcels')
    .$call((table) => addIdColumn(db, table))
    .addColumn('account_id', 'bigint', (column) => column.notNull().references('accounts.id'))
    .addColumn('order_id', 'bigint', (column) => column.notNull().references('orders.id'))
    .addColumn('parcel_label_number', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('returns', 'integer', (column) => column.notNull())
    .addColumn('weight', 'integer', (column) => column.notNull())
    .addColumn('service_code', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('ship_date', 'integer', (column) => column.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('transferred_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('consolidated_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addColumn('consolidation_id', 'bigint', (column) => column.references('consolidations.id'))
    // Also the index for every lookup by number (findParcels, exportOrders, deleteOrders, tracking):
    // a number belongs to one account, so `account_id = ? and parcel_label_number in (...)` is a lookup
    // here and a second (account_id, parcel_label_number) index would only slow every insert.
    .addUniqueConstraint('parcels_parcel_label_number_unique', ['parcel_label_number'])
    .execute();
  // startOrdersConsolidation: one account's parcels in given states on one day.
  await db.schema.createIndex('parcels_account_state_ship_date_idx').on('parcels').columns(['account_id', 'state', 'ship_date']).execute();
  // Purge: parcels whose data expired. Partial, so parcels already purged or deleted (data null) drop
  // out and each purge reads only what it clears.
  await db.schema.createIndex('parcels_expires_idx').on('parcels').column('expires_at').where(sql.ref('data'), 'is not', null).execute();
  // An order's parcels (clearing its data once none keeps any; the foreign key's check).
  await db.schema.createIndex('parcels_order_idx').on('parcels').column('order_id').execute();
  // A consolidation's parcels.
  await db.schema.createIndex('parcels_consolidation_idx').on('parcels').column('consolidation_id').execute();

  await db.schema
    .createTable('parcel_events')
    .$call((table) => addIdColumn(db, table))
    .addColumn('parcel_label_number', 'text', (column) => column.notNull().references('parcels.parcel_label_number').onDelete('cascade'))
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .execute();
  // Tracking: a parcel's history in order.
  await db.schema.createIndex('parcel_events_parcel_at_idx').on('parcel_events').columns(['parcel_label_number', 'at']).execute();

  await db.schema
    .createTable('stage_requests')
    .$call((table) => addIdColumn(db, table))
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('binding', 'text', (column) => column.notNull())
    .addColumn('operation', 'text', (column) => column.notNull())
    .addColumn('delis_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('body', 'text', (column) => column.notNull())
    .execute();
  // Retention: requests older than the configured age are removed.
  await db.schema.createIndex('stage_requests_at_idx').on('stage_requests').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'stage_requests',
    'parcel_events',
    'parcels',
    'consolidations',
    'orders',
    'serial_counters',
    'auth_tokens',
    'account_depots',
    'accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
