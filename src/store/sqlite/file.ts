// The better-sqlite3 connection of a SQLite store, with its pragmas and a statement cache; Kysely's
// dialect runs on it, and so do the store's hot writes (transactor.ts).
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

export interface SqliteFile {
  readonly path: string;
  readonly database: SqliteDatabase.Database;
  /** The statement of `sql`, prepared once and then reused. */
  prepare(sql: string): SqliteDatabase.Statement;
  /**
   * Why the file this connection writes is no longer the one at `path` (removed, or replaced by
   * another), else undefined. Writes to a removed file still succeed, and vanish at the next start.
   */
  moved(): Error | undefined;
  close(): void;
}

/** Statements kept per connection (oldest dropped first). */
const MAX_STATEMENTS = 256;

export function openSqliteFile(path: string, busyTimeoutMs: number): SqliteFile {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
  }
  const database = new SqliteDatabase(path, { timeout: busyTimeoutMs });
  // busy_timeout first, so the pragmas below wait for other processes opening the same file.
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // WAL lets readers run beside the one writer; FULL syncs the WAL on every commit, so an acknowledged
  // write survives kill -9 and power loss (NORMAL would only survive a process crash).
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  // Statement journals and temporary tables in memory: as files, each write transaction that needed
  // one created, wrote and unlinked a file in /var/tmp.
  database.pragma('temp_store = MEMORY');
  // Table statistics let the planner prefer the unique parcel-number index over the per-account
  // index once an account has many parcels (sqlite.org/lang_analyze.html: run at open, and
  // periodically — the purge job runs it too). analysis_limit keeps it to milliseconds.
  database.pragma('analysis_limit = 1000');
  // The checkpointer worker keeps the WAL short; this only bounds it should the worker fall behind.
  database.pragma('wal_autocheckpoint = 20000');
  database.pragma('optimize = 0x10002');
  // The file just opened, told apart from any later one at the same path by device and inode.
  const opened = path === ':memory:' ? undefined : statSync(path);

  // Kysely prepares every query anew; preparing costs more than running most of ours. Statements are
  // kept by SQL text and reused — safe because every query runs to completion synchronously, never as
  // an open iterator.
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    path,
    database,
    close: () => database.close(),
    moved() {
      if (opened === undefined) return undefined;
      const now = statSync(path, { throwIfNoEntry: false });
      if (now !== undefined && now.ino === opened.ino && now.dev === opened.dev) return undefined;
      return new Error(`the SQLite file ${path} is no longer at its path (removed or replaced); restart the service`);
    },
    prepare(sql: string): SqliteDatabase.Statement {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = database.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
