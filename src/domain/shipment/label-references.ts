// How findParcels finds a parcel by a reference: the references its label prints, matched whole and in
// any letter case, through keys stored with the parcel (and removed with its data).
import type { OrderData, ParcelData } from '../../contract/shipment-service/shipment-requests.ts';
import { labelReferencesOf } from './label-job.ts';

/** A reference as it is stored and searched: without surrounding spaces, lower case. */
export function referenceKey(text: string): string {
  return text.trim().toLowerCase();
}

/** The distinct, non-empty keys of the references `parcel`'s label prints. */
export function referenceKeysOf(order: OrderData, parcel: Partial<ParcelData>): string[] {
  return [...new Set(labelReferencesOf(order, parcel).map(referenceKey))].filter((key) => key !== '');
}
