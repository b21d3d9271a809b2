// SandboxService advanceParcel: what `parcel-service parcels advance` does for the operator, for one of
// the caller's own parcels — a consolidated parcel moved on to collected, in_transit, out_for_delivery
// or delivered, each state on the way recorded at the account's time, so tracking shows them.
import type { AdvanceParcelData } from '../../contract/sandbox-service.ts';
import { advanceParcels, type Advanced, type CarrierState } from '../parcel-life-cycle/advance-parcels.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { isCallersParcel } from '../core/parcel-lookup.ts';
import { refuse } from '../core/invalid-request.ts';
import type { SandboxDependencies } from '../dependencies.ts';
import { notifyParcels } from '../notifications/notify-parcels.ts';

export interface AdvanceParcelResult {
  readonly parcelLabelNumber: string;
  readonly previousState: string;
  readonly state: string;
}

const REFUSALS = {
  unknown: 'error_parcel_not_found',
  deleted: 'error_parcel_deleted',
  expired: 'error_parcel_expired',
  not_consolidated: 'error_parcel_not_consolidated',
  already_there: 'error_parcel_already_there',
} as const;

export async function advanceParcel(
  deps: SandboxDependencies,
  session: Session,
  request: AdvanceParcelData,
): Promise<Outcome<AdvanceParcelResult>> {
  // The contract's states are the carrier's (ADVANCE_STATES = ADVANCE_TARGETS).
  const { parcelLabelNumber, to } = request;
  const accountId = session.account.id;
  const [found] = await deps.shipments.findParcels(accountId, [parcelLabelNumber]);
  // A collection request's parcels are numbered for the driver: the caller knows no such number.
  const [result]: Advanced[] =
    found === undefined || !isCallersParcel(found)
      ? [{ parcelLabelNumber, refused: 'unknown' }]
      : await advanceParcels(deps.shipments, accountId, [parcelLabelNumber], to as CarrierState, session.clock.now());
  if ('refused' in result) {
    return refuse(session, REFUSALS[result.refused], { path: 'parcelLabelNumber', value: parcelLabelNumber, state: result.state ?? '' });
  }
  // The receiver's messages of the events just recorded are in the outbox before the answer.
  await notifyParcels(deps.notifications, [{ account: session.account, parcelLabelNumber }]);
  return succeed({ parcelLabelNumber, previousState: result.from, state: result.to });
}
