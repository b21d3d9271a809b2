// The purge's deletes of old rows, a bounded batch per statement: one statement deleting a whole
// backlog (a month of stage requests after the retention was lowered, say) held the write lock, and on
// SQLite the event loop itself, until every row was gone.
import { sql, type Kysely } from 'kysely';
import type { AccountScope } from '../domain/ports/account-ports.ts';
import { scopeCondition } from './account-scope.ts';
import { toMillis } from './column-values.ts';
import type { Database } from './schema.ts';

/** Rows deleted per statement. */
export const DELETE_BATCH = 500;

/** The tables the purge empties of old rows, each with the instant column that ages its rows. */
const AGED_BY = { stage_requests: 'at', login_failures: 'at', auth_tokens: 'expires_at' } as const;

/**
 * Deletes the rows of `table` whose instant (AGED_BY) is before `before`, DELETE_BATCH rows per
 * statement until a batch comes back short; returns how many rows were deleted in all. `scope` limits
 * the tables that have an account (auth_tokens) to some accounts.
 */
export async function deleteRowsBefore(
  db: Kysely<Database>,
  table: keyof typeof AGED_BY,
  before: Date,
  scope?: AccountScope,
): Promise<number> {
  const at = toMillis(before);
  const statement = sql`delete from ${sql.table(table)} where id in (select id from ${sql.table(table)} where ${sql.ref(AGED_BY[table])} < ${at}${scopeCondition(scope)} limit ${DELETE_BATCH})`;
  let deleted = 0;
  for (;;) {
    const rows = Number((await statement.execute(db)).numAffectedRows ?? 0);
    deleted += rows;
    if (rows < DELETE_BATCH) return deleted;
  }
}
