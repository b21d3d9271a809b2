// The purge's deletes of old rows, a bounded batch per statement: one statement deleting a whole
// backlog (a month of stage requests after the retention was lowered, say) held the write lock, and on
// SQLite the event loop itself, until every row was gone.

/** Rows deleted per statement. */
export const DELETE_BATCH = 500;

/**
 * Runs `deleteBatch` (which deletes at most `limit` rows and says how many) until a batch comes back
 * short; returns how many rows were deleted in all.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<bigint | number>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = Number(await deleteBatch(DELETE_BATCH));
    deleted += rows;
    if (rows < DELETE_BATCH) return deleted;
  }
}
