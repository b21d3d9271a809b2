// What the notification producer and sender are handed, from the configuration and the store: the
// server (build-app.ts) and the operator's commands (cli/) make them the same way.
import type { Clock } from '../../domain/ports/clock-ports.ts';
import type { NotificationSources, Outbox } from '../../domain/ports/notification-ports.ts';
import type { PushQueue } from '../../domain/ports/push-ports.ts';
import type { DeliveryOptions, Transports } from '../../domain/notifications/deliver-notifications.ts';
import type { NotifyDependencies } from '../../domain/notifications/notify-parcels.ts';
import { trackedJourneys } from '../../domain/notifications/tracked-journey.ts';
import type { DepotDirectoryStore } from '../../domain/ports/depot-ports.ts';
import type { JourneyRepository } from '../../domain/ports/journey-ports.ts';
import type { ParcelShopDirectory } from '../../domain/ports/parcel-shop-ports.ts';
import type { Config } from '../config/config.ts';
import { createSmtpTransport, type SmtpTransport } from '../transports/smtp-transport.ts';
import { createWebhookTransport } from '../transports/webhook-transport.ts';

export function notifyDependenciesOf(
  store: {
    readonly outbox: Outbox;
    readonly notificationSources: NotificationSources;
    readonly parcelJourneys: JourneyRepository;
    readonly depots: DepotDirectoryStore;
    readonly parcelShops: ParcelShopDirectory;
  },
  config: Config,
  clock: Clock,
  /**
   * The serving process: it sends what it queues (and is woken when it does). The operator's commands
   * pass none — their live messages are all queued for the running service, whose relays decide.
   */
  serving?: { readonly queued: () => void; readonly pushes?: { readonly queue: PushQueue; readonly queued: () => void } },
): NotifyDependencies {
  const { notifications } = config;
  return Object.freeze({
    outbox: store.outbox,
    notificationSources: store.notificationSources,
    journeys: trackedJourneys(
      {
        parcelJourneys: store.parcelJourneys,
        depots: store.depots,
        parcelShops: store.parcelShops,
        settings: { timeZone: config.timeZone, holidays: config.holidays },
      },
      clock,
    ),
    clock,
    settings: Object.freeze({
      environment: config.environment,
      timeZone: config.timeZone,
      ...(serving === undefined
        ? {}
        : { delivery: Object.freeze({ email: notifications.smtpUrl !== undefined, phone: notifications.webhookUrl !== undefined }) }),
    }),
    ...(serving === undefined ? {} : { queued: serving.queued }),
    ...(serving?.pushes === undefined ? {} : { pushes: serving.pushes.queue, pushQueued: serving.pushes.queued }),
  });
}

/** How live sends (stage never sends: undefined). */
export function transportsOf(config: Config): (Transports & { readonly smtp?: SmtpTransport }) | undefined {
  if (config.environment !== 'live') return undefined;
  const { smtpUrl, smtpFrom, webhookUrl, webhookSecret, sendTimeoutSeconds } = config.notifications;
  const smtp = smtpUrl !== undefined && smtpFrom !== undefined ? createSmtpTransport({ smtpUrl, smtpFrom, sendTimeoutSeconds }) : undefined;
  const phone =
    webhookUrl !== undefined && webhookSecret !== undefined
      ? createWebhookTransport({ url: webhookUrl, secret: webhookSecret, timeoutMs: sendTimeoutSeconds * 1000 })
      : undefined;
  return { ...(smtp === undefined ? {} : { email: smtp, smtp }), ...(phone === undefined ? {} : { phone }) };
}

/**
 * The queue's timing. An attempt's lease outlasts what the relay may take (three silences of
 * NOTIFY_SEND_TIMEOUT_SECONDS: connecting, greeting, each answer), so no other process takes a message
 * still being sent; a message whose process died is taken again once it ends.
 */
export function deliveryOptionsOf(config: Config): DeliveryOptions {
  const { sendTimeoutSeconds, retrySeconds, maxAttempts, concurrency } = config.notifications;
  // One message taken per claim: a kill leaves only the messages in flight leased (NOTIFY_CONCURRENCY per
  // transport at most), the rest due at once after a restart, and an attempt is counted only when it is made.
  return { leaseMs: (3 * sendTimeoutSeconds + 2) * 1000, retryBaseMs: retrySeconds * 1000, maxAttempts, batch: 1, concurrency };
}
