// Kysely's better-sqlite3 dialect, adjusted for several processes sharing one database file.
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Every transaction starts with `BEGIN IMMEDIATE`: it takes the write lock up front, waiting up to
 * `busy_timeout` for another process. A deferred `BEGIN` would take it at the first write and, in WAL
 * mode, fail with SQLITE_BUSY_SNAPSHOT without waiting if another process wrote in between.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite runs DDL inside transactions; saying so makes Kysely's Migrator run all pending migrations in
 * one IMMEDIATE transaction, so concurrent `migrate` calls from several processes serialise on the
 * write lock and a failed migration leaves nothing behind (Kysely's SQLite migration lock is a no-op).
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** SQLite dialect for one better-sqlite3 database shared with other processes. */
export class SharedFileSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = Object.freeze({ ...config });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
