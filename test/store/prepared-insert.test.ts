// Inserts compiled once (store/prepared-insert.ts) in transactions of the store's transactor, on both
// databases: rows split into statements of the compiled sizes keep their order, ids come back in row
// order, and a failing transaction leaves nothing behind.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openDatabase, type OpenDatabase } from '../../src/store/open-database.ts';
import { prepareInsert } from '../../src/store/prepared-insert.ts';
import { createTestDatabase, STORE_DIALECTS, type TestDatabase } from '../support/databases.ts';

const COLUMNS = ['at', 'binding', 'operation', 'delis_id', 'error_code', 'body'] as const;
const row = (i: number) => ({
  at: 1_000 + i,
  binding: 'rest' as const,
  operation: 'storeOrders',
  delis_id: i % 2 === 0 ? `KD${i}` : null,
  error_code: null,
  body: `body ${i}`,
});

for (const dialect of STORE_DIALECTS) {
  describe(`prepared inserts [${dialect}]`, () => {
    let database: TestDatabase;
    let open: OpenDatabase;
    before(async () => {
      database = await createTestDatabase(dialect);
      open = openDatabase(database.options);
    });
    after(async () => {
      await open.transactor.close();
      await open.db.destroy();
      await database.dispose();
    });

    const stored = () => open.db.selectFrom('stage_requests').select(['id', 'at', 'delis_id', 'body']).orderBy('id').execute();

    // 563 = 500 + 50 + 10 + 1 + 2: every compiled statement size at once.
    for (const count of [1, 2, 3, 563]) {
      test(`${count} rows go in whole and in order`, async () => {
        await open.db.deleteFrom('stage_requests').execute();
        const rows = Array.from({ length: count }, (_, i) => row(i));
        const insert = prepareInsert(open.db, 'stage_requests', COLUMNS);
        assert.deepEqual(await open.transactor.transaction((executor) => insert.run(executor, rows)), []);
        const kept = await stored();
        assert.deepEqual(
          kept.map((r) => [Number(r.at), r.delis_id, r.body]),
          rows.map((r) => [r.at, r.delis_id, r.body]),
        );
      });
    }

    test('with returning id, the ids come back in row order', async () => {
      await open.db.deleteFrom('stage_requests').execute();
      const insert = prepareInsert(open.db, 'stage_requests', COLUMNS, { returning: 'id' });
      const ids = await open.transactor.transaction((executor) => insert.run(executor, [row(7), row(8), row(9)]));
      const kept = await stored();
      assert.deepEqual(
        ids,
        kept.map((r) => Number(r.id)),
      );
      assert.deepEqual(
        kept.map((r) => r.body),
        ['body 7', 'body 8', 'body 9'],
      );
    });

    test('a transaction that throws after inserting stores none of its rows', async () => {
      await open.db.deleteFrom('stage_requests').execute();
      const insert = prepareInsert(open.db, 'stage_requests', COLUMNS);
      await assert.rejects(
        open.transactor.transaction(async (executor) => {
          await insert.run(executor, [row(1), row(2), row(3)]);
          throw new Error('refused after the insert');
        }),
        /refused after the insert/,
      );
      assert.deepEqual(await stored(), []);
      await open.transactor.transaction((executor) => insert.run(executor, [row(4)]));
      assert.deepEqual(
        (await stored()).map((r) => r.body),
        ['body 4'],
      );
    });
  });
}
