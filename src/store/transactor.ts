// Transactions for the store's hot writes (new orders, stage requests): their statements are compiled
// once by Kysely (prepared-insert.ts) and run on an executor of the database's own. On PostgreSQL
// that is a Kysely transaction; on SQLite it is the better-sqlite3 connection itself, which spares
// each statement Kysely's per-query connection handling (most of a statement's cost there).
import { closeSync, fdatasync, openSync } from 'node:fs';
import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.ts';
import type { SqliteFile } from './sqlite-file.ts';

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
  close(): Promise<void>;
}

/** PostgreSQL: Kysely transactions, each commit durable by itself. */
export function kyselyTransactor(db: Kysely<Database>): Transactor {
  return {
    transaction: (body) => db.transaction().execute((trx) => body(trx)),
    sync: async () => {},
    close: async () => {},
  };
}

/**
 * SQLite: a transaction runs on the connection Kysely shares (held through `db.connection()`, so no
 * Kysely query or transaction interleaves) with synchronous=NORMAL, its WAL frames written but not
 * synced; `sync()` then fdatasyncs the WAL file on libuv's thread pool, off the event loop. One sync
 * covers every commit before it, so concurrent writers share syncs. Other writes keep synchronous=FULL.
 */
export function sqliteTransactor(db: Kysely<Database>, sqliteFile: () => SqliteFile): Transactor {
  const executor: QueryExecutor = {
    executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
      const statement = sqliteFile().prepare(query.sql);
      if (statement.reader) return Promise.resolve({ rows: statement.all(query.parameters) as R[] });
      statement.run(query.parameters);
      return Promise.resolve({ rows: [] });
    },
  };
  const run = (sql: string) => sqliteFile().prepare(sql).run();
  let wal: ReturnType<typeof walSyncer> | undefined;
  return {
    transaction: (body) => db.connection().execute(async () => {
      const file = sqliteFile();
      if (wal === undefined && file.path !== ':memory:') wal = walSyncer(`${file.path}-wal`);
      run('pragma synchronous = NORMAL');
      try {
        run('begin immediate');
        try {
          const result = await body(executor);
          run('commit');
          return result;
        } finally {
          if (file.database.inTransaction) run('rollback');
        }
      } finally {
        run('pragma synchronous = FULL');
      }
    }),
    sync: () => wal?.sync() ?? Promise.resolve(),
    close: async () => wal?.close(),
  };
}

/** fdatasync of the WAL file, at most one running and one waiting; the file stays open between syncs. */
function walSyncer(walPath: string) {
  // A plain descriptor and the callback API: a FileHandle's promise plumbing cost more than the sync.
  let fd: number | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const closeDescriptor = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };

  const syncOnce = () => new Promise<void>((resolve, reject) => {
    try {
      fd ??= openSync(walPath, 'r+');
    } catch (error) {
      reject(error);
      return;
    }
    fdatasync(fd, (error) => {
      if (error === null) {
        resolve();
        return;
      }
      // Opened again next time: a failed sync may have left the descriptor unusable.
      closeDescriptor();
      reject(error);
    });
  });

  function sync(): Promise<void> {
    if (running === undefined) {
      running = syncOnce().finally(() => { running = undefined; });
      return running;
    }
    // The running sync may have started before the caller's commit: wait for the one after it.
    next ??= running.catch(() => {}).then(() => {
      next = undefined;
      return sync();
    });
    return next;
  }

  return {
    sync,
    async close() {
      await running?.catch(() => {});
      await next?.catch(() => {});
      closeDescriptor();
    },
  };
}
