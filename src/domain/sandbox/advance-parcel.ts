// SandboxService advanceParcel: what `parcel-service parcels advance` does for the operator, for one of
// the caller's own parcels — moved on along its journey to a status word (or one of the older states
// `collected` … `delivered`), every event on the way recorded at its planned time and the account's
// clock moved on to the last one when that is later (the answer's `clockMovedTo`), its day closed on
// the way when it was not yet, so tracking shows them as a real parcel's.
import type { AdvanceParcelData } from '../../contract/sandbox-service.ts';
import { advanceParcel as advance, type Advanced, type AdvanceRefusal } from '../parcel-life-cycle/advance-parcels.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { refuseSandbox } from './sandbox-refusal.ts';
import type { SandboxDependencies } from '../dependencies.ts';
import { notifyParcels } from '../notifications/notify-parcels.ts';
import { moveClockOnTo } from './sandbox-time.ts';

export type AdvanceParcelResult = Omit<Advanced, 'lastEventAt'> & { readonly clockMovedTo?: Date };

/** A refusal of advanceParcel, in the caller's language. */
export function advanceRefusal(
  session: Pick<Session, 'language'>,
  parcelLabelNumber: string,
  to: string,
  refusal: AdvanceRefusal,
  /** Where the fields are in the request: `advanceTo.` for setClock's. */
  at = '',
) {
  const params = { path: `${at}parcelLabelNumber`, value: parcelLabelNumber };
  switch (refusal.refused) {
    case 'unknown':
      return refuseSandbox(session, 'error_parcel_not_found', params);
    case 'deleted':
      return refuseSandbox(session, 'error_parcel_deleted', params);
    case 'expired':
      return refuseSandbox(session, 'error_parcel_expired', params);
    case 'not_transferred':
      return refuseSandbox(session, 'error_parcel_not_transferred', { ...params, state: refusal.state });
    case 'day_not_begun':
      return refuseSandbox(session, 'error_consolidation_date_in_future', {
        path: `the shipping day of ${parcelLabelNumber}`,
        value: refusal.shipDate,
        today: refusal.today,
      });
    case 'already_there':
      return refuseSandbox(session, 'error_parcel_already_there', { ...params, to, status: refusal.status });
    case 'not_in_scenario':
      return refuseSandbox(session, 'error_status_not_in_scenario', {
        path: `${at}to`,
        value: to,
        scenario: refusal.scenario,
        values: refusal.words.join(', '),
      });
  }
}

export async function advanceParcel(
  deps: SandboxDependencies,
  session: Session,
  request: AdvanceParcelData,
): Promise<Outcome<AdvanceParcelResult>> {
  const { parcelLabelNumber, to } = request;
  const result = await advance(deps, session.account, parcelLabelNumber, to, session.clock.now());
  if ('refused' in result) return advanceRefusal(session, parcelLabelNumber, to, result);
  // Each event at its planned time: the account's clock moves on to the last one when that is later.
  const { lastEventAt, ...advanced } = result;
  const clock = await moveClockOnTo(deps, session.account.delisId, lastEventAt);
  const account = clock?.moved === true ? ((await deps.accounts.findAccount(session.account.delisId)) ?? session.account) : session.account;
  // The receiver's messages of the events just recorded are in the outbox before the answer.
  await notifyParcels(deps.notifications, [{ account, parcelLabelNumber }]);
  return succeed({ ...advanced, ...(clock?.moved === true ? { clockMovedTo: clock.now } : {}) });
}
