// Throttles failed logins per delisId and per client address (DESIGN "Authentication").
import type { Clock } from './ports.ts';

/** Limits: after `freeFailures` failures in `window` ms, each further failure doubles the wait, up to `maxDelay`. */
export interface ThrottleOptions {
  /** Failures allowed before waiting starts. Default 5. */
  readonly freeFailures: number;
  /** Failures older than this are forgotten. Default 15 minutes. */
  readonly windowMs: number;
  /** The first wait; doubles per further failure. Default 1 second. */
  readonly baseDelayMs: number;
  /** The longest wait. Default 15 minutes. */
  readonly maxDelayMs: number;
  /** Keys remembered at most (oldest forgotten first), so a flood cannot exhaust memory. Default 100,000. */
  readonly maxKeys: number;
}

export const defaultThrottleOptions: ThrottleOptions = Object.freeze({
  freeFailures: 5, windowMs: 15 * 60_000, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, maxKeys: 100_000,
});

interface Entry { failures: number; lastFailure: number; blockedUntil: number }

/** In-memory failure counts per key (`id:<delisId>`, `ip:<address>`). */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly clock: Clock, private readonly options: ThrottleOptions = defaultThrottleOptions) {}

  /** Milliseconds the caller must still wait before trying any of `keys`, or 0. */
  waitFor(keys: readonly string[]): number {
    const now = this.clock.now().getTime();
    let wait = 0;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry !== undefined) wait = Math.max(wait, entry.blockedUntil - now);
    }
    return wait;
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.clock.now().getTime();
    for (const key of keys) {
      const previous = this.entries.get(key);
      const entry = previous !== undefined && now - previous.lastFailure < this.options.windowMs
        ? previous
        : { failures: 0, lastFailure: now, blockedUntil: 0 };
      entry.failures += 1;
      entry.lastFailure = now;
      const over = entry.failures - this.options.freeFailures;
      if (over > 0) entry.blockedUntil = now + Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (over - 1));
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (this.entries.size > this.options.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  recordSuccess(keys: readonly string[]): void {
    for (const key of keys) this.entries.delete(key);
  }
}
