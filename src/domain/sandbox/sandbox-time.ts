// The time values of SandboxService setClock and its answers: UTC date-times and ISO 8601 durations
// read (the contract has checked their form), the account's clock as it is answered, and its bounds.
import type { AccountClockSetting } from '../ports/clock-ports.ts';
import { accountTime } from '../core/account-clock.ts';
import type { SandboxDependencies } from '../dependencies.ts';

/** The earliest and latest time an account's clock may read: four-digit years, and labels that make sense. */
export const CLOCK_RANGE = Object.freeze({ from: new Date('2000-01-01T00:00:00.000Z'), to: new Date('2999-12-31T23:59:59.999Z') });

const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds of a duration of weeks, days, hours, minutes and seconds; undefined beyond what a number holds exactly. */
export function readDuration(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (match === null) return undefined;
  const [weeks, days, hours, minutes, seconds] = match.slice(1, 6).map((part) => Number(part ?? 0));
  const ms = Math.round(weeks * 7 * DAY + days * DAY + hours * HOUR + minutes * MINUTE + seconds * SECOND);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** `ms` as an ISO 8601 duration in days, hours, minutes and seconds (`P29D`, `P1DT1H`, `PT0S`). */
export function writeDuration(ms: number): string {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const seconds = (ms % MINUTE) / SECOND;
  const time = `${hours > 0 ? `${hours}H` : ''}${minutes > 0 ? `${minutes}M` : ''}${seconds > 0 ? `${seconds}S` : ''}`;
  if (days === 0 && time === '') return 'PT0S';
  return `P${days > 0 ? `${days}D` : ''}${time === '' ? '' : `T${time}`}`;
}

/** Whether `instant` lies within CLOCK_RANGE. */
export function isWithinClockRange(instant: Date): boolean {
  const at = instant.getTime();
  return at >= CLOCK_RANGE.from.getTime() && at <= CLOCK_RANGE.to.getTime();
}

/** The account's clock as setClock and getSandboxState answer it. */
export interface ClockView {
  readonly now: Date;
  /** It stands still (fixedTime). */
  readonly fixed: boolean;
  /** How far a running clock is ahead of the real time; absent while it stands still. */
  readonly offset?: string;
}

export function clockView(setting: AccountClockSetting | undefined, realNow: Date): ClockView {
  const now = accountTime(setting, realNow);
  return setting?.fixedAt !== undefined ? { now, fixed: true } : { now, fixed: false, offset: writeDuration(setting?.offsetMs ?? 0) };
}

/** The clock `setting` moved on by `ms`: a clock that stands still stays still, further on; a running one runs further ahead. */
export function movedOn(setting: AccountClockSetting | undefined, ms: number): AccountClockSetting {
  return setting?.fixedAt !== undefined
    ? { offsetMs: 0, fixedAt: new Date(setting.fixedAt.getTime() + ms) }
    : { offsetMs: (setting?.offsetMs ?? 0) + ms };
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
