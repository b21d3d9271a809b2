// Parcel serials: leased durably from the database in blocks, then handed out from memory.
import type { Kysely } from 'kysely';
import { MAX_SERIAL } from '../domain/core/parcel-number.ts';
import { SerialsExhaustedError } from '../domain/core/domain-errors.ts';
import type { Database } from './schema.ts';

export { MAX_SERIAL };

/** The serial_counters row parcel serials are leased from (created by the initial migration). */
const PARCEL_SERIAL_COUNTER = 'parcel_serial';

/** Hands out serials that are never handed out again, by this or any process sharing the database. */
export interface SerialSource {
  /** `count` consecutive serials, durably leased before they are returned. */
  reserve(count: number): Promise<readonly number[]>;
}

/** Serials not yet handed out: `next` up to, not including, `end`. */
interface Block {
  readonly next: number;
  readonly end: number;
}

/** Serials leased from the counter: `start` up to, not including, `end`. */
interface Lease {
  readonly start: number;
  readonly end: number;
}

/**
 * A source leasing `leaseSize` serials at a time. A lease is one `UPDATE … RETURNING` that commits
 * before any serial of it is handed out, so a crash, a rolled back caller or another process can only
 * leave a gap, never a duplicate. A call that does not fit in the rest of the current block gets a fresh
 * lease; the rest is kept only when the new lease continues it, otherwise it is skipped (a gap), so every
 * call's serials are consecutive.
 */
export function createSerialSource(db: Kysely<Database>, leaseSize: number): SerialSource {
  let block: Block = { next: 0, end: 0 };
  // Calls run one after another so two of them never lease for the same shortfall.
  let queue: Promise<unknown> = Promise.resolve();

  async function take(count: number): Promise<readonly number[]> {
    if (block.end - block.next < count) {
      const lease = await leaseSerials(db, Math.max(leaseSize, count), count);
      block = lease.start === block.end ? { next: block.next, end: lease.end } : { next: lease.start, end: lease.end };
      if (block.end - block.next < count) {
        throw new SerialsExhaustedError(count);
      }
    }
    const first = block.next;
    block = { next: first + count, end: block.end };
    return Object.freeze(Array.from({ length: count }, (_, index) => first + index));
  }

  return {
    reserve(count: number): Promise<readonly number[]> {
      if (!Number.isSafeInteger(count) || count < 1) {
        return Promise.reject(new RangeError(`cannot reserve ${count} serials: a positive integer is needed`));
      }
      const result = queue.then(() => take(count));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

/**
 * Moves the counter on by `size` and returns the range leased, cut at MAX_SERIAL. A single statement is
 * its own transaction on both databases: on PostgreSQL the row lock serialises concurrent leases, on
 * SQLite a write statement takes the database's write lock before it reads (waiting up to busy_timeout),
 * so two processes never read the same value.
 */
async function leaseSerials(db: Kysely<Database>, size: number, requested: number): Promise<Lease> {
  const row = await db
    .updateTable('serial_counters')
    .set((eb) => ({ next_value: eb('next_value', '+', size) }))
    .where('name', '=', PARCEL_SERIAL_COUNTER)
    .returning('next_value')
    .executeTakeFirst();
  if (row === undefined) {
    throw new Error(`serial_counters has no '${PARCEL_SERIAL_COUNTER}' row: run the migrations`);
  }
  const start = row.next_value - size;
  if (start > MAX_SERIAL) {
    throw new SerialsExhaustedError(requested);
  }
  return { start, end: Math.min(row.next_value, MAX_SERIAL + 1) };
}
