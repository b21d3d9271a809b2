// Moves parcels from one life-cycle state to the next (exportOrders, deleteOrders), recording each move.
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { ParcelState, ParcelTransition } from '../domain/ports/shipment-ports.ts';
import { chunks } from './chunks.ts';
import { toMillis } from './column-values.ts';
import { insertParcelEvents } from './parcel-events.ts';
import { deleteParcelNotifications } from './outbox-repository.ts';
import { deleteParcelPushes } from './push-queue-repository.ts';
import { deleteParcelReferences } from './parcel-reference-rows.ts';
import type { Database, EpochMillis, ParcelsTable } from './schema.ts';

/** States that end the life of a parcel's shipment data. */
const DATA_REMOVING_STATES: ReadonlySet<ParcelState> = new Set(['deleted', 'expired']);

/**
 * Moves the account's parcels among `numbers` that are in one of `change.from` to `change.to`, in one
 * transaction; returns the numbers moved, in the order asked. The state is checked in the same
 * statement that changes it, so a parcel another process moved meanwhile is not moved twice.
 */
export async function transitionParcels(
  db: Kysely<Database>,
  accountId: number,
  numbers: readonly string[],
  change: ParcelTransition,
): Promise<string[]> {
  const wanted = [...new Set(numbers)];
  if (wanted.length === 0 || change.from.length === 0) {
    return [];
  }
  const at = toMillis(change.at);
  const moved = await db.transaction().execute(async (trx) => {
    const rows: Array<{ parcel_label_number: string; order_id: number }> = [];
    for (const chunk of chunks(wanted)) {
      rows.push(
        ...(await trx
          .updateTable('parcels')
          .set(changedColumns(change, at))
          .where('account_id', '=', accountId)
          .where('parcel_label_number', 'in', chunk)
          .where('state', 'in', change.from)
          .returning(['parcel_label_number', 'order_id'])
          .execute()),
      );
    }
    await insertParcelEvents(
      db,
      trx,
      rows.map((row) => row.parcel_label_number),
      change.to,
      at,
    );
    if (DATA_REMOVING_STATES.has(change.to)) {
      await removeParcelData(trx, rows);
    }
    return new Set(rows.map((row) => row.parcel_label_number));
  });
  return wanted.filter((number) => moved.has(number));
}

function changedColumns(change: ParcelTransition, at: EpochMillis): Updateable<ParcelsTable> {
  switch (change.to) {
    case 'transferred':
      return {
        state: change.to,
        transferred_at: at,
        ...(change.expiresAt === undefined ? {} : { expires_at: toMillis(change.expiresAt) }),
      };
    case 'consolidated':
      return { state: change.to, consolidated_at: at };
    case 'deleted':
      return { state: change.to, deleted_at: at, data: null };
    case 'expired':
      return { state: change.to, data: null };
    default:
      return { state: change.to };
  }
}

/**
 * What goes with a parcel's data when it is deleted or expires (its row has already lost `data`): its
 * references, its receiver notifications, its tracking pushes (their parameters are the parcel's data:
 * its reference, its receiver) and its order's data once no parcel of the order keeps its own. The
 * one place for it: deleteOrders, the expiry of unconsolidated parcels and the 28-day purge call it.
 */
export async function removeParcelData(
  trx: Transaction<Database>,
  parcels: ReadonlyArray<{ readonly parcel_label_number: string; readonly order_id: number }>,
): Promise<void> {
  const numbers = parcels.map((parcel) => parcel.parcel_label_number);
  await deleteParcelReferences(trx, numbers);
  await deleteParcelNotifications(trx, numbers);
  await deleteParcelPushes(trx, numbers);
  await clearOrderData(
    trx,
    parcels.map((parcel) => parcel.order_id),
  );
}

/** Removes the data of each of the orders none of whose parcels keeps its data any more. */
async function clearOrderData(trx: Transaction<Database>, orderIds: readonly number[]): Promise<void> {
  for (const chunk of chunks([...new Set(orderIds)])) {
    await trx
      .updateTable('orders')
      .set({ data: null })
      .where('id', 'in', chunk)
      .where('data', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('parcels')
              .select('parcels.id')
              .whereRef('parcels.order_id', '=', 'orders.id')
              .where('parcels.data', 'is not', null),
          ),
        ),
      )
      .execute();
  }
}
