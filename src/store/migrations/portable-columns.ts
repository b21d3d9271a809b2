// The few column definitions that SQLite and PostgreSQL spell differently, so each migration is written once.
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** Whether the migration runs on PostgreSQL (else SQLite). */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Adds `id`, a generated primary key never reused after a delete. SQLite needs exactly `integer primary
 * key autoincrement` (a 64-bit rowid alias); PostgreSQL has no autoincrement keyword and gets a bigint
 * identity column instead.
 */
export function addIdColumn<TB extends string, C extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<TB, C>,
): CreateTableBuilder<TB, C | 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}
