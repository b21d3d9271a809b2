// What a database is: the environment (live or stage) that first used it, so that a process of the
// other one, pointed at it by mistake, refuses to start instead of sharing its accounts and numbers.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_identity')
    .addColumn('key', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_identity').execute();
}
