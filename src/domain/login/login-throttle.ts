// Throttles failed logins (docs/decisions.md "Tokens and instants") on several keys at once: the delisId from the client
// address, the client address across delisIds (and an IPv6 client's /48), and the delisId from
// anywhere, each with its own free failures. Once the delisId's failures from anywhere are spent, an
// address the account logged in from before keeps its own budget and any other gets one try per 15
// minutes, so guesses spread over many addresses cannot lock the owner out (docs/decisions.md
// "Authentication"). The attempts are kept by the store, so every server process on one database
// counts the same ones, and each is recorded before its password is checked, so parallel guesses
// count against each other.
import type { Clock } from '../ports/clock-ports.ts';
import type { LoginAttempt, LoginFailureRepository, LoginFailures } from '../ports/login-ports.ts';

/**
 * What a key counts the failures of: a delisId from one address, an address across delisIds, an IPv6
 * client's /48 across delisIds, a delisId from anywhere.
 */
export type ThrottleKeyKind = 'pair' | 'address' | 'network' | 'delisId' | 'token';

/** Limits: after a key's free failures within `windowMs`, each further failure doubles the wait, up to `maxDelayMs`. */
export interface ThrottleOptions {
  /**
   * Failures allowed per key before waiting starts. Default: 5 for a delisId from one address (the
   * guesser), 20 for an address across delisIds (password spraying; a NAT or a proxy shares one), 20
   * for an IPv6 /48 across delisIds (a site's 65,536 /64s), 100 for a delisId from anywhere (guesses
   * spread over many addresses: then `unknownAddressIntervalMs` applies to addresses the account does
   * not know; one it knows is never held by this key), 20 for an address's calls with a wrong token
   * (token-failures.ts: counted apart from its logins, so a client with a stale token can still log in).
   */
  readonly freeFailures: Readonly<Record<ThrottleKeyKind, number>>;
  /**
   * Once a delisId's free failures from anywhere are spent, how often an address it has not logged in
   * from may try it: one try per this long, counted from that address's last failure. Default 15 minutes.
   */
  readonly unknownAddressIntervalMs: number;
  /**
   * Failures older than this are forgotten. Default 1 hour: long enough for the doubling to reach the
   * longest wait (1 + 2 + … + 512 s and then 15 minutes, twice, all fall within it), so the waits a
   * guesser is told keep doubling instead of falling back as its first failures age out.
   */
  readonly windowMs: number;
  /** The first wait, counted from the failure; doubles per further failure. Default 1 second. */
  readonly baseDelayMs: number;
  /** The longest wait. Default 15 minutes. */
  readonly maxDelayMs: number;
  /**
   * An attempt still pending after this long was cut short (its process died while checking the
   * password) and counts as a failure. Default 1 minute; a check takes well under a second.
   */
  readonly pendingMs: number;
  /**
   * How long an attempt held back only by attempts still being checked waits for them to settle
   * before it is refused (real time, in steps of `settleStepMs`). A burst of correct logins — a
   * client's workers starting together behind one address — is admitted as the checks before it
   * succeed; guesses are refused as soon as the ones before them have failed. Default 2 s, steps of 50 ms.
   */
  readonly settleWaitMs: number;
  readonly settleStepMs: number;
}

export const defaultThrottleOptions: ThrottleOptions = Object.freeze({
  freeFailures: Object.freeze({ pair: 5, address: 20, network: 20, delisId: 100, token: 20 }),
  unknownAddressIntervalMs: 15 * 60_000,
  windowMs: 60 * 60_000,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  pendingMs: 60_000,
  settleWaitMs: 2000,
  settleStepMs: 50,
});

