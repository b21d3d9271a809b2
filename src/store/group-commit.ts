// Group commit: writes that arrive while the event loop is busy share one transaction, and one sync
// to stable storage acknowledges all of them. Each write runs inside its own savepoint: a write that
// fails is rolled back alone and rejected; the others commit.
import { CompiledQuery } from 'kysely';
import type { QueryExecutor, Transactor } from './transactor.ts';

export type TransactionWork = (executor: QueryExecutor) => Promise<void>;

export interface GroupCommitter {
  /** Runs `work` in a transaction shared with the other writes of this turn; resolves once durable. */
  run(work: TransactionWork): Promise<void>;
}

interface Job {
  readonly work: TransactionWork;
  resolve(): void;
  reject(error: unknown): void;
}

/** The savepoint statements of the `index`th write of a group, compiled once. */
const savepoints: Array<{ open: CompiledQuery; rollback: CompiledQuery; release: CompiledQuery }> = [];
function savepointOf(index: number) {
  savepoints[index] ??= {
    open: CompiledQuery.raw(`savepoint write_${index}`),
    rollback: CompiledQuery.raw(`rollback to savepoint write_${index}`),
    release: CompiledQuery.raw(`release savepoint write_${index}`),
  };
  return savepoints[index];
}

/** Groups of at most `maxGroup` writes (default 256) share one transaction of `transactor`. */
export function createGroupCommitter(transactor: Transactor, maxGroup = 256): GroupCommitter {
  let queue: Job[] = [];
  let scheduled = false;
  let committing = false;

  /** Commits a group; returns the jobs whose own work failed, with their errors. */
  const commit = (group: readonly Job[]) => transactor.transaction(async (executor) => {
    const failed = new Map<Job, unknown>();
    if (group.length === 1) {
      // Alone in its group, a write needs no savepoint: its failure rolls the transaction back.
      await group[0].work(executor);
      return failed;
    }
    for (const [index, job] of group.entries()) {
      const savepoint = savepointOf(index);
      await executor.executeQuery(savepoint.open);
      try {
        await job.work(executor);
      } catch (error) {
        await executor.executeQuery(savepoint.rollback);
        failed.set(job, error);
      }
      await executor.executeQuery(savepoint.release);
    }
    return failed;
  });

  /** Settles a committed group once its commit is durable. */
  const settle = async (group: readonly Job[], failed: Map<Job, unknown>) => {
    try {
      await transactor.sync();
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
        // The next group commits once this one is durable: writes arriving meanwhile join it, so
        // fewer, larger groups share the commits, and each commit's WAL frames, among them.
        await settle(group, failed);
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
export function createDirectCommitter(transactor: Transactor): GroupCommitter {
  return { run: async (work) => { await transactor.transaction(work); await transactor.sync(); } };
}
