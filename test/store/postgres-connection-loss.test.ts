// A PostgreSQL connection lost while a request holds it (the server restarted, a failover, an
// operator ending the backend): the request's query fails and the process stays up.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/store/open-database.ts';
import { ADMIN_DATABASE_URL, createTestDatabase, type TestDatabase } from '../support/databases.ts';

let database: TestDatabase;
before(async () => {
  database = await createTestDatabase('postgres');
});
after(() => database.dispose());

async function terminateBackend(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

test('a connection ended mid-transaction fails that transaction only; the pool goes on with a new one', async () => {
  const { db } = openDatabase(database.options);
  try {
    const transaction = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      setTimeout(() => void terminateBackend(rows[0].pid), 100);
      await sql`select pg_sleep(5)`.execute(trx);
    });
    await assert.rejects(transaction);
    // The socket's end reaches the client after the query's error; unheard, it ended the process
    // (which the test runner reports as this test's uncaught exception).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    assert.deepEqual(rows, [{ one: 1 }]);
  } finally {
    await db.destroy();
  }
});
