// The group committer (store/sqlite/group-commit.ts) against a transactor that records what it is asked to
// do: which writes share a transaction, when a group is acknowledged, and what happens when one
// write of a group fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompiledQuery } from 'kysely';
import { createGroupCommitter } from '../../../src/store/sqlite/group-commit.ts';
import type { QueryExecutor, Transactor } from '../../../src/store/transactor.ts';

/** A transactor whose transactions record the names their writes log, committing only when the body resolves. */
function recordingTransactor() {
  const committed: string[][] = [];
  const events: string[] = [];
  let pendingSync: (() => void) | undefined;
  const transactor: Transactor = {
    async transaction(body) {
      const written: string[] = [];
      const executor: QueryExecutor = {
        executeQuery: async (query: CompiledQuery) => {
          written.push(query.sql);
          return { rows: [] };
        },
      };
      const result = await body(executor);
      committed.push(written);
      events.push(`commit ${written.join('+')}`);
      return result;
    },
    sync: () =>
      new Promise<void>((resolve) => {
        events.push('sync');
        pendingSync = resolve;
      }),
    failure: () => undefined,
    close: async () => {},
  };
  return { transactor, committed, events, finishSync: () => pendingSync?.() };
}

/** A write that logs `name`, or throws after logging it when `fails`. */
const write =
  (name: string, fails = false) =>
  async (executor: QueryExecutor) => {
    await executor.executeQuery({ sql: name, parameters: [], query: undefined } as unknown as CompiledQuery);
    if (fails) throw new Error(`${name} failed`);
  };

/** Resolves after `count` more iterations of the event loop (each immediate queued by one runs in the next). */
const iterations = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};
/** Enough iterations for a scheduled group to commit: it commits in the check phase of the iteration after. */
const nextIteration = () => iterations(3);

test('writes of the same and the next loop iteration share one transaction and one sync', async () => {
  const { transactor, committed, events, finishSync } = recordingTransactor();
  const committer = createGroupCommitter(transactor);
  const first = committer.run(write('a'));
  const second = committer.run(write('b'));
  // Reached in the next iteration, as a request read in its poll phase would be.
  await iterations(1);
  const third = committer.run(write('c'));
  await nextIteration();
  assert.deepEqual(committed, [['a', 'b', 'c']]);
  let acknowledged = false;
  void Promise.all([first, second, third]).then(() => {
    acknowledged = true;
  });
  await nextIteration();
  assert.equal(acknowledged, false, 'acknowledged before the sync finished');
  finishSync();
  await Promise.all([first, second, third]);
  assert.deepEqual(events, ['commit a+b+c', 'sync']);
});

test('writes arriving during a commit and its sync form the next group', async () => {
  const { transactor, committed, finishSync } = recordingTransactor();
  const committer = createGroupCommitter(transactor);
  const first = committer.run(write('a'));
  await nextIteration();
  const second = committer.run(write('b'));
  const third = committer.run(write('c'));
  await nextIteration();
  assert.deepEqual(committed, [['a']], 'the next group committed before the previous one was durable');
  finishSync();
  await first;
  await nextIteration();
  assert.deepEqual(committed, [['a'], ['b', 'c']]);
  finishSync();
  await Promise.all([second, third]);
});

test('a failing write is rejected alone: its group is rolled back and every other write committed on its own', async () => {
  const { transactor, committed, finishSync } = recordingTransactor();
  const committer = createGroupCommitter(transactor);
  const results = Promise.allSettled([committer.run(write('a')), committer.run(write('b', true)), committer.run(write('c'))]);
  await nextIteration();
  finishSync();
  const settled = await results;
  assert.deepEqual(
    settled.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  assert.match(String((settled[1] as PromiseRejectedResult).reason), /b failed/);
  // The group's transaction never committed (b threw inside it); a and c were committed alone.
  assert.deepEqual(committed, [['a'], ['c']]);
});

test('a failed sync rejects the whole group', async () => {
  const { transactor } = recordingTransactor();
  transactor.sync = async () => {
    throw new Error('fdatasync: EIO');
  };
  const committer = createGroupCommitter(transactor);
  const settled = await Promise.allSettled([committer.run(write('a')), committer.run(write('b'))]);
  assert.deepEqual(
    settled.map((r) => r.status),
    ['rejected', 'rejected'],
  );
});

test('a transaction that cannot begin or commit rejects its group at once, without a transaction per write', async () => {
  const { transactor } = recordingTransactor();
  let transactions = 0;
  transactor.transaction = async () => {
    transactions += 1;
    throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  };
  transactor.sync = async () => {};
  const committer = createGroupCommitter(transactor);
  const settled = await Promise.allSettled([committer.run(write('a')), committer.run(write('b')), committer.run(write('c'))]);
  assert.deepEqual(
    settled.map((r) => r.status),
    ['rejected', 'rejected', 'rejected'],
  );
  assert.ok(settled.every((r) => /database is locked/.test(String((r as PromiseRejectedResult).reason))));
  // Each write alone would have waited out the busy timeout again, holding the event loop each time.
  assert.equal(transactions, 1);
});
