// Refused calls counted, not logged (issue 41): a call refused before or during authentication that
// names an existing account (a wrong password, a wrong or expired token, no valid authentication) is
// counted per account, UTC day and client address — one row each, with the last such call as its
// example — instead of kept as a row of the request log. Anyone could fill an account's log that way:
// 10,000 wrong passwords made 10,000 rows, spent the account's kept text and filled its first page.
// The rows of refused calls kept before are left to the retention.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stage_refusals')
    .addColumn('delis_id', 'text', (column) => column.notNull())
    /** The UTC day, YYYY-MM-DD. */
    .addColumn('day', 'text', (column) => column.notNull())
    /** The client's address as the login throttle keys it (an IPv6 client's /64), or `*` for the addresses past the day's bound. */
    .addColumn('client_address', 'text', (column) => column.notNull())
    .addColumn('count', 'bigint', (column) => column.notNull())
    // The last refused call from the address that day: its example.
    .addColumn('last_at', 'bigint', (column) => column.notNull())
    .addColumn('binding', 'text', (column) => column.notNull())
    .addColumn('operation', 'text', (column) => column.notNull())
    .addColumn('error_code', 'text')
    .addColumn('status', 'integer')
    .addColumn('path', 'text')
    // Also the index an account's day is read by.
    .addPrimaryKeyConstraint('stage_refusals_pk', ['delis_id', 'day', 'client_address'])
    .execute();
  // The retention: the days past it.
  await db.schema.createIndex('stage_refusals_day_idx').on('stage_refusals').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stage_refusals').execute();
}
