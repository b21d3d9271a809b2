// The data-lifecycle job: expired shipment data, old stage requests, dead tokens and failed logins
// too old to count are removed.
import { defaultThrottleOptions } from './login-throttle.ts';
import type { LoginFailureRepository, ShipmentRepository, StageLogRepository, TokenRepository } from './ports.ts';

export interface PurgeResult {
  readonly parcels: number;
  readonly stageRequests: number;
  readonly tokens: number;
  readonly loginFailures: number;
}

/**
 * Purges what is due at `now`; stage requests older than `stageRetentionMs` go too. Once `stop` is
 * aborted (a shutdown), the steps not yet begun are left for the next purge.
 */
export async function purge(
  repositories: {
    shipments: ShipmentRepository;
    stageRequests: StageLogRepository;
    tokens: TokenRepository;
    loginFailures: LoginFailureRepository;
  },
  now: Date,
  stageRetentionMs: number,
  stop?: AbortSignal,
): Promise<PurgeResult> {
  const step = (work: () => Promise<number>) => (stop?.aborted ? Promise.resolve(0) : work());
  const parcels = await step(() => repositories.shipments.purgeExpired(now));
  const stageRequests = await step(() => repositories.stageRequests.purgeBefore(new Date(now.getTime() - stageRetentionMs)));
  // Expired tokens are kept a day so a late caller still hears "expired" rather than "incorrect".
  const tokens = await step(() => repositories.tokens.deleteTokensExpiredBefore(new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  const loginFailures = await step(() => repositories.loginFailures.purgeBefore(new Date(now.getTime() - defaultThrottleOptions.windowMs)));
  return { parcels, stageRequests, tokens, loginFailures };
}
