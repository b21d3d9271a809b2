// Throttles failed logins per delisId and per client address (DESIGN "Authentication"). The attempts
// are kept by the store, so every server process on one database counts the same ones, and each is
// recorded before its password is checked, so parallel guesses count against each other.
import type { Clock, LoginAttempt, LoginFailureRepository, LoginFailures } from './ports.ts';

/** Limits: after `freeFailures` failures within `windowMs`, each further failure doubles the wait, up to `maxDelayMs`. */
export interface ThrottleOptions {
  /** Failures allowed before waiting starts. Default 5. */
  readonly freeFailures: number;
  /** Failures older than this are forgotten. Default 15 minutes. */
  readonly windowMs: number;
  /** The first wait; doubles per further failure. Default 1 second. */
  readonly baseDelayMs: number;
  /** The longest wait. Default 15 minutes. */
  readonly maxDelayMs: number;
  /**
   * An attempt still pending after this long was cut short (its process died while checking the
   * password) and counts as a failure. Default 1 minute; a check takes well under a second.
   */
  readonly pendingMs: number;
}

export const defaultThrottleOptions: ThrottleOptions = Object.freeze({
  freeFailures: 5, windowMs: 15 * 60_000, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, pendingMs: 60_000,
});

/** A login may check its password (`attempt` is then to be settled with fail or succeed), or must wait. */
export type Admission =
  | { readonly admitted: true; readonly attempt: LoginAttempt }
  | { readonly admitted: false; readonly waitMs: number };

/** Failure counts per key (`id:<delisId>`, `ip:<address>`), kept in `failures`. */
export class LoginThrottle {
  constructor(
    private readonly clock: Clock,
    private readonly failures: LoginFailureRepository,
    private readonly options: ThrottleOptions = defaultThrottleOptions,
  ) {}

  /**
   * Admits a login on `keys` or says how long it must wait. An admitted attempt is recorded as pending
   * before its password is checked, so the attempts after it count it as a failure until it is settled.
   */
  async begin(keys: readonly string[]): Promise<Admission> {
    const now = this.clock.now().getTime();
    const since = new Date(now - this.options.windowMs);
    const staleBefore = new Date(now - this.options.pendingMs);
    // A read first: a caller that must wait anyway is refused without a write.
    const known = this.waitMs(await this.failures.failuresSince(keys, since, staleBefore), now);
    if (known > 0) return { admitted: false, waitMs: known };
    const { attempt, before } = await this.failures.begin(keys, new Date(now), since, staleBefore);
    const waitMs = this.waitMs(before, now);
    if (waitMs === 0) return { admitted: true, attempt };
    await this.failures.abandon(attempt);
    return { admitted: false, waitMs };
  }

  /** The attempt's password was wrong. */
  fail(attempt: LoginAttempt): Promise<void> {
    return this.failures.fail(attempt);
  }

  /** The attempt succeeded: it and the failures of `clearKeys` before it are forgotten. */
  succeed(attempt: LoginAttempt, clearKeys: readonly string[]): Promise<void> {
    return this.failures.succeed(attempt, clearKeys);
  }

  /** How long an attempt must wait after `recorded` (0 when it may go ahead). */
  private waitMs(recorded: readonly LoginFailures[], now: number): number {
    const { freeFailures, baseDelayMs, maxDelayMs } = this.options;
    let waitMs = 0;
    for (const { count, last, pending } of recorded) {
      if (count + pending <= freeFailures) continue;
      const over = count - freeFailures;
      const afterFailures = over > 0 && last !== undefined
        ? last.getTime() + Math.min(maxDelayMs, baseDelayMs * 2 ** (over - 1)) - now
        : 0;
      // Attempts being checked take the free failures (or the one try an expired wait allows): wait at
      // least until they are settled; if they fail, the doubled wait applies to the next try.
      waitMs = Math.max(waitMs, afterFailures, pending > 0 ? baseDelayMs : 0);
    }
    return waitMs;
  }
}