/** What the recorded attempts ask of a new one: how long to wait, and whether only unsettled checks ask it. */
interface Assessment {
  readonly waitMs: number;
  readonly settling: boolean;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** IPv6 address groups: 8 of 16 bits, the last two of them possibly written as a dotted IPv4 address. */
const IPV6_GROUPS = 8;
/** An IPv4 address, alone or as IPv4-mapped IPv6 (`::ffff:192.0.2.1`, how a dual-stack socket reports it). */
const IPV4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The groups of an IPv6 address (undefined for an IPv4 one, plain or mapped), as written, zeros filled in. */
function ipv6Groups(address: string): string[] | undefined {
  if (IPV4.test(address) || !address.includes(':')) return undefined;
  const [head, tail] = address.split('%')[0].toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // A dotted IPv4 address at the end stands for the last two groups.
  const rightGroups = right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  return [...left, ...Array<string>(Math.max(0, IPV6_GROUPS - left.length - rightGroups)).fill('0'), ...right];
}

/** The first `count` groups of an IPv6 address, written without leading zeros. */
const prefixOf = (groups: readonly string[], count: number) =>
  groups
    .slice(0, count)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');

/**
 * The throttle key of a client address (`ip:<address>`): an IPv4 client by its address, an IPv6 client
 * by its /64. A host is handed a whole /64 and picks addresses from it freely (RFC 4291 §2.5.1, RFC 8981
 * temporary addresses), so counting each address on its own let one machine spray passwords over
 * many delisIds from a fresh address every five guesses.
 */
export function clientAddressKey(address: string): string {
  const ipv4 = IPV4.exec(address);
  if (ipv4 !== null) return `ip:${ipv4[1]}`;
  const groups = ipv6Groups(address);
  return groups === undefined ? `ip:${address}` : `ip:${prefixOf(groups, 4)}::/64`;
}

/**
 * The key of an IPv6 client's /48 (`net:<prefix>::/48`), undefined for an IPv4 client. A site is
 * commonly handed a /48 (RFC 6177): 65,536 /64s, each a fresh address to the /64 key, so the /48
 * counts their failures together.
 */
export function clientNetworkKey(address: string): string | undefined {
  const groups = ipv6Groups(address);
  return groups === undefined ? undefined : `net:${prefixOf(groups, 3)}::/48`;
}

const KEY_KINDS: Readonly<Record<string, ThrottleKeyKind>> = { pair: 'pair', ip: 'address', net: 'network', id: 'delisId', tok: 'token' };

/** The key wrong tokens from a client address are counted under (`tok:<address>`, an IPv6 client's /64): token-failures.ts. */
export function tokenThrottleKey(clientAddress: string): string {
  return `tok:${clientAddressKey(clientAddress).slice('ip:'.length)}`;
}

/** The kind of a key made by throttleKeys or tokenThrottleKey. */
function kindOf(key: string): ThrottleKeyKind {
  return KEY_KINDS[key.slice(0, key.indexOf(':'))] ?? 'pair';
}

/**
 * The keys a login of `delisId` from `clientAddress` is counted under, those a success clears, and the
 * address key (`ip:…`, an IPv6 client's /64) an account knows its owner's addresses by.
 */
export function throttleKeys(
  delisId: string,
  clientAddress: string,
): { readonly all: readonly string[]; readonly clearedBySuccess: readonly string[]; readonly address: string } {
  const id = delisId.toLowerCase();
  const address = clientAddressKey(clientAddress);
  const network = clientNetworkKey(clientAddress);
  const pair = `pair:${id}|${address.slice('ip:'.length)}`;
  // A success clears the failures of the delisId from this address only. Not its address's: else one's
  // own account, logged into between guesses, would let an address spray passwords over other
  // delisIds unslowed. Not the delisId's from anywhere: they no longer hold the owner (known addresses,
  // one try per unknown address), and cleared by each of the owner's logins they would hand a
  // spread-out guesser its 100 free failures again.
  return {
    all: [pair, address, ...(network === undefined ? [] : [network]), `id:${id}`],
    clearedBySuccess: [pair],
    address,
  };
}

/** What the throttle asks of a login besides its keys. */
export interface LoginContext {
  /**
   * Whether the account has logged in from this address before (known-addresses.ts): the delisId's
   * failures from anywhere do not hold it then. Asked only once those are spent, at most once per login,
   * so a login costs no look-up of its address otherwise.
   */
  isKnownAddress(): Promise<boolean>;
}

const unknownAddress: LoginContext = { isKnownAddress: async () => false };

/** A login may check its password (`attempt` is then to be settled with fail or succeed), or must wait. */
export type Admission = { readonly admitted: true; readonly attempt: LoginAttempt } | { readonly admitted: false; readonly waitMs: number };

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
  async begin(keys: readonly string[], context: LoginContext = unknownAddress): Promise<Admission> {
    let known: boolean | undefined;
    const assessKnowing = async (recorded: readonly LoginFailures[], now: number) => {
      if (known === undefined && this.isAccountWideSpent(recorded)) known = await context.isKnownAddress();
      return this.assess(recorded, now, known === true);
    };
    const giveUpAt = performance.now() + this.options.settleWaitMs;
    for (;;) {
      const now = this.clock.now().getTime();
      const since = new Date(now - this.options.windowMs);
      const staleBefore = new Date(now - this.options.pendingMs);
      // A read first: a caller that must wait anyway is refused without a write.
      let assessment = await assessKnowing(await this.failures.failuresSince(keys, since, staleBefore), now);
      if (assessment.waitMs === 0) {
        const { attempt, before } = await this.failures.begin(keys, new Date(now), since, staleBefore);
        assessment = await assessKnowing(before, now);
        if (assessment.waitMs === 0) return { admitted: true, attempt };
        await this.failures.abandon(attempt);
      }
      if (!assessment.settling || performance.now() >= giveUpAt) return { admitted: false, waitMs: assessment.waitMs };
      await pause(this.options.settleStepMs);
    }
  }

