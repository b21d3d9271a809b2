// Looks up an account's parcels by number.
import type { Kysely, Selectable } from 'kysely';
import type { StoredParcel } from '../domain/ports.ts';
import { chunks } from './chunks.ts';
import { toDate } from './column-values.ts';
import type { Database, ParcelsTable } from './schema.ts';

const COLUMNS = ['parcel_label_number', 'order_id', 'state', 'ship_date', 'created_at', 'transferred_at', 'expires_at'] as const;

/** The account's parcels among `numbers`, in the order asked, each once; others' parcels are left out. */
export async function findParcels(db: Kysely<Database>, accountId: number, numbers: readonly string[]): Promise<StoredParcel[]> {
  const wanted = [...new Set(numbers)];
  const found = new Map<string, StoredParcel>();
  for (const chunk of chunks(wanted)) {
    const rows = await db
      .selectFrom('parcels')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('parcel_label_number', 'in', chunk)
      .execute();
    for (const row of rows) {
      found.set(row.parcel_label_number, toStoredParcel(row));
    }
  }
  return wanted.flatMap((number) => found.get(number) ?? []);
}

function toStoredParcel(row: Pick<Selectable<ParcelsTable>, (typeof COLUMNS)[number]>): StoredParcel {
  return {
    parcelLabelNumber: row.parcel_label_number,
    orderId: row.order_id,
    state: row.state,
    shipDate: row.ship_date,
    createdAt: toDate(row.created_at),
    ...(row.transferred_at === null ? {} : { transferredAt: toDate(row.transferred_at) }),
    ...(row.expires_at === null ? {} : { expiresAt: toDate(row.expires_at) }),
  };
}
