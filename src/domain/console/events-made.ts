// What findNotifications and findPushes do before they read: the messages and pushes of the events the
// account's clock has passed are made first — of one parcel (the caller's, else refused) or of every
// parcel whose journey runs — so that a page shows every event reached so far.
import { refuse } from '../core/invalid-request.ts';
import type { Outcome, Session } from '../core/outcome.ts';
import { isCallersParcel } from '../core/parcel-lookup.ts';
import type { Dependencies } from '../dependencies.ts';
import { notifyMovingParcels, notifyParcels } from '../notifications/notify-parcels.ts';

/** Makes what the events so far send, for `parcelLabelNumber` or the account's moving parcels; a refusal when the parcel is not the caller's. */
export async function makeEventsSoFar(
  deps: Dependencies,
  session: Session,
  parcelLabelNumber: string | undefined,
): Promise<Outcome<never> | undefined> {
  if (parcelLabelNumber === undefined) {
    // The messages of the events the account's clock has passed since (its journeys run; none otherwise).
    await notifyMovingParcels(deps.notifications, session.account);
    return undefined;
  }
  const [parcel] = await deps.shipments.findParcels(session.account.id, [parcelLabelNumber]);
  if (parcel === undefined || !isCallersParcel(parcel))
    return refuse(session, 'error_parcel_not_found', { path: 'parcelLabelNumber', value: parcelLabelNumber });
  await notifyParcels(deps.notifications, [{ account: session.account, parcelLabelNumber }]);
  return undefined;
}
