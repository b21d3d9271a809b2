// Sends the queued messages (live): takes the due ones from the outbox one lease at a time, hands each
// to the transport of its channel and records what came of it — sent, retried later with back-off, or
// ended. Each channel's transport has up to `concurrency` messages under way at once (a relay answering
// in 0.3 s sends 600 e-mails in 3 minutes one at a time; see docs/operations.md for the figure). The outbox is the queue, so a restart or a kill loses nothing queued: a message whose attempt
// was cut off is taken again once its lease ends.
import type { Clock } from '../ports/clock-ports.ts';
import type { Outbox, StoredNotification } from '../ports/notification-ports.ts';
import { NO_RELAY } from './notify-parcels.ts';

/** What an attempt came to: accepted, or refused for now (retried) or for good. */
export type SendResult = { readonly ok: true } | { readonly ok: false; readonly permanent: boolean; readonly reason: string };

/** Sends one message on its channel (an SMTP relay, a webhook). */
export interface MessageTransport {
  send(message: StoredNotification): Promise<SendResult>;
}

export interface Transports {
  /** Channel 1. */
  readonly email?: MessageTransport;
  /** Channels 2 (telephone) and 3 (SMS). */
  readonly phone?: MessageTransport;
}

export interface DeliveryOptions {
  /** How long one attempt may take before another process may take the message again. */
  readonly leaseMs: number;
  /** The wait after the first failed attempt; each further one doubles it, up to an hour. */
  readonly retryBaseMs: number;
  /** Attempts before a message fails for good. */
  readonly maxAttempts: number;
  /** Messages taken per claim. */
  readonly batch: number;
  /** Messages under way at once per transport (the SMTP relay; the webhook). */
  readonly concurrency: number;
}

/** What a round did, for the metrics. */
export interface DeliveryCounts {
  sent: number;
  retried: number;
  failed: number;
  unsent: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** The wait before attempt `attempts + 1`. */
export function retryDelay(attempts: number, baseMs: number): number {
  return Math.min(HOUR_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The outbox channels each transport sends: e-mail (1); telephone (2) and SMS (3). */
const CHANNELS = { email: [1], phone: [2, 3] } as const;

/** Sends every message due now, until none is left or `stop` is aborted; returns what it did. */
export async function deliverDue(
  outbox: Outbox,
  transports: Transports,
  clock: Clock,
  options: DeliveryOptions,
  stop?: AbortSignal,
): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0, unsent: 0 };
  // One worker takes, sends and records one claim after another; each transport has `concurrency` of
  // them, a channel without a transport one (its messages are only marked unsent).
  const worker = async (channels: readonly number[], transport: MessageTransport | undefined) => {
    while (!stop?.aborted) {
      const now = clock.now();
      const claimed = await outbox.claimDue(now, new Date(now.getTime() + options.leaseMs), options.batch, channels);
      if (claimed.length === 0) return;
      for (const message of claimed) {
        // A message taken and then left by a shutdown is taken again when its lease ends.
        if (stop?.aborted) return;
        await deliverOne(outbox, transport, clock, options, message, counts);
      }
    }
  };
  await Promise.all(
    (['email', 'phone'] as const).flatMap((name) => {
      const transport = transports[name];
      const workers = transport === undefined ? 1 : options.concurrency;
      return Array.from({ length: workers }, () => worker(CHANNELS[name], transport));
    }),
  );
  return counts;
}

/** Sends one claimed message (or marks it unsent, without a transport) and records what came of it. */
async function deliverOne(
  outbox: Outbox,
  transport: MessageTransport | undefined,
  clock: Clock,
  options: DeliveryOptions,
  message: StoredNotification,
  counts: DeliveryCounts,
): Promise<void> {
  if (transport === undefined) {
    await outbox.markEnded(message.id, 'unsent', message.channel === 1 ? NO_RELAY.email : NO_RELAY.phone);
    counts.unsent += 1;
    return;
  }
  let result: SendResult;
  try {
    result = await transport.send(message);
  } catch (error) {
    result = { ok: false, permanent: false, reason: error instanceof Error ? error.message : 'the transport failed' };
  }
  // Recorded at once, as the only step between the relay's acceptance and the store: the window in
  // which a kill would have the message sent again after a restart (docs/decisions.md).
  if (result.ok) {
    await outbox.markSent(message.id, clock.now());
    counts.sent += 1;
  } else if (result.permanent || message.attempts >= options.maxAttempts) {
    const why = result.permanent ? result.reason : `gave up after ${message.attempts} attempts: ${result.reason}`;
    await outbox.markEnded(message.id, 'failed', why);
    counts.failed += 1;
  } else {
    await outbox.markRetry(message.id, new Date(clock.now().getTime() + retryDelay(message.attempts, options.retryBaseMs)), result.reason);
    counts.retried += 1;
  }
}
