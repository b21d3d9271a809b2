// The server's purge job: runs the purge now and then, one run at a time, and on shutdown stops it
// at its next step and waits for the step under way, so the store is never closed under a purge.
import type { FastifyBaseLogger } from 'fastify';
import { purge } from '../../domain/operator/purge.ts';
import { systemClock } from '../../domain/core/system-clock.ts';
import type { Store } from '../../store/open-database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeJob {
  /** Starts a run unless one is under way. */
  run(): void;
  /** Stops the timer and the run under way at its next step; resolves once that run has ended. */
  stop(): Promise<void>;
}

/** Runs every `intervalMinutes` (0: only when asked); stage requests are kept `stageLogRetentionDays`. */
export function createPurgeJob(
  store: Pick<Store, 'shipments' | 'stageRequests' | 'tokens' | 'loginFailures' | 'sandbox' | 'optimize'>,
  options: { readonly intervalMinutes: number; readonly stageLogRetentionDays: number; readonly log: FastifyBaseLogger },
): PurgeJob {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const run = () => {
    if (running !== undefined || stopping.signal.aborted) return;
    running = (async () => {
      try {
        const result = await purge(store, systemClock.now(), options.stageLogRetentionDays * DAY_MS, stopping.signal);
        if (!stopping.signal.aborted) await store.optimize();
        options.log.info({ purged: result }, stopping.signal.aborted ? 'purge stopped for the shutdown' : 'purge done');
      } catch (error) {
        options.log.error({ err: error }, 'purge failed');
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = options.intervalMinutes > 0 ? setInterval(run, options.intervalMinutes * 60_000) : undefined;
  timer?.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
