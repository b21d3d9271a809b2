// The SQLite transactor: the store's hot writes run on the better-sqlite3 connection itself, their
// commits made durable by one WAL sync that covers every commit before it.
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from '../schema.ts';
import type { QueryExecutor, Transactor } from '../transactor.ts';
import type { SqliteFile } from './file.ts';
import { createWalSyncer, type WalSyncer } from './wal-syncer.ts';

/**
 * SQLite: a transaction runs on the connection Kysely shares (held through `db.connection()`, so no
 * Kysely query or transaction interleaves) with synchronous=NORMAL, its WAL frames written but not
 * synced; `sync()` then fdatasyncs the WAL file (wal-syncer.ts: on the event loop while syncs are
 * fast, else on libuv's thread pool). One sync covers every commit before it, so concurrent writers
 * share syncs. Other writes keep synchronous=FULL.
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
  let wal: WalSyncer | undefined;
  return {
    transaction: (body) =>
      db.connection().execute(async () => {
        const file = sqliteFile();
        if (wal === undefined && file.path !== ':memory:') wal = createWalSyncer(`${file.path}-wal`);
        // Nothing committed now could be acknowledged (wal-syncer.ts), nor into a file that is gone from
        // its path: refused before it is stored.
        if (wal?.failure !== undefined) throw wal.failure;
        const moved = file.moved();
        if (moved !== undefined) throw moved;
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
    failure: () => wal?.failure ?? sqliteFile().moved(),
    close: async () => wal?.close(),
  };
}
