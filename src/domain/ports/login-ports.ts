// What logins need kept: issued tokens (as hashes) and the failed attempts the throttle counts, shared
// by every process on the store.
import type { AccountScope } from './account-ports.ts';

/** An issued login token, kept only as its SHA-256 hash. */
export interface AuthToken {
  readonly accountId: number;
  /** Hex SHA-256 of the token text. */
  readonly tokenHash: string;
  /** Random value the token is derived from (HMAC with the server secret), so the same token can be returned again. */
  readonly nonce: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/**
 * How far after `now` a token's issue may lie and the token still count: processes on one store read
 * their clocks a moment apart, so a token another process issued while this one waited is a few
 * milliseconds "in the future". A clock moved back moves its tokens with it (setClock), so only such
 * moments need this.
 */
export const TOKEN_ISSUE_LEEWAY_MS = 60_000;

export interface TokenRepository {
  /** The account's newest token still valid at `now`. */
  findValidToken(accountId: number, now: Date): Promise<AuthToken | undefined>;
  /**
   * The token a login hands out: the account's newest token valid at `now` if `usable` accepts it,
   * else the one `issue` makes, saved as the account's. Atomic per account, across every process on
   * the database, so concurrent logins of one account all get the same token.
   */
  findOrSaveToken(
    accountId: number,
    now: Date,
    usable: (token: AuthToken) => boolean,
    issue: () => Omit<AuthToken, 'accountId'>,
  ): Promise<AuthToken>;
  findTokenByHash(tokenHash: string): Promise<AuthToken | undefined>;
  /** Removes tokens of the accounts of `scope` (default all) that expired before `before`; returns how many. */
  deleteTokensExpiredBefore(before: Date, scope?: AccountScope): Promise<number>;
}

/** What the store holds against one throttling key: recent failed logins and attempts being checked. */
export interface LoginFailures {
  readonly key: string;
  /** Failed logins (an attempt left pending for too long counts as one). */
  readonly count: number;
  /** The latest failure; undefined when only pending attempts are held. */
  readonly last: Date | undefined;
  /** Attempts whose password is being checked now. */
  readonly pending: number;
}

/** A login attempt recorded before its password is checked: one row per throttling key. */
export interface LoginAttempt {
  readonly ids: readonly number[];
}

/**
 * Login attempts, shared by every process on the store (login-throttle.ts applies the rule). Every
 * read takes the attempts since `since`; a pending attempt older than `staleBefore` counts as failed.
 */
export interface LoginFailureRepository {
  /** For each of `keys` with attempts: failures and pending attempts. */
  failuresSince(keys: readonly string[], since: Date, staleBefore: Date): Promise<LoginFailures[]>;
  /**
   * Records a pending attempt for each of `keys` at `at`, and returns it with what was held against the
   * keys before it: the attempts recorded earlier. Of two concurrent attempts, in this process or
   * another, the later one always sees the earlier.
   */
  begin(keys: readonly string[], at: Date, since: Date, staleBefore: Date): Promise<{ attempt: LoginAttempt; before: LoginFailures[] }>;
  /** The attempt's password was wrong: it counts as a failure from now on, as of `at`. */
  fail(attempt: LoginAttempt, at: Date): Promise<void>;
  /** Forgets the attempt (refused before its password was checked). */
  abandon(attempt: LoginAttempt): Promise<void>;
  /** The attempt succeeded: forgets it and the failures of `clearKeys` recorded before it. */
  succeed(attempt: LoginAttempt, clearKeys: readonly string[]): Promise<void>;
  /** Removes attempts older than `before`; returns how many. */
  purgeBefore(before: Date): Promise<number>;
}

/**
 * The addresses each account logged in from lately (issue 28), kept as HMACs of the address under the
 * server's secret: a login from one of them keeps its own failure budget (login-throttle.ts). A new
 * password and SandboxService resetAccount forget them.
 */
export interface KnownAddressRepository {
  /** When the account of `delisId` last logged in from the address of `addressHash`; undefined: not a known address. */
  findKnownAddress(delisId: string, addressHash: string): Promise<Date | undefined>;
  /** Remembers a login of the account from `addressHash` at `at`, keeping its `keep` most recent addresses. */
  rememberAddress(accountId: number, addressHash: string, at: Date, keep: number): Promise<void>;
}
