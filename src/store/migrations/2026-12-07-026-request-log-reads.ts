// Request-log reads that never scan the log (issue 41): every filter findStageRequests offers reads an
// index of one account's calls — by operation, failed only, a time range — and a search for a parcel
// reads stage_request_keys, the search keys of each call: the parcel label numbers it names and the
// digests of the references it carried (store/stage-request-numbers.ts), filled here for the calls
// already kept. Before, a search or a filter that matched little read every
// row the account had logged, on the event loop: 0.4–1.4 s at half a million rows.
import { sql, type Kysely } from 'kysely';
import { searchKeysOf } from '../stage-request-numbers.ts';

/** Calls read per step of the backfill. */
const BACKFILL_BATCH = 2000;

export async function up(db: Kysely<any>): Promise<void> {
  // One account's calls of one operation, newest first.
  await db.schema.createIndex('stage_requests_operation_idx').on('stage_requests').columns(['delis_id', 'operation', 'id']).execute();
  // One account's failed calls, newest first: only those rows.
  await db.schema
    .createIndex('stage_requests_failed_idx')
    .on('stage_requests')
    .columns(['delis_id', 'id'])
    .where(sql.ref('error_code'), 'is not', null)
    .execute();
  // One account's calls within a time range, newest first.
  await db.schema.createIndex('stage_requests_account_at_idx').on('stage_requests').columns(['delis_id', 'at', 'id']).execute();
  await db.schema
    .createTable('stage_request_keys')
    .addColumn('stage_request_id', 'bigint', (column) => column.notNull().references('stage_requests.id').onDelete('cascade'))
    .addColumn('delis_id', 'text', (column) => column.notNull())
    .addColumn('search_key', 'text', (column) => column.notNull())
    // Also the index the cascade from a removed call reads.
    .addPrimaryKeyConstraint('stage_request_keys_pk', ['stage_request_id', 'search_key'])
    .execute();
  // A search: one account's calls with a key, newest first.
  await db.schema
    .createIndex('stage_request_keys_search_idx')
    .on('stage_request_keys')
    .columns(['delis_id', 'search_key', 'stage_request_id'])
    .execute();
  for (let after = 0; ;) {
    const rows: Array<{ id: number; delis_id: string | null; body: string; answer: string | null; search_keys: string | null }> = await db
      .selectFrom('stage_requests')
      .select(['id', 'delis_id', 'body', 'answer', 'search_keys'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    const last = rows.at(-1);
    if (last === undefined) return;
    after = last.id;
    const numbers = rows.flatMap((row) =>
      row.delis_id === null ? [] : searchKeysOf(row).map((key) => ({ stage_request_id: row.id, delis_id: row.delis_id, search_key: key })),
    );
    for (let start = 0; start < numbers.length; start += 500) {
      await db
        .insertInto('stage_request_keys')
        .values(numbers.slice(start, start + 500))
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stage_request_keys').execute();
  for (const index of ['stage_requests_account_at_idx', 'stage_requests_failed_idx', 'stage_requests_operation_idx']) {
    await db.schema.dropIndex(index).execute();
  }
}
