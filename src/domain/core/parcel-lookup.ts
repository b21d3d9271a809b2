// Which parcels a caller may name, and whether their data is still kept: the checks every operation on
// a parcel makes, and the lookup of exportOrders and deleteOrders that classifies each requested number.
import type { ErrorCode } from '../../contract/error-catalogue.ts';
import { PARCEL_LABEL_NUMBER } from './parcel-number.ts';
import type { Session } from './outcome.ts';
import type { ShipmentRepository, StoredParcel } from '../ports/shipment-ports.ts';

/** One requested number: the stored parcel when it is the caller's and still matched, else why not. */
export type LookedUp =
  { readonly number: string; readonly parcel: StoredParcel } | { readonly number: string; readonly problem: ErrorCode };

/** Whether a parcel's data has expired at `now` (28 days after transfer), purged or not yet. */
export function hasExpired(parcel: StoredParcel, now: Date): boolean {
  return parcel.state === 'expired' || (parcel.expiresAt !== undefined && parcel.expiresAt.getTime() <= now.getTime());
}

/**
 * Whether the caller may name this parcel: a collection request's parcels are numbered for the driver,
 * who brings their labels; the caller got only the request's carrierReference.
 */
export function isCallersParcel(parcel: StoredParcel): boolean {
  return parcel.orderType !== 'collection request order';
}

/**
 * Looks up every requested number of the caller in one query; unknown numbers, another account's and a
 * collection request's internal ones answer alike. Expiry is judged by the caller's clock.
 */
export async function lookUpParcels(shipments: ShipmentRepository, session: Session, numbers: readonly string[]): Promise<LookedUp[]> {
  const wellFormed = numbers.filter((n) => PARCEL_LABEL_NUMBER.test(n));
  const found = new Map((await shipments.findParcels(session.account.id, [...new Set(wellFormed)])).map((p) => [p.parcelLabelNumber, p]));
  const now = session.clock.now();
  return numbers.map((number) => {
    if (!PARCEL_LABEL_NUMBER.test(number)) return { number, problem: 'error_invalid_parcel_label_number' };
    const parcel = found.get(number);
    if (parcel === undefined || !isCallersParcel(parcel)) return { number, problem: 'error_parcel_not_found' };
    if (parcel.state === 'deleted') return { number, problem: 'error_parcel_deleted' };
    if (hasExpired(parcel, now)) return { number, problem: 'error_parcel_expired' };
    return { number, parcel };
  });
}
