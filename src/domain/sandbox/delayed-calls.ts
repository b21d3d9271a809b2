// The calls each account has held in an injected delay (SandboxService injectFault `delayMs`), in this
// process. A delay costs a connection and a request's memory for as long as it lasts: without a bound,
// one stage account injecting 30 s delays and opening thousands of calls held every connection the
// server has, and every other account's calls and /health failed (issue 28). Past the bound the
// account's further delayed calls are refused at once (ERR_TOO_MANY_DELAYED_CALLS); other accounts
// keep theirs.

/** Calls of one account held in a delay at once, per process. */
export const MAX_DELAYED_CALLS_PER_ACCOUNT = 16;

/** How many calls each account has held in a delay now. */
export class DelayedCalls {
  readonly #held = new Map<number, number>();

  /** `limit`: calls of one account held at once; default MAX_DELAYED_CALLS_PER_ACCOUNT. */
  constructor(readonly limit: number = MAX_DELAYED_CALLS_PER_ACCOUNT) {}

  /** Takes a place for one more call of the account to be held; false when it has `limit` held already. */
  hold(accountId: number): boolean {
    const held = this.#held.get(accountId) ?? 0;
    if (held >= this.limit) return false;
    this.#held.set(accountId, held + 1);
    return true;
  }

  /** Gives back the place of a call whose delay has ended. */
  release(accountId: number): void {
    const held = (this.#held.get(accountId) ?? 0) - 1;
    if (held > 0) this.#held.set(accountId, held);
    else this.#held.delete(accountId);
  }

  /** The account's calls held now. */
  heldBy(accountId: number): number {
    return this.#held.get(accountId) ?? 0;
  }
}
