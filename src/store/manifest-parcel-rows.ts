// The ManifestReader port (EndOfDayService): an account's consignment parcels transferred within a
// period, their data kept, read through the (account_id, transferred_at) index.
import { sql, type Kysely } from 'kysely';
import type { ManifestReader, TransferredParcel } from '../domain/ports/end-of-day-ports.ts';
import { fromFlag, toDate, toMillis } from './column-values.ts';
import type { Database } from './schema.ts';
import { fromWeightColumn } from './weight-column.ts';

/** The manifest's parcels of `db`. */
export function createManifestReader(db: Kysely<Database>): ManifestReader {
  return {
    async transferredParcels(accountId, from, to, limit) {
      const rows = await db
        .selectFrom('parcels')
        .innerJoin('orders', 'orders.id', 'parcels.order_id')
        .select([
          'parcels.id',
          'parcels.parcel_label_number',
          'parcels.order_id',
          'parcels.position',
          'parcels.returns',
          'parcels.weight',
          'parcels.service_code',
          'parcels.transferred_at',
          'orders.mps_id',
          'orders.product',
          'orders.sending_depot',
          'orders.data',
        ])
        .where('parcels.account_id', '=', accountId)
        .where('parcels.transferred_at', '>=', toMillis(from))
        .where('parcels.transferred_at', '<', toMillis(to))
        // Deleted and expired parcels lose their data (and their order its, once none keeps any).
        .where('parcels.data', 'is not', null)
        .where('orders.data', 'is not', null)
        // A literal, as the partial indexes' conditions are written (purge-expired.ts).
        .where(sql.ref('orders.order_type'), '=', sql.lit('consignment'))
        .orderBy('parcels.transferred_at')
        .orderBy('parcels.id')
        .limit(limit)
        .execute();
      const orders = new Map<number, unknown>();
      return rows.map((row): TransferredParcel => {
        let order = orders.get(row.order_id);
        if (order === undefined) {
          order = JSON.parse(row.data as string) as unknown;
          orders.set(row.order_id, order);
        }
        return {
          parcelLabelNumber: row.parcel_label_number,
          orderId: row.order_id,
          ...(row.mps_id === null ? {} : { mpsId: row.mps_id }),
          position: row.position,
          returns: fromFlag(row.returns),
          weight: fromWeightColumn(row.weight),
          serviceCode: row.service_code,
          product: row.product,
          sendingDepot: row.sending_depot,
          transferredAt: toDate(row.transferred_at as number),
          order,
        };
      });
    },
  };
}
