// The sandbox (SandboxService, stage): each account's own clock and the count of its pending injected
// faults on its row — read with the account at every authentication, so a call costs no extra query —
// and the injected faults themselves.
import type { Kysely } from 'kysely';
import { addIdColumn } from './portable-columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema
    .alterTable('accounts')
    .addColumn('clock_offset_ms', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('accounts').addColumn('clock_fixed_at', 'bigint').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('pending_faults', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('injected_faults')
    .$call((table) => addIdColumn(db, table))
    .addColumn('account_id', 'bigint', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('operation', 'text', (column) => column.notNull())
    .addColumn('binding', 'text', (column) => column.notNull())
    .addColumn('remaining', 'integer', (column) => column.notNull())
    .addColumn('behaviour', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  // A call takes its account's oldest matching fault; listFaults reads them oldest first.
  await db.schema.createIndex('injected_faults_account_idx').on('injected_faults').columns(['account_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('injected_faults').execute();
  for (const column of ['pending_faults', 'clock_fixed_at', 'clock_offset_ms']) {
    await db.schema.alterTable('accounts').dropColumn(column).execute();
  }
}
