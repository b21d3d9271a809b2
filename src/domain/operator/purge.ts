// The data-lifecycle job: expired shipment data, old stage requests, dead tokens and failed logins
// too old to count are removed. Shipment data and tokens expire by their account's clock
// (SandboxService setClock): the accounts on a clock of their own are purged each at its own time.
import { accountTime } from '../core/account-clock.ts';
import { defaultThrottleOptions } from '../login/login-throttle.ts';
import type { AccountScope } from '../ports/account-ports.ts';
import type { LoginFailureRepository, TokenRepository } from '../ports/login-ports.ts';
import type { SandboxRepository } from '../ports/sandbox-ports.ts';
import type { ShipmentRepository } from '../ports/shipment-ports.ts';
import type { StageLogRepository } from '../ports/stage-log-ports.ts';

export interface PurgeResult {
  readonly parcels: number;
  readonly stageRequests: number;
  readonly tokens: number;
  readonly loginFailures: number;
}

/** Expired tokens are kept a day so a late caller still hears "expired" rather than "incorrect". */
const TOKEN_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Purges what is due at `now` (the real time; an account on a clock of its own at its time); stage
 * requests older than `stageRetentionMs` go too. Once `stop` is aborted (a shutdown), the steps not
 * yet begun are left for the next purge.
 */
export async function purge(
  repositories: {
    shipments: ShipmentRepository;
    stageRequests: StageLogRepository;
    tokens: TokenRepository;
    loginFailures: LoginFailureRepository;
    /** The accounts' own clocks (SandboxService setClock); without it every account is purged at `now`. */
    sandbox?: SandboxRepository;
  },
  now: Date,
  stageRetentionMs: number,
  stop?: AbortSignal,
): Promise<PurgeResult> {
  const step = (work: () => Promise<number>) => (stop?.aborted ? Promise.resolve(0) : work());
  // Every account on the real time in one pass, then each account on a clock of its own at its time.
  const clocks = (await repositories.sandbox?.listAccountClocks()) ?? [];
  const passes: ReadonlyArray<{ at: Date; scope: AccountScope | undefined }> = [
    { at: now, scope: clocks.length === 0 ? undefined : { except: clocks.map((entry) => entry.accountId) } },
    ...clocks.map((entry) => ({ at: accountTime(entry.clock, now), scope: { only: entry.accountId } })),
  ];
  const byAccountTime = async (work: (at: Date, scope: AccountScope | undefined) => Promise<number>) => {
    let count = 0;
    for (const { at, scope } of passes) count += await step(() => work(at, scope));
    return count;
  };
  const parcels = await byAccountTime((at, scope) => repositories.shipments.purgeExpired(at, scope));
  const stageRequests = await step(() => repositories.stageRequests.purgeBefore(new Date(now.getTime() - stageRetentionMs)));
  const tokens = await byAccountTime((at, scope) =>
    repositories.tokens.deleteTokensExpiredBefore(new Date(at.getTime() - TOKEN_GRACE_MS), scope),
  );
  const loginFailures = await step(() => repositories.loginFailures.purgeBefore(new Date(now.getTime() - defaultThrottleOptions.windowMs)));
  return { parcels, stageRequests, tokens, loginFailures };
}
