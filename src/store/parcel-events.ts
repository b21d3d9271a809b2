// The state history of parcels (tracking).
import type { Insertable, Kysely } from 'kysely';
import type { ParcelEvent, ParcelState } from '../domain/ports.ts';
import { prepareInsert, type PreparedInsert } from './prepared-insert.ts';
import { toDate } from './column-values.ts';
import type { Database, EpochMillis, ParcelEventsTable } from './schema.ts';
import type { QueryExecutor } from './transactor.ts';

/** The event insert of each database, compiled for its dialect on first use. */
const eventInserts = new WeakMap<Kysely<Database>, PreparedInsert<'parcel_events'>>();

function eventInsertOf(db: Kysely<Database>): PreparedInsert<'parcel_events'> {
  let insert = eventInserts.get(db);
  if (insert === undefined) {
    insert = prepareInsert(db, 'parcel_events', ['parcel_label_number', 'state', 'at']);
    eventInserts.set(db, insert);
  }
  return insert;
}

/** Records, in `executor`'s transaction on `db`, that each of `numbers` entered `state` at `at`. */
export async function insertParcelEvents(db: Kysely<Database>, executor: QueryExecutor, numbers: readonly string[], state: ParcelState, at: EpochMillis): Promise<void> {
  await insertEvents(db, executor, numbers.map((number) => ({ parcel_label_number: number, state, at })));
}

/** Records events that may differ in state and instant. */
export async function insertEvents(db: Kysely<Database>, executor: QueryExecutor, events: readonly Insertable<ParcelEventsTable>[]): Promise<void> {
  await eventInsertOf(db).run(executor, events);
}

/** The history of one of the account's parcels, oldest first; empty when the parcel is not the account's. */
export async function readParcelEvents(db: Kysely<Database>, accountId: number, parcelLabelNumber: string): Promise<ParcelEvent[]> {
  const rows = await db
    .selectFrom('parcel_events')
    .innerJoin('parcels', 'parcels.parcel_label_number', 'parcel_events.parcel_label_number')
    .select(['parcel_events.state', 'parcel_events.at'])
    .where('parcels.account_id', '=', accountId)
    .where('parcel_events.parcel_label_number', '=', parcelLabelNumber)
    .orderBy('parcel_events.at')
    .orderBy('parcel_events.id')
    .execute();
  return rows.map((row) => ({ state: row.state, at: toDate(row.at) }));
}
