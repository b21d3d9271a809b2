// The addresses each account last logged in from (issue 28): up to 10 per account, each an HMAC of the
// client address under the server's secret, so the database keeps no address. A login from one of them
// keeps its own failure budget while spread-out guessing has spent the account's (login-throttle.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('known_login_addresses')
    .addColumn('account_id', 'bigint', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('address_hash', 'text', (column) => column.notNull())
    .addColumn('last_login_at', 'bigint', (column) => column.notNull())
    // Also the index a login's look-up reads and the keep-the-newest trim walks.
    .addPrimaryKeyConstraint('known_login_addresses_pk', ['account_id', 'address_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('known_login_addresses').execute();
}
