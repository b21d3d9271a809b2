// Where one of the caller's parcels goes, for tracking's `receiver`: the postcode, city and country of
// its order's recipient, read from the order as sent while the parcel keeps its data.
import type { Kysely } from 'kysely';
import type { RecipientPlace } from '../domain/ports/shipment-ports.ts';
import type { Database } from './schema.ts';

interface StoredOrder {
  readonly generalShipmentData?: {
    readonly recipient?: { readonly zipCode?: unknown; readonly city?: unknown; readonly country?: unknown };
  };
}

/** The recipient's place of the caller's parcel; undefined for another account's parcel or one whose data is gone. */
export async function readParcelRecipient(
  db: Kysely<Database>,
  accountId: number,
  parcelLabelNumber: string,
): Promise<RecipientPlace | undefined> {
  const row = await db
    .selectFrom('parcels')
    .innerJoin('orders', 'orders.id', 'parcels.order_id')
    .select('orders.data')
    .where('parcels.account_id', '=', accountId)
    .where('parcels.parcel_label_number', '=', parcelLabelNumber)
    // Deleted and expired parcels keep no data (docs/decisions.md "Operations": the 28 days).
    .where('parcels.data', 'is not', null)
    .executeTakeFirst();
  if (row?.data === undefined || row.data === null) return undefined;
  const recipient = (JSON.parse(row.data) as StoredOrder).generalShipmentData?.recipient;
  const { zipCode, city, country } = recipient ?? {};
  if (typeof zipCode !== 'string' || typeof city !== 'string' || typeof country !== 'string') return undefined;
  return { zipCode, city, country };
}
