// Remembers recently checked tokens (by their text, in memory only) for a few seconds, so a busy client's calls cost no database
// lookups. An operator's change to an account (another process, the CLI) shows within `ttlMs`.
import type { Account } from '../ports/account-ports.ts';
import type { AuthToken } from '../ports/login-ports.ts';
import type { Clock } from '../ports/clock-ports.ts';

interface Entry {
  readonly token: AuthToken;
  readonly account: Account;
  readonly until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** `ttlMs` default 5 s; at most `maxEntries` (default 10,000) tokens, oldest dropped first. */
  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = 5000,
    private readonly maxEntries = 10_000,
  ) {}

  get(token: string): { token: AuthToken; account: Account } | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    if (entry.until <= this.clock.now().getTime()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(key: string, token: AuthToken, account: Account): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { token, account, until: this.clock.now().getTime() + this.ttlMs });
  }

  /**
   * Forgets the account's tokens, so its next call reads the account again: the sandbox changed what
   * the row holds (its clock, its pending faults), which this process must see at once.
   */
  forgetAccount(accountId: number): void {
    for (const [key, entry] of this.entries) if (entry.account.id === accountId) this.entries.delete(key);
  }
}
