// SandboxService setClock: the account's own clock — fixed at an instant, moved on by a duration, or
// back on the real time. Every time-bound decision for the account follows it (domain/core/account-clock.ts);
// other accounts keep the real time.
import type { SetClockData } from '../../contract/sandbox-service.ts';
import { accountTime } from '../core/account-clock.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { AccountClockSetting } from '../ports/clock-ports.ts';
import { refuseSandbox } from './sandbox-refusal.ts';
import { CLOCK_RANGE, clockView, isWithinClockRange, movedOn, moveClockOnTo, readDuration, type ClockView } from './sandbox-time.ts';
import { readDateTime } from '../../contract/schema/calendar-date.ts';
import type { SandboxDependencies } from '../dependencies.ts';
import { advanceParcel } from '../parcel-life-cycle/advance-parcels.ts';
import { advanceRefusal } from './advance-parcel.ts';
import { notifyParcels } from '../notifications/notify-parcels.ts';

export async function setClock(deps: SandboxDependencies, session: Session, request: SetClockData): Promise<Outcome<ClockView>> {
  const given = [
    request.fixedTime !== undefined,
    request.advanceBy !== undefined,
    request.reset === true,
    request.advanceTo !== undefined,
  ].filter(Boolean).length;
  if (given !== 1) return refuseSandbox(session, 'error_clock_choice', { path: 'setClock' });
  if (request.advanceTo !== undefined) return advanceTo(deps, session, request.advanceTo);
  // The setting as stored now, not as the session read it: another process may have moved it since.
  const account = (await deps.accounts.findAccount(session.account.delisId)) ?? session.account;
  const real = deps.clock.now();
  let setting: AccountClockSetting | undefined;
  let path: string;
  if (request.fixedTime !== undefined) {
    path = 'fixedTime';
    const fixedAt = readDateTime(request.fixedTime);
    if (fixedAt === undefined) return refuseSandbox(session, 'error_invalid_date_time', { path, value: request.fixedTime });
    setting = { offsetMs: 0, fixedAt };
  } else if (request.advanceBy !== undefined) {
    path = 'advanceBy';
    const ms = readDuration(request.advanceBy) ?? Infinity;
    setting = movedOn(account.clock, ms);
  } else {
    path = 'reset';
    setting = undefined;
  }
  const now = accountTime(setting, real);
  if (!isWithinClockRange(now)) {
    return refuseSandbox(session, 'error_clock_out_of_range', {
      path,
      // A duration too long for a date at all reads past the range's end.
      value: Number.isNaN(now.getTime()) ? `later than ${CLOCK_RANGE.to.toISOString()}` : now.toISOString(),
      from: CLOCK_RANGE.from.toISOString(),
      to: CLOCK_RANGE.to.toISOString(),
    });
  }
  const stored = setting?.fixedAt === undefined && setting?.offsetMs === 0 ? undefined : setting;
  // A clock moved back takes the account's tokens back with it: else a token issued at the later time
  // would stay valid that much longer (issue 28 item 6; docs/decisions.md "Sandbox").
  const movedMs = now.getTime() - accountTime(account.clock, real).getTime();
  await deps.sandbox.setAccountClock(account.id, stored, movedMs);
  // This process's next call of the account reads the new setting; others within SESSION_CACHE_SECONDS.
  deps.sessions.forgetAccount(account.id);
  return succeed(clockView(stored, real));
}

/**
 * setClock advanceTo: the parcel's events up to its next one of the word `to` recorded at their planned
 * times (as advanceParcel records them), and the account's clock moved on to that event's time when it
 * is later — every parcel of the account moving with it, the tokens keeping their time left.
 */
async function advanceTo(
  deps: SandboxDependencies,
  session: Session,
  target: { readonly parcelLabelNumber: string; readonly to: string },
): Promise<Outcome<ClockView>> {
  const account = (await deps.accounts.findAccount(session.account.delisId)) ?? session.account;
  const { parcelLabelNumber, to } = target;
  const result = await advanceParcel(deps, account, parcelLabelNumber, to, accountTime(account.clock, deps.clock.now()));
  if ('refused' in result) return advanceRefusal(session, parcelLabelNumber, to, result, 'advanceTo.');
  await moveClockOnTo(deps, account.delisId, result.lastEventAt);
  const moved = (await deps.accounts.findAccount(account.delisId)) ?? account;
  await notifyParcels(deps.notifications, [{ account: moved, parcelLabelNumber }]);
  return succeed(clockView(moved.clock, deps.clock.now()));
}
