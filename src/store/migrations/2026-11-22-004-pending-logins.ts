// A login attempt is recorded before its password is checked, so that parallel guesses count against
// each other (docs/decisions.md "Authentication"). `pending` = 1 while the check runs; a failed
// attempt becomes an ordinary failure (0), a successful or refused one is deleted.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('login_failures')
    .addColumn('pending', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_failures').dropColumn('pending').execute();
}
