// The server's notification job: now and then (NOTIFY_INTERVAL_SECONDS), and at once when this process
// queued a message, it keeps the messages of tracking events other processes recorded and, on live,
// sends what is due. One round at a time; on shutdown the round under way ends after the message it
// is sending, and a message left leased is taken again when its lease ends.
import type { FastifyBaseLogger } from 'fastify';
import {
  deliverDue,
  type DeliveryCounts,
  type DeliveryOptions,
  type Transports,
} from '../../domain/notifications/deliver-notifications.ts';
import { createRoundJob } from './round-job.ts';
import { notifyRecordedEvents, notifyRunningJourneys, type NotifyDependencies } from '../../domain/notifications/notify-parcels.ts';

export interface NotificationJob {
  /** Starts the timer and a first round. */
  start(): void;
  /** A round soon (after the one under way, if any). */
  wake(): void;
  /** One round now; resolves when it (and any round asked for meanwhile) has ended. */
  run(): Promise<void>;
  /** Stops the timer and the round under way after its current message; resolves once it has ended. */
  stop(): Promise<void>;
}

export function createNotificationJob(
  deps: NotifyDependencies,
  options: {
    /** Live only: how messages leave. Undefined on stage, which captures and never sends. */
    readonly transports?: Transports;
    readonly delivery: DeliveryOptions;
    readonly intervalMs: number;
    readonly log: () => FastifyBaseLogger;
    readonly counted?: (counts: DeliveryCounts) => void;
  },
): NotificationJob {
  const job = createRoundJob(
    async (stop) => {
      try {
        // Events other processes recorded, and (stage) the planned events the running journeys' clocks passed.
        const recorded = await notifyRecordedEvents(deps, stop);
        const journeys = await notifyRunningJourneys(deps, stop);
        const made = recorded + journeys.added;
        if (made > 0) options.log().debug({ made }, 'notifications made from recorded events');
        if (options.transports !== undefined) {
          const counts = await deliverDue(deps.outbox, options.transports, deps.clock, options.delivery, stop);
          options.counted?.(counts);
          if (counts.failed > 0 || counts.retried > 0) options.log().warn({ notifications: counts }, 'notifications not all sent');
        }
        // An account had more parcels due than its share: another round at once, each account's share first.
        return journeys.more;
      } catch (error) {
        options.log().error({ err: error }, 'notification round failed');
        return false;
      }
    },
    { intervalMs: options.intervalMs },
  );
  return job;
}
