// Stores new orders with their parcels, all in one transaction. A new parcel's first events are
// implied by its row, not stored (parcel-events.ts); its scenario is stored only when not the default.
import type { Insertable, Kysely } from 'kysely';
import type { NewOrder } from '../domain/ports/shipment-ports.ts';
import { toFlag, toJson, toMillis, toText } from './column-values.ts';
import { prepareInsert } from './prepared-insert.ts';
import { toWeightColumn } from './weight-column.ts';
import type { Database, ParcelJourneysTable, ParcelReferencesTable, ParcelsTable } from './schema.ts';
import type { QueryExecutor } from './transactor.ts';

/** Writes orders in a transaction (or savepoint) of the caller's, so that if anything fails, none of them is stored. */
export type OrderWriter = (executor: QueryExecutor, accountId: number, orders: readonly NewOrder[], at: Date) => Promise<void>;

/** The order writer of `db`, its inserts compiled once. */
export function createOrderWriter(db: Kysely<Database>): OrderWriter {
  const orderInsert = prepareInsert(
    db,
    'orders',
    [
      'account_id',
      'order_type',
      'mps_id',
      'carrier_reference',
      'sending_depot',
      'product',
      'ship_date',
      'data',
      'created_at',
      'print_options',
    ],
    { returning: 'id' },
  );
  const parcelInsert = prepareInsert(db, 'parcels', [
    'account_id',
    'order_id',
    'parcel_label_number',
    'position',
    'returns',
    'weight',
    'service_code',
    'state',
    'ship_date',
    'data',
    'created_at',
    'transferred_at',
    'expires_at',
  ]);
  const referenceInsert = prepareInsert(db, 'parcel_references', ['account_id', 'parcel_label_number', 'reference']);
  const journeyInsert = prepareInsert(db, 'parcel_journeys', ['parcel_label_number', 'scenario']);

  return async (executor, accountId, orders, at) => {
    if (orders.length === 0) {
      return;
    }
    const now = toMillis(at);
    const orderIds = await orderInsert.run(
      executor,
      orders.map((order) => ({
        account_id: accountId,
        order_type: order.orderType,
        mps_id: order.mpsId ?? null,
        carrier_reference: order.carrierReference ?? null,
        sending_depot: order.sendingDepot,
        product: order.product,
        ship_date: order.shipDate,
        data: toJson(order.data),
        created_at: now,
        print_options: order.printOptions === undefined ? null : toJson(order.printOptions),
      })),
    );
    const parcels: Insertable<ParcelsTable>[] = [];
    const references: Insertable<ParcelReferencesTable>[] = [];
    const journeys: Insertable<ParcelJourneysTable>[] = [];
    orders.forEach((order, index) => {
      const expiresAt = order.expiresAt === undefined ? null : toMillis(order.expiresAt);
      for (const parcel of order.parcels) {
        parcels.push({
          account_id: accountId,
          order_id: orderIds[index],
          parcel_label_number: parcel.parcelLabelNumber,
          position: parcel.position,
          returns: toFlag(parcel.returns),
          weight: toWeightColumn(parcel.weight),
          service_code: parcel.serviceCode,
          state: order.parcelState,
          ship_date: order.shipDate,
          data: toJson(parcel.data),
          created_at: now,
          transferred_at: order.parcelState === 'transferred' ? now : null,
          expires_at: expiresAt,
        });
        // `delivered` is every parcel's without a row: an account that never chose a scenario writes none.
        const scenario = parcel.scenario ?? order.scenario;
        if (scenario !== undefined && scenario !== 'delivered') {
          journeys.push({ parcel_label_number: parcel.parcelLabelNumber, scenario });
        }
        for (const reference of parcel.references ?? []) {
          references.push({ account_id: accountId, parcel_label_number: parcel.parcelLabelNumber, reference: toText(reference) });
        }
      }
    });
    await parcelInsert.run(executor, parcels);
    if (references.length > 0) await referenceInsert.run(executor, references);
    if (journeys.length > 0) await journeyInsert.run(executor, journeys);
  };
}
