// The push queue (issue 36): one row per push — its id is the push's `pushid` (never reused: an
// AUTOINCREMENT or identity column) — kept with the parcel's data, and the durable queue the pushes
// are sent from, each leased to one process at a time.
import { sql, type Kysely } from 'kysely';
import { addIdColumn } from './portable-columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pushes')
    .$call((table) => addIdColumn(db, table))
    .addColumn('account_id', 'bigint', (column) => column.notNull())
    .addColumn('parcel_label_number', 'text', (column) => column.notNull())
    .addColumn('event_key', 'text', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('event_at', 'bigint', (column) => column.notNull())
    .addColumn('parameters', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('next_try_at', 'bigint')
    .addColumn('sort_key', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('sends_left', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('lease', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  // One push per parcel and event: a second producer (another process) making it finds it kept.
  await db.schema.createIndex('pushes_key').on('pushes').columns(['parcel_label_number', 'event_key']).unique().execute();
  // findPushes: an account's pushes, newest first.
  await db.schema.createIndex('pushes_account_idx').on('pushes').columns(['account_id', 'id']).execute();
  // The queue: only the pushes still to be sent, by when they are due.
  await db.schema
    .createIndex('pushes_queue_idx')
    .on('pushes')
    .columns(['next_try_at', 'sort_key'])
    .where(sql.ref('state'), 'in', [sql.lit('waiting'), sql.lit('sending')])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pushes').execute();
}
