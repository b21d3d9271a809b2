// Group commit: writes that arrive while the event loop is busy share one transaction, and one sync
// to stable storage acknowledges all of them. Each write runs inside its own savepoint: a write that
// fails is rolled back alone and rejected; the others commit.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

export type TransactionWork = (trx: Transaction<Database>) => Promise<void>;

/** How a group's commit reaches stable storage. */
export interface Durability {
  /** Runs `transaction` on `db` (e.g. with the database's own per-commit sync switched off). */
  commit<T>(db: Kysely<Database>, transaction: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /** Resolves once everything committed before the call is on stable storage. */
  sync(): Promise<void>;
}

/** The database's own commit is durable (PostgreSQL; SQLite with synchronous=FULL): nothing to add. */
export const commitIsDurable: Durability = Object.freeze({
  commit: <T>(db: Kysely<Database>, transaction: (db: Kysely<Database>) => Promise<T>) => transaction(db),
  sync: async () => {},
});

export interface GroupCommitter {
  /** Runs `work` in a transaction shared with the other writes of this turn; resolves once durable. */
  run(work: TransactionWork): Promise<void>;
}

interface Job {
  readonly work: TransactionWork;
  resolve(): void;
  reject(error: unknown): void;
}

/** Groups of at most `maxGroup` writes (default 256) share one transaction. */
export function createGroupCommitter(db: Kysely<Database>, durability: Durability = commitIsDurable, maxGroup = 256): GroupCommitter {
  let queue: Job[] = [];
  let scheduled = false;
  let committing = false;

  /** Commits a group; returns the jobs whose own work failed, with their errors. */
  const commit = (group: readonly Job[]) => durability.commit(db, (connection) => connection.transaction().execute(async (trx) => {
    const failed = new Map<Job, unknown>();
    for (const [index, job] of group.entries()) {
      const savepoint = sql.raw(`write_${index}`);
      await sql`savepoint ${savepoint}`.execute(trx);
      try {
        await job.work(trx);
      } catch (error) {
        await sql`rollback to savepoint ${savepoint}`.execute(trx);
        failed.set(job, error);
      }
      await sql`release savepoint ${savepoint}`.execute(trx);
    }
    return failed;
  }));

  /** Settles a committed group once its commit is durable. */
  const settle = async (group: readonly Job[], failed: Map<Job, unknown>) => {
    try {
      await durability.sync();
    } catch (error) {
      for (const job of group) job.reject(error);
      return;
    }
    for (const job of group) {
      if (failed.has(job)) job.reject(failed.get(job));
      else job.resolve();
    }
  };

  const flush = async () => {
    scheduled = false;
    committing = true;
    try {
      while (queue.length > 0) {
        const group = queue.slice(0, maxGroup);
        queue = queue.slice(group.length);
        let failed: Map<Job, unknown>;
        try {
          failed = await commit(group);
        } catch (error) {
          for (const job of group) job.reject(error);
          continue;
        }
        // The next group may commit while this one waits for its sync.
        void settle(group, failed);
      }
    } finally {
      committing = false;
    }
  };

  return {
    run(work) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ work, resolve, reject });
        if (!scheduled && !committing) {
          scheduled = true;
          // After this turn's I/O: every request that reached its write by then joins the group.
          setImmediate(() => void flush());
        }
      });
    },
  };
}

/** One transaction per write (PostgreSQL: its pool commits in parallel and groups WAL flushes itself). */
export function createDirectCommitter(db: Kysely<Database>): GroupCommitter {
  return { run: (work) => db.transaction().execute(work) };
}
