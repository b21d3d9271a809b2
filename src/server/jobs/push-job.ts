// The server's push job (README "Tracking push"): every PUSH_INTERVAL_SECONDS, and at once when this
// process queued a push, it makes the `start_order` pushes of parcels stored by any process and hands
// the sender what is due — by each account's clock on stage, so a setClock past a retry's hour sends it
// at the next round. The sender keeps going between rounds: a try that ends starts the next. On
// shutdown nothing new starts and the tries under way end (a push left leased is taken again when its
// lease ends, by this process after a restart or by another).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../domain/ports/clock-ports.ts';
import type { PushQueue } from '../../domain/ports/push-ports.ts';
import { createPushSender, type PushCounts, type PushDeliveryOptions, type PushTransport } from '../../domain/push/deliver-pushes.ts';
import { pushTransfers } from '../../domain/push/push-parcels.ts';
import { createRoundJob, type RoundJob } from './round-job.ts';

export interface PushJob extends RoundJob {
  /** Resolves once no try is under way (tests). */
  idle(): Promise<void>;
}

export function createPushJob(
  deps: { readonly pushes: PushQueue; readonly clock: Clock; readonly timeZone: string },
  options: {
    readonly transport: PushTransport & { close?(): void };
    readonly delivery: PushDeliveryOptions;
    readonly intervalMs: number;
    readonly log: () => FastifyBaseLogger;
    readonly counted?: (counts: PushCounts) => void;
  },
): PushJob {
  const sender = createPushSender(deps.pushes, options.transport, deps.clock, options.delivery, {
    ...(options.counted === undefined ? {} : { counted: options.counted }),
    failed: (error) => options.log().error({ err: error }, 'push round failed'),
  });
  const job = createRoundJob(
    async (stop) => {
      try {
        const made = await pushTransfers({ ...deps, queued: () => undefined }, stop);
        if (made > 0) options.log().debug({ made }, 'start_order pushes made');
        if (!stop.aborted) await sender.pass();
      } catch (error) {
        options.log().error({ err: error }, 'push round failed');
      }
    },
    {
      intervalMs: options.intervalMs,
      stopped: async () => {
        await sender.stop();
        options.transport.close?.();
      },
    },
  );
  return {
    ...job,
    async run() {
      await job.run();
    },
    idle: () => sender.idle(),
  };
}
