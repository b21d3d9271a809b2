// The carrier's Tracking Push Service (issue 36): an account's push URL (`accounts set --push-url`,
// SandboxService setPushUrl), its test mode on stage (setPushMode) and the account time the URL was
// set at (events before it are not pushed).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('push_url', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('push_mode', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('push_since', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('push_since').execute();
  await db.schema.alterTable('accounts').dropColumn('push_mode').execute();
  await db.schema.alterTable('accounts').dropColumn('push_url').execute();
}
