// Closing a shipping day (startOrdersConsolidation) and the record of closed days.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Consolidation } from '../domain/ports/shipment-ports.ts';
import { chunks } from './chunks.ts';
import { toDate, toMillis } from './column-values.ts';
import { insertParcelEvents } from './parcel-events.ts';
import type { ConsolidationsTable, Database } from './schema.ts';

/**
 * Closes the account's day `consolidationDate`: its `transferred` parcels of that ship date whose data
 * has not expired at `at` become `consolidated`. The day's consolidation is recorded once; calling again
 * closes parcels transferred since and returns the same record, with all its parcels.
 */
export async function consolidate(db: Kysely<Database>, accountId: number, consolidationDate: number, at: Date): Promise<Consolidation> {
  const now = toMillis(at);
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('consolidations')
      .values({ account_id: accountId, consolidation_date: consolidationDate, created_at: now })
      .onConflict((conflict) => conflict.columns(['account_id', 'consolidation_date']).doNothing())
      .execute();
    const consolidation = await trx
      .selectFrom('consolidations')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('consolidation_date', '=', consolidationDate)
      .executeTakeFirstOrThrow();
    const closed = await trx
      .updateTable('parcels')
      .set({ state: 'consolidated', consolidated_at: now, consolidation_id: consolidation.id })
      .where('account_id', '=', accountId)
      .where('state', '=', 'transferred')
      .where('ship_date', '=', consolidationDate)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .returning('parcel_label_number')
      .execute();
    await insertParcelEvents(
      db,
      trx,
      closed.map((row) => row.parcel_label_number),
      'consolidated',
      now,
    );
    const [result] = await withParcels(trx, [consolidation]);
    return result;
  });
}

/** Consolidations, newest first, of one account or of all. */
export async function listConsolidations(db: Kysely<Database>, accountId?: number): Promise<Consolidation[]> {
  let query = db.selectFrom('consolidations').selectAll();
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return withParcels(db, rows);
}

async function withParcels(
  db: Kysely<Database> | Transaction<Database>,
  rows: readonly Selectable<ConsolidationsTable>[],
): Promise<Consolidation[]> {
  const numbers = new Map<number, Array<{ id: number; number: string }>>(rows.map((row) => [row.id, []]));
  for (const chunk of chunks(rows.map((row) => row.id))) {
    const parcels = await db
      .selectFrom('parcels')
      .select(['id', 'consolidation_id', 'parcel_label_number'])
      .where('consolidation_id', 'in', chunk)
      .execute();
    for (const parcel of parcels) {
      if (parcel.consolidation_id !== null)
        numbers.get(parcel.consolidation_id)?.push({ id: parcel.id, number: parcel.parcel_label_number });
    }
  }
  return rows.map((row) => ({
    accountId: row.account_id,
    consolidationDate: row.consolidation_date,
    createdAt: toDate(row.created_at),
    parcelLabelNumbers: Object.freeze((numbers.get(row.id) ?? []).sort((a, b) => a.id - b.id).map((parcel) => parcel.number)),
  }));
}
