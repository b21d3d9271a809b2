// SMS and telephone messages POSTed as JSON to the operator's webhook (NOTIFY_WEBHOOK_URL), signed so
// its receiver can tell them from anyone else's: `X-Notification-Signature: t=<unix seconds>,v1=<hex>`,
// the HMAC-SHA256 under NOTIFY_WEBHOOK_SECRET of `<t>.<body>` (README "Notifications").
import { createHmac } from 'node:crypto';
import type { MessageTransport, SendResult } from '../../domain/notifications/deliver-notifications.ts';
import type { StoredNotification } from '../../domain/ports/notification-ports.ts';

export const SIGNATURE_HEADER = 'x-notification-signature';

/** The signature header's value for `body` sent at `seconds` (Unix time). */
export function signWebhookBody(secret: string, seconds: number, body: string): string {
  return `t=${seconds},v1=${createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex')}`;
}

/** The JSON a webhook receives for one message. */
export function webhookBodyOf(message: StoredNotification): Record<string, unknown> {
  return {
    id: message.messageRef,
    channel: message.channel === 3 ? 'sms' : 'telephone',
    to: message.recipient,
    language: message.textLanguage,
    text: message.text,
    subject: message.subject,
    parcelLabelNumber: message.parcelLabelNumber,
    event: message.eventStatus,
    eventAt: message.eventAt.toISOString(),
    attempt: message.attempts,
  };
}

/** A refusal the receiver will repeat for the same message (a 4xx but for 408 and 429). */
const isPermanent = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

export function createWebhookTransport(options: {
  readonly url: string;
  readonly secret: string;
  readonly timeoutMs: number;
  readonly now?: () => Date;
}): MessageTransport {
  return {
    async send(message): Promise<SendResult> {
      const body = JSON.stringify(webhookBodyOf(message));
      const seconds = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-notification-id': message.messageRef,
            [SIGNATURE_HEADER]: signWebhookBody(options.secret, seconds, body),
          },
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return { ok: true };
        return { ok: false, permanent: isPermanent(response.status), reason: `the webhook answered HTTP ${response.status}` };
      } catch (error) {
        return {
          ok: false,
          permanent: false,
          reason: `the webhook could not be reached: ${error instanceof Error ? error.message : 'unknown error'}`,
        };
      }
    },
  };
}