  /** The attempt's password was wrong: it counts as a failure from now, and the wait runs from now. */
  fail(attempt: LoginAttempt): Promise<void> {
    return this.failures.fail(attempt, this.clock.now());
  }

  /** The attempt succeeded: it and the failures of `clearKeys` before it are forgotten. */
  succeed(attempt: LoginAttempt, clearKeys: readonly string[]): Promise<void> {
    return this.failures.succeed(attempt, clearKeys);
  }

  /** The wait after `over` failures beyond the free ones: the base, doubled per further failure, up to the longest. */
  private delayAfter(over: number): number {
    return Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (over - 1));
  }

  /**
   * How long an attempt must wait after `recorded` (0 when it may go ahead), and whether only pending
   * checks hold it. Held by pending checks, it is told the wait that follows if they fail — the
   * doubled one, not the base wait: told less, a guesser is refused again when it comes back.
   */
  /** Whether the delisId's free failures from anywhere are spent (its attempts being checked included). */
  private isAccountWideSpent(recorded: readonly LoginFailures[]): boolean {
    return recorded.some(({ key, count, pending }) => kindOf(key) === 'delisId' && count + pending > this.options.freeFailures.delisId);
  }

  private assess(recorded: readonly LoginFailures[], now: number, knownAddress: boolean): Assessment {
    let afterFailures = 0;
    let ifPendingFail = 0;
    let pair: LoginFailures | undefined;
    let accountWideSpent = false;
    for (const record of recorded) {
      const { key, count, last, pending } = record;
      const kind = kindOf(key);
      const free = this.options.freeFailures[kind];
      if (kind === 'pair') pair = record;
      if (count + pending <= free) continue;
      if (kind === 'delisId') {
        // Spread-out guesses spent the delisId's budget: a wait here would hold its owner at every
        // address. A known address is not held at all; any other gets one try per interval (below).
        accountWideSpent = !knownAddress;
        continue;
      }
      const over = count - free;
      const wait = over > 0 && last !== undefined ? last.getTime() + this.delayAfter(over) - now : 0;
      afterFailures = Math.max(afterFailures, wait);
      // Attempts being checked take the free failures (or the one try an expired wait allows): wait at
      // least until they are settled; if they fail, the doubled wait applies to the next try.
      if (pending > 0) ifPendingFail = Math.max(ifPendingFail, this.delayAfter(count + pending - free));
    }
    if (accountWideSpent && pair !== undefined) {
      const interval = this.options.unknownAddressIntervalMs;
      if (pair.last !== undefined) afterFailures = Math.max(afterFailures, pair.last.getTime() + interval - now);
      if (pair.pending > 0) ifPendingFail = Math.max(ifPendingFail, interval);
    }
    return { waitMs: Math.max(afterFailures, ifPendingFail), settling: ifPendingFail > 0 && afterFailures <= 0 };
  }
}
