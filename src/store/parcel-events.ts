// The state history of parcels (tracking).
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ParcelEvent, ParcelState } from '../domain/ports.ts';
import { chunks } from './chunks.ts';
import { toDate } from './column-values.ts';
import type { Database, EpochMillis, ParcelEventsTable } from './schema.ts';

/** Records that each of `numbers` entered `state` at `at`. */
export async function insertParcelEvents(trx: Transaction<Database>, numbers: readonly string[], state: ParcelState, at: EpochMillis): Promise<void> {
  await insertEvents(trx, numbers.map((number) => ({ parcel_label_number: number, state, at })));
}

/** Records events that may differ in state and instant. */
export async function insertEvents(trx: Transaction<Database>, events: readonly Insertable<ParcelEventsTable>[]): Promise<void> {
  for (const chunk of chunks(events)) {
    await trx.insertInto('parcel_events').values(chunk).execute();
  }
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
