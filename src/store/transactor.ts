// Transactions for the store's hot writes (new orders, stage requests): their statements are compiled
// once by Kysely (prepared-insert.ts) and run on an executor of the database's own. On PostgreSQL
// that is a Kysely transaction (here); on SQLite it is the better-sqlite3 connection itself, which
// spares each statement Kysely's per-query connection handling (sqlite/transactor.ts).
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/** Runs compiled queries; a Kysely transaction is one. */
export interface QueryExecutor {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

export interface Transactor {
  /**
   * Runs `body` in one transaction: commits when it resolves, rolls back when it throws. Once it
   * resolves the commit is visible, and durable after the next `sync()`.
   */
  transaction<T>(body: (executor: QueryExecutor) => Promise<T>): Promise<T>;
  /** Resolves once every commit made before the call is on stable storage. */
  sync(): Promise<void>;
  /**
   * Why no write can be made durable any more (a failed WAL sync, sqlite/wal-syncer.ts; a SQLite file
   * removed or replaced under the connection); else undefined.
   */
  failure(): Error | undefined;
  close(): Promise<void>;
}

/** PostgreSQL: Kysely transactions, each commit durable by itself. */
export function kyselyTransactor(db: Kysely<Database>): Transactor {
  return {
    transaction: (body) => db.transaction().execute((trx) => body(trx)),
    sync: async () => {},
    failure: () => undefined,
    close: async () => {},
  };
}
