import type { GetParcelLabelNumberForWebNumberData } from '../../contract/parcel-life-cycle-service.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { isCallersParcel } from '../core/parcel-lookup.ts';
import type { Dependencies } from '../dependencies.ts';
import { refuse } from '../core/invalid-request.ts';

/** An mpsId: `MPS`, the first parcel's 14-digit number, the ship date `yyyyMMdd`. */
const MPS_ID = /^MPS([0-9]{14})[0-9]{8}$/;

/** The first parcel's number of the caller's shipment whose mpsId is `webNumber`. */
export async function getParcelLabelNumberForWebNumber(
  deps: Dependencies,
  session: Session,
  request: GetParcelLabelNumberForWebNumberData,
): Promise<Outcome<{ readonly parcelLabelNumber: string }>> {
  const webNumber = request.webNumber.trim().toUpperCase();
  const number = MPS_ID.exec(webNumber)?.[1];
  const [parcel] = number === undefined ? [] : await deps.shipments.findParcels(session.account.id, [number]);
  // A pickup order's mpsId names no parcel, and another account's shipment answers like an unknown one.
  if (parcel === undefined || !isCallersParcel(parcel) || parcel.mpsId !== webNumber) {
    return refuse(session, 'error_parcel_not_found', { path: 'webNumber', value: request.webNumber });
  }
  return succeed({ parcelLabelNumber: parcel.parcelLabelNumber });
}
