// Stores new orders with their parcels and first events, all in one transaction.
import type { Insertable, Transaction } from 'kysely';
import type { NewOrder, ParcelState } from '../domain/ports.ts';
import { chunks } from './chunks.ts';
import { toFlag, toJson, toMillis } from './column-values.ts';
import { insertEvents } from './parcel-events.ts';
import type { Database, ParcelEventsTable, ParcelsTable } from './schema.ts';

/**
 * Writes all of `orders` in `trx`. The caller runs it in a transaction (or savepoint) of its own, so
 * that, if anything fails, none of them is stored.
 */
export async function insertOrders(trx: Transaction<Database>, accountId: number, orders: readonly NewOrder[], at: Date): Promise<void> {
  if (orders.length === 0) {
    return;
  }
  const now = toMillis(at);
  {
    const parcels: Insertable<ParcelsTable>[] = [];
    const events: Insertable<ParcelEventsTable>[] = [];
    // One insert per order, for its id (the order of a multi-row RETURNING is not guaranteed); the
    // parcels and events of all orders then go in as few statements as the parameter limit allows.
    for (const order of orders) {
      const { id: orderId } = await trx
        .insertInto('orders')
        .values({
          account_id: accountId,
          order_type: order.orderType,
          mps_id: order.mpsId ?? null,
          carrier_reference: order.carrierReference ?? null,
          sending_depot: order.sendingDepot,
          product: order.product,
          ship_date: order.shipDate,
          data: toJson(order.data),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const expiresAt = order.expiresAt === undefined ? null : toMillis(order.expiresAt);
      for (const parcel of order.parcels) {
        parcels.push({
          account_id: accountId,
          order_id: orderId,
          parcel_label_number: parcel.parcelLabelNumber,
          position: parcel.position,
          returns: toFlag(parcel.returns),
          weight: parcel.weight,
          service_code: parcel.serviceCode,
          state: order.parcelState,
          ship_date: order.shipDate,
          data: toJson(parcel.data),
          created_at: now,
          transferred_at: order.parcelState === 'transferred' ? now : null,
          expires_at: expiresAt,
        });
        for (const state of initialStates(order.parcelState)) {
          events.push({ parcel_label_number: parcel.parcelLabelNumber, state, at: now });
        }
      }
    }
    for (const chunk of chunks(parcels)) {
      await trx.insertInto('parcels').values(chunk).execute();
    }
    await insertEvents(trx, events);
  }
}

/** Every parcel is `created` first; one stored straight into a later state records both, at one instant. */
function initialStates(state: ParcelState): ParcelState[] {
  return state === 'created' ? ['created'] : ['created', state];
}
