// SandboxService setClock: the account's own clock — fixed at an instant, moved on by a duration, or
// back on the real time. Every time-bound decision for the account follows it (domain/core/account-clock.ts);
// other accounts keep the real time.
import type { SetClockData } from '../../contract/sandbox-service.ts';
import { accountTime } from '../core/account-clock.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { AccountClockSetting } from '../ports/clock-ports.ts';
import { refuseSandbox } from './sandbox-refusal.ts';
import { CLOCK_RANGE, clockView, isWithinClockRange, movedOn, readDuration, type ClockView } from './sandbox-time.ts';
import { readDateTime } from '../../contract/schema/calendar-date.ts';
import type { SandboxDependencies } from '../dependencies.ts';

export async function setClock(deps: SandboxDependencies, session: Session, request: SetClockData): Promise<Outcome<ClockView>> {
  const given = [request.fixedTime !== undefined, request.advanceBy !== undefined, request.reset === true].filter(Boolean).length;
  if (given !== 1) return refuseSandbox(session, 'error_clock_choice', { path: 'setClock' });
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
 * Moves the account's clock on to `at` when that is later than its time (advanceParcel, setClock
 * advanceTo): every parcel of the account moves with it, and the tokens it holds keep the account time
 * they had left. Answers the account's time afterwards and whether it moved.
 */
export async function moveClockOnTo(
  deps: Pick<SandboxDependencies, 'accounts' | 'sandbox' | 'clock'> & { readonly sessions?: SandboxDependencies['sessions'] },
  delisId: string,
  at: Date,
): Promise<{ readonly now: Date; readonly moved: boolean } | undefined> {
  const account = await deps.accounts.findAccount(delisId);
  if (account === undefined) return undefined;
  const real = deps.clock.now();
  const now = accountTime(account.clock, real);
  const ms = at.getTime() - now.getTime();
  if (ms <= 0) return { now, moved: false };
  await deps.sandbox.setAccountClock(account.id, movedOn(account.clock, ms), ms, true);
  deps.sessions?.forgetAccount(account.id);
  return { now: at, moved: true };
}
