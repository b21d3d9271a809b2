// Receiver notifications' delivery on live: the SMTP relay, the webhook and the queue's timing.
import { ConfigError, integer, parseUrl, read, type Env } from './environment-variables.ts';

/** Receiver notifications' delivery (live): the relay, the webhook, the queue's timing. */
export interface NotificationConfig {
  /** SMTP_URL: `smtp://[user:pass@]host[:port]` (STARTTLS when the relay offers it) or `smtps://…` (TLS from the start, port 465 by default). Unset: e-mails are not sent. */
  readonly smtpUrl?: string;
  /** SMTP_FROM: the sender of the e-mails, `address` or `Name <address>`; required with SMTP_URL. */
  readonly smtpFrom?: { readonly name?: string; readonly address: string };
  /** NOTIFY_WEBHOOK_URL: where SMS and telephone messages are POSTed (http:// or https://). Unset: they are not sent. */
  readonly webhookUrl?: string;
  /** NOTIFY_WEBHOOK_SECRET: the HMAC-SHA256 key of the webhook's signature header (at least 32 characters); required with NOTIFY_WEBHOOK_URL. Never logged. */
  readonly webhookSecret?: string;
  /** NOTIFY_INTERVAL_SECONDS, default 10: how often the queue and the recorded events are looked at (messages made in this process are sent at once). */
  readonly intervalSeconds: number;
  /** NOTIFY_RETRY_SECONDS, default 30: the wait after a failed attempt, doubled for each further one, up to an hour. */
  readonly retrySeconds: number;
  /** NOTIFY_MAX_ATTEMPTS, default 10: attempts before a message fails for good. */
  readonly maxAttempts: number;
  /** NOTIFY_SEND_TIMEOUT_SECONDS, default 30: how long the relay or webhook may stay silent in one attempt. */
  readonly sendTimeoutSeconds: number;
  /** NOTIFY_CONCURRENCY, default 8: messages under way at once to the relay, and as many to the webhook. */
  readonly concurrency: number;
}
/** SMTP_URL: smtp:// or smtps://, a host, no path, query or fragment. */
function smtpUrl(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  const url = parseUrl(text);
  if (
    url === undefined ||
    !/^smtps?:$/.test(url.protocol) ||
    url.hostname === '' ||
    !/^\/?$/.test(url.pathname) ||
    url.search !== '' ||
    url.hash !== ''
  )
    // The URL may hold a password: it is not repeated.
    throw new ConfigError('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://[user:password@]host[:port]');
  return text;
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** SMTP_FROM: `address` or `Name <address>`. */
function smtpFrom(text: string | undefined): NotificationConfig['smtpFrom'] {
  if (text === undefined || text === '') return undefined;
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(text);
  const address = (named?.[2] ?? text).trim();
  const name = named?.[1].replace(/^"(.*)"$/, '$1').trim();
  if (!ADDRESS.test(address) || /[\r\n]/.test(text))
    throw new ConfigError(`SMTP_FROM must be an e-mail address or Name <address>, got "${text}"`);
  return Object.freeze(name === undefined || name === '' ? { address } : { name, address });
}

export function notificationConfig(env: Env): NotificationConfig {
  const smtp = smtpUrl(read(env, 'SMTP_URL'));
  const from = smtpFrom(read(env, 'SMTP_FROM'));
  if (smtp !== undefined && from === undefined)
    throw new ConfigError('SMTP_FROM is required with SMTP_URL: the address the e-mails are sent from');
  const webhookUrl = read(env, 'NOTIFY_WEBHOOK_URL');
  if (webhookUrl !== undefined) {
    const url = parseUrl(webhookUrl);
    if (url === undefined || !/^https?:$/.test(url.protocol) || url.hash !== '')
      throw new ConfigError('NOTIFY_WEBHOOK_URL must be an http:// or https:// URL');
  }
  const webhookSecret = read(env, 'NOTIFY_WEBHOOK_SECRET');
  if (webhookUrl !== undefined && (webhookSecret === undefined || webhookSecret.length < 32))
    throw new ConfigError(
      'NOTIFY_WEBHOOK_SECRET (at least 32 characters) is required with NOTIFY_WEBHOOK_URL: the key its receiver checks the signature with',
    );
  return Object.freeze({
    ...(smtp === undefined ? {} : { smtpUrl: smtp }),
    ...(from === undefined ? {} : { smtpFrom: from }),
    ...(webhookUrl === undefined ? {} : { webhookUrl, webhookSecret }),
    intervalSeconds: integer(env, 'NOTIFY_INTERVAL_SECONDS', 1, 3600),
    retrySeconds: integer(env, 'NOTIFY_RETRY_SECONDS', 1, 3600),
    maxAttempts: integer(env, 'NOTIFY_MAX_ATTEMPTS', 1, 100),
    sendTimeoutSeconds: integer(env, 'NOTIFY_SEND_TIMEOUT_SECONDS', 1, 600),
    concurrency: integer(env, 'NOTIFY_CONCURRENCY', 1, 64),
  });
}
