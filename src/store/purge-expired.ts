// Ends the shipment data of parcels and pickup orders whose 28 days have run out (docs/decisions.md "Operations", late export).
import { sql, type Kysely } from 'kysely';
import type { AccountScope } from '../domain/ports/account-ports.ts';
import { SHIPMENT_DATA_VALIDITY_MS } from '../domain/core/parcel-number.ts';
import { toMillis } from './column-values.ts';
import { inScope } from './account-scope.ts';
import { insertEvents } from './parcel-events.ts';
import type { Database } from './schema.ts';
import { removeParcelData } from './transition-parcels.ts';

/** Parcels purged per transaction, so a large backlog never holds the write lock for long. */
const PURGE_BATCH = 500;

/**
 * Marks every parcel whose data expired at `now` as `expired` and removes its data (and its order's,
 * once no parcel of the order keeps any), then the data of pickup orders past their 28 days; returns
 * how many parcels. The `expired` event is dated at the parcel's expiry, not at the purge. Only the
 * accounts of `scope` (default all).
 */
export async function purgeExpired(db: Kysely<Database>, now: Date, scope?: AccountScope): Promise<number> {
  const at = toMillis(now);
  let purged = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      // `data is not null` is the partial index's condition: parcels deleted or purged before are not read.
      const due = await trx
        .selectFrom('parcels')
        .select('id')
        .where('expires_at', '<=', at)
        .where('data', 'is not', null)
        .$call((query) => inScope(query, scope))
        .limit(PURGE_BATCH)
        .execute();
      if (due.length === 0) {
        return { found: 0, purged: 0 };
      }
      const rows = await trx
        .updateTable('parcels')
        .set({ state: 'expired', data: null })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .where('data', 'is not', null)
        .where('state', 'not in', ['deleted', 'expired'])
        .returning(['parcel_label_number', 'order_id', 'expires_at'])
        .execute();
      await insertEvents(
        db,
        trx,
        rows.map((row) => ({ parcel_label_number: row.parcel_label_number, state: 'expired', at: row.expires_at ?? at })),
      );
      await removeParcelData(trx, rows);
      return { found: due.length, purged: rows.length };
    });
    purged += batch.purged;
    if (batch.found < PURGE_BATCH) {
      await purgeExpiredPickupOrders(db, at - SHIPMENT_DATA_VALIDITY_MS, scope);
      return purged;
    }
  }
}

/**
 * Removes the data of pickup orders stored at or before `storedBy`. A pickup order has no parcels
 * (spec "Pickup order" 1), so no parcel's expiry clears it; it is transferred when stored, and its
 * 28 days run from then (spec "Limits").
 */
async function purgeExpiredPickupOrders(db: Kysely<Database>, storedBy: number, scope: AccountScope | undefined): Promise<void> {
  for (;;) {
    // The literal order type matches the partial index's condition (a bound value would not, on SQLite).
    const result = await db
      .updateTable('orders')
      .set({ data: null })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('id')
          .where(sql.ref('order_type'), '=', sql.lit('pickup information'))
          .where('data', 'is not', null)
          .where('created_at', '<=', storedBy)
          .$call((query) => inScope(query, scope))
          .limit(PURGE_BATCH),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) < PURGE_BATCH) {
      return;
    }
  }
}
