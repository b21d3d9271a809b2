// The data-lifecycle job: expired shipment data, old stage requests, dead tokens and failed logins
// too old to count are removed. Shipment data and tokens expire by their account's clock
// (SandboxService setClock): the accounts on a clock of their own are purged each at its own time.
import { accountTime } from './account-clock.ts';
import { defaultThrottleOptions } from './login-throttle.ts';
import type {
  AccountScope,
  LoginFailureRepository,
  SandboxRepository,
  ShipmentRepository,
  StageLogRepository,
  TokenRepository,
} from './ports.ts';

export interface PurgeResult {
  readonly parcels: number;
  readonly stageRequests: number;
  readonly tokens: number;
  readonly loginFailures: number;
}

/** Expired tokens are kept a day so a late caller still hears "expired" rather than "incorrect". */
const TOKEN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Purges what is due at `now` (the real time); stage requests older than `stageRetentionMs` go too. */
export async function purge(
  repositories: {
    shipments: ShipmentRepository;
    stageRequests: StageLogRepository;
    tokens: TokenRepository;
    loginFailures: LoginFailureRepository;
    sandbox: SandboxRepository;
  },
  now: Date,
  stageRetentionMs: number,
): Promise<PurgeResult> {
  const { shipments, tokens: tokenStore } = repositories;
  // Every account on the real time in one pass, then each account on a clock of its own at its time.
  const clocks = await repositories.sandbox.listAccountClocks();
  const passes: Array<{ at: Date; scope: AccountScope | undefined }> = [
    { at: now, scope: clocks.length === 0 ? undefined : { except: clocks.map((entry) => entry.accountId) } },
    ...clocks.map((entry) => ({ at: accountTime(entry.clock, now), scope: { only: entry.accountId } })),
  ];
  let parcels = 0;
  let tokens = 0;
  for (const { at, scope } of passes) {
    parcels += await shipments.purgeExpired(at, scope);
    tokens += await tokenStore.deleteTokensExpiredBefore(new Date(at.getTime() - TOKEN_GRACE_MS), scope);
  }
  const stageRequests = await repositories.stageRequests.purgeBefore(new Date(now.getTime() - stageRetentionMs));
  const loginFailures = await repositories.loginFailures.purgeBefore(new Date(now.getTime() - defaultThrottleOptions.windowMs));
  return { parcels, stageRequests, tokens, loginFailures };
}
