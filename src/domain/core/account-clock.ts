// An account's own clock (SandboxService setClock): every time-bound decision for an account — token
// expiry, the 28-day validity and its purge, the mpsId and label date, pickup dates, "a day that has
// not begun", tracking times — reads the account's time, which is the real time unless the account
// has moved or fixed it. Other accounts keep the real time.
import type { AccountClockSetting, Clock } from '../ports/clock-ports.ts';

/** The account's time when the real time is `realNow`. */
export function accountTime(setting: AccountClockSetting | undefined, realNow: Date): Date {
  if (setting === undefined) return realNow;
  if (setting.fixedAt !== undefined) return new Date(setting.fixedAt.getTime());
  return new Date(realNow.getTime() + setting.offsetMs);
}

/**
 * The account's clock over `base` (the real one). Without a setting it is `base` itself, so an account
 * that never touched the sandbox costs nothing.
 */
export function accountClock(base: Clock, setting: AccountClockSetting | undefined): Clock {
  if (setting === undefined) return base;
  return { now: () => accountTime(setting, base.now()) };
}
