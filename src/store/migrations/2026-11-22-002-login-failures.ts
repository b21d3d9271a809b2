// Failed logins in the database rather than in each process's memory, so that several server
// processes on one PostgreSQL database throttle together (one row per failure and key).
import type { Kysely } from 'kysely';
import { addIdColumn } from './portable-columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .$call((table) => addIdColumn(db, table))
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .execute();
  // A login counts the recent failures of its keys; the purge removes old ones.
  await db.schema.createIndex('login_failures_key_at_idx').on('login_failures').columns(['key', 'at']).execute();
  await db.schema.createIndex('login_failures_at_idx').on('login_failures').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}
