// E-mail through the operator's SMTP relay (SMTP_URL, SMTP_FROM) with nodemailer: STARTTLS whenever
// the relay offers it on smtp://, TLS from the first byte on smtps://. Each message keeps the
// Message-ID made from its outbox reference, so a retry (or a send repeated after a kill) is the same
// message to every system that reads it.
import nodemailer from 'nodemailer';
import type { MessageTransport, SendResult } from '../../domain/notifications/deliver-notifications.ts';
import type { NotificationConfig } from '../config/config.ts';

export interface SmtpTransport extends MessageTransport {
  close(): void;
}

/** The Message-ID of an outbox message: its reference at the sender's domain. */
export function messageIdOf(messageRef: string, fromAddress: string): string {
  return `<${messageRef}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}>`;
}

/** Whether the relay refused for good: an SMTP 5xx answer (a refused login is the operator's to fix, and retried). */
function isPermanent(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

export function createSmtpTransport(
  config: Required<Pick<NotificationConfig, 'smtpUrl' | 'smtpFrom'>> & Pick<NotificationConfig, 'sendTimeoutSeconds'>,
): SmtpTransport {
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const timeout = config.sendTimeoutSeconds * 1000;
  const transporter = nodemailer.createTransport({
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    ...(url.username === '' ? {} : { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const from = config.smtpFrom;
  return {
    async send(message): Promise<SendResult> {
      try {
        await transporter.sendMail({
          from: from.name === undefined ? from.address : { name: from.name, address: from.address },
          to: message.recipient,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          messageId: messageIdOf(message.messageRef, from.address),
          headers: { 'X-Parcel-Notification': message.messageRef },
        });
        return { ok: true };
      } catch (error) {
        return { ok: false, permanent: isPermanent(error), reason: error instanceof Error ? error.message : 'the relay failed' };
      }
    },
    close: () => transporter.close(),
  };
}
