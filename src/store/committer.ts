// How the store commits its new orders: the committer the shipment repository writes through, and
// the PostgreSQL one, a transaction per write (SQLite groups them: sqlite/group-commit.ts).
import type { QueryExecutor, Transactor } from './transactor.ts';

export type TransactionWork = (executor: QueryExecutor) => Promise<void>;

export interface GroupCommitter {
  /** Runs `work` in a transaction (shared with the other writes of this turn, where writes are grouped); resolves once durable. */
  run(work: TransactionWork): Promise<void>;
}

/** One transaction per write (PostgreSQL: its pool commits in parallel and groups WAL flushes itself). */
export function createDirectCommitter(transactor: Transactor): GroupCommitter {
  return {
    run: async (work) => {
      await transactor.transaction(work);
      await transactor.sync();
    },
  };
}
