// The references printed on parcels' labels, kept for findParcels while the parcels keep their data:
// they are personal data (contract/shipment-service/shipment-requests.ts), removed with it on delete and expiry.
import type { Transaction } from 'kysely';
import { chunks } from './chunks.ts';
import type { Database } from './schema.ts';

/** Removes the references of `numbers`, in the transaction that removes their data. */
export async function deleteParcelReferences(trx: Transaction<Database>, numbers: readonly string[]): Promise<void> {
  for (const chunk of chunks(numbers)) {
    await trx.deleteFrom('parcel_references').where('parcel_label_number', 'in', chunk).execute();
  }
}
