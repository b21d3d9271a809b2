// The data-lifecycle job: expired shipment data, old stage requests and dead tokens are removed.
import type { ShipmentRepository, StageLogRepository, TokenRepository } from './ports.ts';

export interface PurgeResult {
  readonly parcels: number;
  readonly stageRequests: number;
  readonly tokens: number;
}

/** Purges what is due at `now`; stage requests older than `stageRetentionMs` go too. */
export async function purge(
  repositories: { shipments: ShipmentRepository; stageRequests: StageLogRepository; tokens: TokenRepository },
  now: Date,
  stageRetentionMs: number,
): Promise<PurgeResult> {
  const parcels = await repositories.shipments.purgeExpired(now);
  const stageRequests = await repositories.stageRequests.purgeBefore(new Date(now.getTime() - stageRetentionMs));
  // Expired tokens are kept a day so a late caller still hears "expired" rather than "incorrect".
  const tokens = await repositories.tokens.deleteTokensExpiredBefore(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  return { parcels, stageRequests, tokens };
}
