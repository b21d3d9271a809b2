// Throttles failed logins per delisId and per client address (DESIGN "Authentication"). The failures
// are kept by the store, so every server process on one database counts the same ones.
import type { Clock, LoginFailureRepository } from './ports.ts';

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
}

export const defaultThrottleOptions: ThrottleOptions = Object.freeze({
  freeFailures: 5, windowMs: 15 * 60_000, baseDelayMs: 1000, maxDelayMs: 15 * 60_000,
});

/** Failure counts per key (`id:<delisId>`, `ip:<address>`), kept in `failures`. */
export class LoginThrottle {
  constructor(
    private readonly clock: Clock,
    private readonly failures: LoginFailureRepository,
    private readonly options: ThrottleOptions = defaultThrottleOptions,
  ) {}

  /**
   * What the store holds against `keys`: the milliseconds the caller must still wait before trying
   * (0 when none), and whether any failures count yet (a successful login then clears them).
   */
  async check(keys: readonly string[]): Promise<{ readonly waitMs: number; readonly hasFailures: boolean }> {
    const now = this.clock.now().getTime();
    const recent = await this.failures.failuresSince(keys, new Date(now - this.options.windowMs));
    let waitMs = 0;
    for (const { count, last } of recent) {
      const over = count - this.options.freeFailures;
      if (over > 0) {
        const blockedUntil = last.getTime() + Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (over - 1));
        waitMs = Math.max(waitMs, blockedUntil - now);
      }
    }
    return { waitMs, hasFailures: recent.length > 0 };
  }

  recordFailure(keys: readonly string[]): Promise<void> {
    return this.failures.record(keys, this.clock.now());
  }

  recordSuccess(keys: readonly string[]): Promise<void> {
    return this.failures.clear(keys);
  }
}
