// The state history of parcels (tracking).
import { sql, type Insertable, type Kysely } from 'kysely';
import type { ParcelEvent, ParcelState } from '../domain/ports/shipment-ports.ts';
import { chunks } from './chunks.ts';
import { prepareInsert, type PreparedInsert } from './prepared-insert.ts';
import { toDate } from './column-values.ts';
import { PARCEL_STATES, type ParcelStateName } from '../contract/parcel-states.ts';
import type { Database, EpochMillis, ParcelEventsTable } from './schema.ts';
import type { QueryExecutor } from './transactor.ts';

const isParcelState = (state: string): state is ParcelStateName => (PARCEL_STATES as readonly string[]).includes(state);

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
export async function insertParcelEvents(
  db: Kysely<Database>,
  executor: QueryExecutor,
  numbers: readonly string[],
  state: ParcelState,
  at: EpochMillis,
): Promise<void> {
  await insertEvents(
    db,
    executor,
    numbers.map((number) => ({ parcel_label_number: number, state, at })),
  );
}

/** Events before a parcel's journey (it begins at consolidation) or at its end: no journey to look at. */
const NO_JOURNEY: ReadonlySet<string> = new Set(['created', 'queued', 'transferred', 'deleted', 'expired']);

/** Records events that may differ in state and instant. */
export async function insertEvents(
  db: Kysely<Database>,
  executor: QueryExecutor,
  events: readonly Insertable<ParcelEventsTable>[],
): Promise<void> {
  await eventInsertOf(db).run(executor, events);
  await markJourneysDue(
    db,
    executor,
    events.flatMap((event) => (NO_JOURNEY.has(event.state) ? [] : [event.parcel_label_number])),
  );
}

/**
 * Makes the journeys of `numbers` due for a look at once (journey_due, migration 029): an event
 * recorded, or a scenario set, changes what their journeys have passed and plan next.
 */
export async function markJourneysDue(db: Kysely<Database>, executor: QueryExecutor, numbers: readonly string[]): Promise<void> {
  for (const chunk of chunks([...new Set(numbers)])) {
    await executor.executeQuery(
      db
        .insertInto('journey_due')
        .columns(['parcel_label_number', 'account_id', 'due_at'])
        .expression(
          db
            .selectFrom('parcels')
            .select(['parcel_label_number', 'account_id', sql.lit(0).as('due_at')])
            .where('parcel_label_number', 'in', chunk),
        )
        .onConflict((conflict) => conflict.column('parcel_label_number').doUpdateSet({ due_at: 0 }))
        .compile(),
    );
  }
}

/**
 * The history of one of the account's parcels, oldest first; empty when the parcel is not the account's.
 *
 * A parcel's first events are implied by its row rather than stored: storeOrders writes no event rows,
 * which spares every new parcel two inserts and every commit the index pages they dirtied (a quarter
 * of the write-ahead log a commit wrote). Every parcel was `created` at `created_at` and, in the same
 * instant, either `transferred` or, held back by late export, `queued`; a queued parcel's transfer is
 * stored as an event when exportOrders moves it, and `transferred_at` stays empty until then. Later
 * events are stored as they happen. Parcels stored before this rule have their first events stored too.
 */
export async function readParcelEvents(db: Kysely<Database>, accountId: number, parcelLabelNumber: string): Promise<ParcelEvent[]> {
  const parcel = await db
    .selectFrom('parcels')
    .select(['created_at', 'transferred_at'])
    .where('account_id', '=', accountId)
    .where('parcel_label_number', '=', parcelLabelNumber)
    .executeTakeFirst();
  if (parcel === undefined) {
    return [];
  }
  const rows = await db
    .selectFrom('parcel_events')
    .select(['state', 'at'])
    .where('parcel_label_number', '=', parcelLabelNumber)
    .orderBy('at')
    .orderBy('id')
    .execute();
  // The states a parcel entered; the status words advanceParcel forced are its journey's (journey-repository.ts).
  const stored: ParcelEvent[] = rows.flatMap((row) => (isParcelState(row.state) ? [{ state: row.state, at: toDate(row.at) }] : []));
  if (rows[0]?.state === 'created') {
    return stored;
  }
  const createdAt = toDate(parcel.created_at);
  const queuedFirst = parcel.transferred_at === null || rows.some((row) => row.state === 'transferred');
  return [{ state: 'created', at: createdAt }, { state: queuedFirst ? 'queued' : 'transferred', at: createdAt }, ...stored];
}
