// Looks up an account's parcels by number.
import type { Kysely, Selectable } from 'kysely';
import type { StoredParcel } from '../domain/ports/shipment-ports.ts';
import { chunks } from './chunks.ts';
import { toDate } from './column-values.ts';
import type { Database, OrdersTable, ParcelsTable } from './schema.ts';

/** The columns a stored parcel is read from (its order's type among them). */
export const STORED_PARCEL_COLUMNS = [
  'parcels.parcel_label_number',
  'parcels.order_id',
  'parcels.state',
  'parcels.ship_date',
  'parcels.created_at',
  'parcels.transferred_at',
  'parcels.expires_at',
  'orders.order_type',
  'orders.mps_id',
  'orders.product',
  'orders.sending_depot',
] as const;

/** The account's parcels among `numbers`, in the order asked, each once; others' parcels are left out. */
export async function findParcels(db: Kysely<Database>, accountId: number, numbers: readonly string[]): Promise<StoredParcel[]> {
  const wanted = [...new Set(numbers)];
  const found = new Map<string, StoredParcel>();
  for (const chunk of chunks(wanted)) {
    const rows = await db
      .selectFrom('parcels')
      .innerJoin('orders', 'orders.id', 'parcels.order_id')
      .select(STORED_PARCEL_COLUMNS)
      .where('parcels.account_id', '=', accountId)
      .where('parcels.parcel_label_number', 'in', chunk)
      .execute();
    for (const row of rows) {
      found.set(row.parcel_label_number, toStoredParcel(row));
    }
  }
  return wanted.flatMap((number) => found.get(number) ?? []);
}

/** A row of `Columns` of the parcels and orders tables, by their unqualified names (each list is written once). */
export type ParcelRow<Columns extends readonly string[]> = Pick<
  Selectable<ParcelsTable> & Selectable<OrdersTable>,
  Columns[number] extends `${string}.${infer Name}` ? Name & keyof (ParcelsTable & OrdersTable) : never
>;
type Row = ParcelRow<typeof STORED_PARCEL_COLUMNS>;

/** A row of (at least) STORED_PARCEL_COLUMNS as the stored parcel. */
export function toStoredParcel(row: Row): StoredParcel {
  return {
    parcelLabelNumber: row.parcel_label_number,
    orderId: row.order_id,
    orderType: row.order_type,
    ...(row.mps_id === null ? {} : { mpsId: row.mps_id }),
    product: row.product,
    sendingDepot: row.sending_depot,
    state: row.state,
    shipDate: row.ship_date,
    createdAt: toDate(row.created_at),
    ...(row.transferred_at === null ? {} : { transferredAt: toDate(row.transferred_at) }),
    ...(row.expires_at === null ? {} : { expiresAt: toDate(row.expires_at) }),
  };
}
