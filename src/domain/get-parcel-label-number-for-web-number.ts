// ParcelLifeCycleService getParcelLabelNumberForWebNumber: the parcel number behind a web number.
// The web number is the shipment's mpsId (`MPS` + its first parcel's number + ship date, DESIGN
// "Parcel numbers"), the number a consignee is given to follow the shipment on the web; the answer is
// that first parcel's number, which getTrackingData takes (docs/decisions.md "Tracking").
import { formatMessage } from '../contract/error-catalogue.ts';
import type { GetParcelLabelNumberForWebNumberData } from '../contract/parcel-life-cycle.ts';
import { fail, succeed, type Outcome, type Session } from './outcome.ts';
import { isCallersParcel } from './parcel-lookup.ts';
import type { Services } from './services.ts';

/** An mpsId: `MPS`, the first parcel's 14-digit number, the ship date `yyyyMMdd`. */
const MPS_ID = /^MPS([0-9]{14})[0-9]{8}$/;

/** The first parcel's number of the caller's shipment whose mpsId is `webNumber`. */
export async function getParcelLabelNumberForWebNumber(
  services: Services,
  session: Session,
  request: GetParcelLabelNumberForWebNumberData,
): Promise<Outcome<{ readonly parcelLabelNumber: string }>> {
  const webNumber = request.webNumber.trim().toUpperCase();
  const number = MPS_ID.exec(webNumber)?.[1];
  const [parcel] = number === undefined ? [] : await services.shipments.findParcels(session.account.id, [number]);
  // A pickup order's mpsId names no parcel, and another account's shipment answers like an unknown one.
  if (parcel === undefined || !isCallersParcel(parcel) || parcel.mpsId !== webNumber) {
    return fail('ERR_INVALID_REQUEST', {
      reason: formatMessage('error_parcel_not_found', session.language, { path: 'webNumber', value: request.webNumber }),
    });
  }
  return succeed({ parcelLabelNumber: parcel.parcelLabelNumber });
}
