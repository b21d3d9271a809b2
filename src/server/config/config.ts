// Server configuration: one schema read from the environment, validated at boot, then frozen.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultOperatorValues, type OperatorValues } from '../../contract/products.ts';
import { MAX_PARCELS_PER_ORDER } from '../../contract/shipment-service/shipment-requests.ts';
import { readDate } from '../../rules/calendar.ts';
import { readOpenFileLimit } from '../connections/open-file-limit.ts';
import type { Environment } from '../../domain/core/environment.ts';

/** Everything the server reads from its environment. */
export interface Config {
  /** PORT, default 8080. */
  readonly port: number;
  /** HOST, default 127.0.0.1. */
  readonly host: string;
  /** PARCEL_ENV, `live` or `stage`, default stage. */
  readonly environment: Environment;
  /** DATA_DIR, default ./data: the SQLite file (`<environment>.sqlite`) and the token secret live there. */
  readonly dataDir: string;
  /** DATABASE_URL: unset for SQLite, `postgres://…` for PostgreSQL. */
  readonly databaseUrl?: string;
  /** SOAP_NAMESPACE_BASE, default http://carrier.example/common/service/types. */
  readonly soapNamespaceBase: string;
  /** LOG_LEVEL, default info (silent, error, warn, info, debug). */
  readonly logLevel: string;
  /** SERVICE_TIME_ZONE, default Europe/Amsterdam: business dates are in this zone. */
  readonly timeZone: string;
  /** HOLIDAYS: comma-separated YYYYMMDD days that are not business days. Default none. */
  readonly holidays: ReadonlySet<number>;
  /** OPERATOR_VALUES: JSON overriding parts of the documented operator values. */
  readonly operatorValues: OperatorValues;
  /** BODY_LIMIT in bytes, default 5 MiB: larger requests are refused with 413. */
  readonly bodyLimit: number;
  /** TOKEN_SECRET (at least 32 bytes, hex or base64); default a random secret kept in DATA_DIR. */
  readonly tokenSecret?: Buffer;
  /** STAGE_LOG_RETENTION_DAYS, default 30: how long stage requests are kept for metrics. */
  readonly stageLogRetentionDays: number;
  /** PURGE_INTERVAL_MINUTES, default 60: how often the server runs the purge job (0 = never). */
  readonly purgeIntervalMinutes: number;
  /** SESSION_CACHE_SECONDS, default 5: how long a checked token is trusted without a lookup (0 = never). */
  readonly sessionCacheSeconds: number;
  /** LABEL_THREADS: worker threads drawing PDF and PNG labels, default one per core up to 8 (0 = on the event loop). */
  readonly labelThreads: number;
  /** METRICS_PORT: where `GET /metrics` (Prometheus) is served on HOST; unset = no metrics, 0 = any free port. */
  readonly metricsPort?: number;
  /** HEADERS_TIMEOUT_SECONDS, default 10: a request whose headers have not all arrived by then is answered 408 and closed. */
  readonly headersTimeoutSeconds: number;
  /** REQUEST_TIMEOUT_SECONDS, default 30: the same for a request whose body has not all arrived by then. */
  readonly requestTimeoutSeconds: number;
  /**
   * WRITE_TIMEOUT_SECONDS, default 60: a connection whose answer waits that long with none of it read by
   * the client (no byte going out) is closed.
   */
  readonly writeTimeoutSeconds: number;
  /**
   * MAX_CONNECTIONS: open connections at most; at the cap a new one takes the place of the oldest that
   * is idle or still sending its request, else of the oldest whose answer is not being read. Default 10,000, or the open-file limit less 256 when that is lower.
   */
  readonly maxConnections: number;
  /** SHUTDOWN_TIMEOUT_SECONDS, default 15: how long SIGTERM waits for requests being answered before exiting anyway. */
  readonly shutdownTimeoutSeconds: number;
  /** PUBLIC_URL: the service's address as clients reach it (`https://host[:port][/prefix]`), for the addresses it writes. */
  readonly publicUrl?: string;
  /** HEALTH_MIN_FREE_MB, default 64: GET /health fails when the disk of DATA_DIR has less free (SQLite only). */
  readonly healthMinFreeMegabytes: number;
  /** STAGE_LOG_MAX_ENTRY_BYTES, default 65,536: the most of one request's text the stage log keeps. */
  readonly stageLogMaxEntryBytes: number;
  /** STAGE_LOG_MAX_ACCOUNT_BYTES, default 8 MiB: the most request text the stage log keeps per account and day (per process). */
  readonly stageLogMaxAccountBytes: number;
  /** How receiver notifications are sent on live (stage never sends: it captures them). */
  readonly notifications: NotificationConfig;
  /**
   * DEMO_ACCOUNT, default 1 on stage: a stage service whose store has no account makes a demo account
   * at start and prints its login once (demo-account.ts). `0` turns it off; live never makes one.
   */
  readonly demoAccount: boolean;
}

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
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

/** One environment variable the service reads. */
export interface EnvironmentVariable {
  /** What an unset or empty variable stands for, written as the variable would be; undefined: unset means what `unset` says. */
  readonly default?: string;
  /** What an unset variable means when it has no `default` (e.g. "a random secret in DATA_DIR"). */
  readonly unset?: string;
  /** What it sets, in a few words. */
  readonly meaning: string;
}

/** STAGE_LOG_MAX_ENTRY_BYTES unset: 64 KiB, or BODY_LIMIT when that is lower. */
const STAGE_LOG_ENTRY_BYTES = 64 * 1024;

/**
 * Every environment variable the service reads, with its default: `readConfig` takes its defaults from
 * here, and `parcel-service --help` lists them. A variable not listed cannot be read (see `read`).
 */
export const ENVIRONMENT_VARIABLES = Object.freeze({
  PORT: { default: '8080', meaning: 'listening port' },
  HOST: { default: '127.0.0.1', meaning: 'listening address' },
  PARCEL_ENV: { default: 'stage', meaning: 'live or stage: the environment this process serves' },
  DATA_DIR: { default: './data', meaning: 'the SQLite file <env>.sqlite and the token secret' },
  DATABASE_URL: { unset: 'SQLite in DATA_DIR', meaning: 'postgres://… to use PostgreSQL' },
  SOAP_NAMESPACE_BASE: { default: 'http://carrier.example/common/service/types', meaning: 'base of the SOAP namespaces' },
  LOG_LEVEL: { default: 'info', meaning: 'silent, fatal, error, warn, info, debug or trace' },
  SERVICE_TIME_ZONE: { default: 'Europe/Amsterdam', meaning: 'time zone of business dates and of tracking dates and journeys' },
  HOLIDAYS: { unset: 'none', meaning: 'comma-separated YYYYMMDD days that are not business days' },
  OPERATOR_VALUES: { unset: 'the documented operator values', meaning: 'JSON overriding operator values' },
  BODY_LIMIT: { default: String(5 * 1024 * 1024), meaning: 'largest request body in bytes' },
  TOKEN_SECRET: { unset: 'a random secret kept in DATA_DIR', meaning: 'token signing secret, at least 32 bytes (hex or base64)' },
  STAGE_LOG_RETENTION_DAYS: { default: '30', meaning: 'how long stage keeps requests' },
  PURGE_INTERVAL_MINUTES: { default: '60', meaning: 'how often the server purges expired data (0: never)' },
  SESSION_CACHE_SECONDS: { default: '5', meaning: 'how long a checked token is trusted without a lookup' },
  LABEL_THREADS: { unset: 'one per core, at most 8', meaning: 'worker threads drawing PDF and PNG labels (0: none)' },
  METRICS_PORT: { unset: 'no metrics', meaning: 'port of GET /metrics (Prometheus) on HOST' },
  HEADERS_TIMEOUT_SECONDS: { default: '10', meaning: "time for a request's headers to arrive" },
  REQUEST_TIMEOUT_SECONDS: { default: '30', meaning: 'time for a whole request to arrive' },
  WRITE_TIMEOUT_SECONDS: { default: '60', meaning: 'time an answer may wait unread before its connection is closed' },
  MAX_CONNECTIONS: { unset: '10000, or the open-file limit less 256 when lower', meaning: 'open connections at most' },
  SHUTDOWN_TIMEOUT_SECONDS: { default: '15', meaning: 'how long SIGTERM waits for requests being answered' },
  PUBLIC_URL: { unset: 'from the Host header when it names this machine', meaning: "the service's address as clients reach it" },
  HEALTH_MIN_FREE_MB: { default: '64', meaning: 'GET /health fails below this free space in DATA_DIR (SQLite)' },
  STAGE_LOG_MAX_ENTRY_BYTES: {
    unset: `${STAGE_LOG_ENTRY_BYTES}, or BODY_LIMIT when lower`,
    meaning: "the most of one request's text the stage log keeps",
  },
  STAGE_LOG_MAX_ACCOUNT_BYTES: {
    default: String(8 * 1024 * 1024),
    meaning: 'the most request text the stage log keeps per account and day',
  },
  DEMO_ACCOUNT: { default: '1', meaning: 'stage: 1 makes a demo account on a first start with no account, 0 does not' },
  SMTP_URL: { unset: 'e-mails not sent', meaning: 'live: smtp:// or smtps:// relay of receiver notifications' },
  SMTP_FROM: { unset: 'none (required with SMTP_URL)', meaning: 'sender of the e-mails, address or Name <address>' },
  NOTIFY_WEBHOOK_URL: { unset: 'SMS and telephone not sent', meaning: 'live: where SMS and telephone notifications are POSTed' },
  NOTIFY_WEBHOOK_SECRET: { unset: 'none (required with NOTIFY_WEBHOOK_URL)', meaning: "HMAC-SHA256 key of the webhook's signature" },
  NOTIFY_INTERVAL_SECONDS: { default: '10', meaning: 'how often the notification queue is looked at' },
  NOTIFY_RETRY_SECONDS: { default: '30', meaning: 'wait after a failed send, doubled each time up to an hour' },
  NOTIFY_MAX_ATTEMPTS: { default: '10', meaning: 'attempts before a message fails for good' },
  NOTIFY_SEND_TIMEOUT_SECONDS: { default: '30', meaning: 'how long the relay or webhook may stay silent in one attempt' },
} satisfies Record<string, EnvironmentVariable>) as Readonly<Record<VariableName, EnvironmentVariable>>;

/** The name of a variable the service reads. */
export type VariableName =
  | 'PORT'
  | 'HOST'
  | 'PARCEL_ENV'
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'SOAP_NAMESPACE_BASE'
  | 'LOG_LEVEL'
  | 'SERVICE_TIME_ZONE'
  | 'HOLIDAYS'
  | 'OPERATOR_VALUES'
  | 'BODY_LIMIT'
  | 'TOKEN_SECRET'
  | 'STAGE_LOG_RETENTION_DAYS'
  | 'PURGE_INTERVAL_MINUTES'
  | 'SESSION_CACHE_SECONDS'
  | 'LABEL_THREADS'
  | 'METRICS_PORT'
  | 'HEADERS_TIMEOUT_SECONDS'
  | 'REQUEST_TIMEOUT_SECONDS'
  | 'WRITE_TIMEOUT_SECONDS'
  | 'MAX_CONNECTIONS'
  | 'SHUTDOWN_TIMEOUT_SECONDS'
  | 'PUBLIC_URL'
  | 'HEALTH_MIN_FREE_MB'
  | 'STAGE_LOG_MAX_ENTRY_BYTES'
  | 'STAGE_LOG_MAX_ACCOUNT_BYTES'
  | 'DEMO_ACCOUNT'
  | 'SMTP_URL'
  | 'SMTP_FROM'
  | 'NOTIFY_WEBHOOK_URL'
  | 'NOTIFY_WEBHOOK_SECRET'
  | 'NOTIFY_INTERVAL_SECONDS'
  | 'NOTIFY_RETRY_SECONDS'
  | 'NOTIFY_MAX_ATTEMPTS'
  | 'NOTIFY_SEND_TIMEOUT_SECONDS';

/** `name` as set in `env`, else its listed default; undefined when neither (an empty value counts as unset). */
function read(env: Env, name: VariableName): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? ENVIRONMENT_VARIABLES[name].default : value;
}

/** `read` for a variable listed with a default. */
function readWithDefault(env: Env, name: VariableName): string {
  const value = read(env, name);
  if (value === undefined) throw new Error(`${name} is listed without a default in ENVIRONMENT_VARIABLES`);
  return value;
}

/** `key` as a whole number from `min` to `max`; `computed` when it is unset and has no listed default. */
function integer(env: Env, key: VariableName, min: number, max: number, computed = NaN): number {
  const text = read(env, key);
  if (text === undefined) return computed;
  // Digits only: Number() would read a blank text as 0 and take hex and exponents.
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${key} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

function timeZone(text: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: text });
    return text;
  } catch {
    throw new ConfigError(`SERVICE_TIME_ZONE "${text}" is not an IANA time zone`);
  }
}

function holidays(text: string | undefined): ReadonlySet<number> {
  const days = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const day of days)
    if (!/^[0-9]{8}$/.test(day) || readDate(Number(day)) === undefined)
      throw new ConfigError(`HOLIDAYS must list YYYYMMDD dates, got "${day}"`);
  return new Set(days.map(Number));
}

function operatorValues(text: string | undefined): OperatorValues {
  if (text === undefined || text === '') return defaultOperatorValues;
  let overrides: unknown;
  try {
    overrides = JSON.parse(text);
  } catch {
    throw new ConfigError('OPERATOR_VALUES must be JSON');
  }
  if (typeof overrides !== 'object' || overrides === null) throw new ConfigError('OPERATOR_VALUES must be a JSON object');
  const unknown = Object.keys(overrides).filter((key) => !(key in defaultOperatorValues));
  if (unknown.length > 0) throw new ConfigError(`OPERATOR_VALUES has unknown keys: ${unknown.join(', ')}`);
  for (const [key, value] of Object.entries(overrides)) {
    const problem = OPERATOR_VALUE_CHECKS[key as keyof OperatorValues](value);
    if (problem !== undefined) throw new ConfigError(`OPERATOR_VALUES.${key} must be ${problem}, got ${JSON.stringify(value)}`);
  }
  return Object.freeze({ ...defaultOperatorValues, ...overrides });
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const SIZE_KEYS = ['maxWeight', 'maxLength', 'maxWidth', 'maxHeight'] as const;

/** Each operator value's shape; a wrong one stops the start instead of failing requests later. */
const OPERATOR_VALUE_CHECKS: Readonly<Record<keyof OperatorValues, (value: unknown) => string | undefined>> = {
  smallParcel: (value) => sizeProblem(value),
  parcelLetter: (value) => sizeProblem(value),
  codInkasso: (value) => countsProblem(value),
  proactiveNotificationRules: (value) => countsProblem(value),
  ukRegistrationThreshold: (value) =>
    isRecord(value) && Object.entries(value).every(([currency, amount]) => /^[A-Z]{3}$/.test(currency) && isCount(amount))
      ? undefined
      : 'an object of ISO 4217 currency codes to amounts in cents, e.g. {"GBP": 13500}',
  maxParcelsPerOrder: (value) =>
    isCount(value) && value >= 1 && value <= MAX_PARCELS_PER_ORDER ? undefined : `a whole number from 1 to ${MAX_PARCELS_PER_ORDER}`,
};

function countsProblem(value: unknown): string | undefined {
  return Array.isArray(value) && value.length > 0 && value.every(isCount) ? undefined : 'a non-empty list of whole numbers';
}

function sizeProblem(value: unknown): string | undefined {
  const ok =
    isRecord(value) && Object.keys(value).length === SIZE_KEYS.length && SIZE_KEYS.every((key) => isCount(value[key]) && value[key] > 0);
  return ok ? undefined : `{"maxWeight", "maxLength", "maxWidth", "maxHeight"}, each a whole number above 0 (dag and cm)`;
}

/** Hex digits only (then read as hex), else base64 in the standard or URL-safe alphabet, padded or not. */
const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/;

function secret(text: string | undefined): Buffer | undefined {
  if (text === undefined || text === '') return undefined;
  // Decoded strictly: Buffer.from drops what it cannot read (an odd last hex digit, characters outside
  // base64, a length base64 cannot have), so a mistyped secret would quietly be another, shorter one.
  const encoding = HEX.test(text) ? 'hex' : 'base64';
  const whole = encoding === 'hex' ? text.length % 2 === 0 : BASE64.test(text) && text.replace(/=+$/, '').length % 4 !== 1;
  if (!whole) throw new ConfigError('TOKEN_SECRET must be hex digits in pairs or base64, at least 32 bytes (64 hex digits)');
  const bytes = Buffer.from(text, encoding);
  if (bytes.length < 32) throw new ConfigError('TOKEN_SECRET must hold at least 32 bytes (64 hex digits)');
  return bytes;
}

/** PUBLIC_URL: an http or https URL without query, fragment or credentials; kept without a trailing slash. */
function publicUrl(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    !/^https?:$/.test(url.protocol) ||
    // The path is written into XML as it is: unreserved characters, percent escapes and slashes only.
    !/^[A-Za-z0-9\-._~%/]*$/.test(url.pathname) ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  )
    throw new ConfigError(`PUBLIC_URL must be an http:// or https:// URL without query or credentials, got "${text}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Open files the server keeps for itself beside its connections: database, WAL, worker threads, logs. */
const RESERVED_FILES = 256;

/** MAX_CONNECTIONS: below the open-file limit by RESERVED_FILES, so that a full house never leaves the service without a file handle. */
function maxConnections(env: Env, openFileLimit: number | undefined): number {
  const ceiling = openFileLimit === undefined ? 1_000_000 : openFileLimit - RESERVED_FILES;
  if (ceiling < 16)
    throw new ConfigError(`the open-file limit (ulimit -n) is ${openFileLimit}; the service needs at least ${RESERVED_FILES + 16}`);
  const value = integer(env, 'MAX_CONNECTIONS', 16, 1_000_000, Math.min(10_000, ceiling));
  if (value > ceiling)
    throw new ConfigError(
      `MAX_CONNECTIONS must be at most ${ceiling}, the open-file limit (ulimit -n, ${openFileLimit}) less ${RESERVED_FILES} the service keeps for itself; got ${value}`,
    );
  return value;
}

/**
 * Reads and checks the configuration; throws ConfigError naming the variable that is wrong.
 * `openFileLimit` is the process's soft limit on open files (default: read from the system).
 */
export function readConfig(env: Env = process.env, openFileLimit: number | undefined = readOpenFileLimit()): Config {
  const environment = readWithDefault(env, 'PARCEL_ENV');
  if (environment !== 'live' && environment !== 'stage') throw new ConfigError(`PARCEL_ENV must be live or stage, got "${environment}"`);
  const databaseUrl = read(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  const logLevel = readWithDefault(env, 'LOG_LEVEL');
  if (!['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'].includes(logLevel))
    throw new ConfigError(`LOG_LEVEL "${logLevel}" is not a level`);
  const port = integer(env, 'PORT', 0, 65535);
  const metricsPort = read(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 65535);
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (both ${port}): the metrics have a port of their own`);
  }
  const headersTimeoutSeconds = integer(env, 'HEADERS_TIMEOUT_SECONDS', 1, 3600);
  const requestTimeoutSeconds = integer(env, 'REQUEST_TIMEOUT_SECONDS', 1, 3600);
  if (requestTimeoutSeconds < headersTimeoutSeconds)
    throw new ConfigError(
      `REQUEST_TIMEOUT_SECONDS (${requestTimeoutSeconds}) must be at least HEADERS_TIMEOUT_SECONDS (${headersTimeoutSeconds}): the headers are part of the request`,
    );
  const bodyLimit = integer(env, 'BODY_LIMIT', 1024, 1024 * 1024 * 1024);
  return Object.freeze({
    port,
    host: readWithDefault(env, 'HOST'),
    environment,
    dataDir: resolve(readWithDefault(env, 'DATA_DIR')),
    databaseUrl,
    soapNamespaceBase: readWithDefault(env, 'SOAP_NAMESPACE_BASE').replace(/\/+$/, ''),
    logLevel,
    timeZone: timeZone(readWithDefault(env, 'SERVICE_TIME_ZONE')),
    holidays: holidays(read(env, 'HOLIDAYS')),
    operatorValues: operatorValues(read(env, 'OPERATOR_VALUES')),
    bodyLimit,
    tokenSecret: secret(read(env, 'TOKEN_SECRET')),
    stageLogRetentionDays: integer(env, 'STAGE_LOG_RETENTION_DAYS', 1, 3650),
    purgeIntervalMinutes: integer(env, 'PURGE_INTERVAL_MINUTES', 0, 7 * 24 * 60),
    sessionCacheSeconds: integer(env, 'SESSION_CACHE_SECONDS', 0, 300),
    // One per core: while labels are drawn the event loop mostly waits, and the threads share its core.
    labelThreads: integer(env, 'LABEL_THREADS', 0, 64, Math.min(8, availableParallelism())),
    metricsPort,
    headersTimeoutSeconds,
    requestTimeoutSeconds,
    writeTimeoutSeconds: integer(env, 'WRITE_TIMEOUT_SECONDS', 1, 3600),
    maxConnections: maxConnections(env, openFileLimit),
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 1, 3600),
    publicUrl: publicUrl(read(env, 'PUBLIC_URL')),
    healthMinFreeMegabytes: integer(env, 'HEALTH_MIN_FREE_MB', 0, 1024 * 1024),
    // Unset, never more than a whole body (a small BODY_LIMIT lowers it).
    stageLogMaxEntryBytes: integer(env, 'STAGE_LOG_MAX_ENTRY_BYTES', 1024, bodyLimit, Math.min(STAGE_LOG_ENTRY_BYTES, bodyLimit)),
    stageLogMaxAccountBytes: integer(env, 'STAGE_LOG_MAX_ACCOUNT_BYTES', 1024, 1024 * 1024 * 1024 * 1024),
    notifications: notificationConfig(env),
    // Read on live too, so that a wrong value is refused there as well.
    demoAccount: integer(env, 'DEMO_ACCOUNT', 0, 1) === 1 && environment === 'stage',
  });
}

/** SMTP_URL: smtp:// or smtps://, a host, no path, query or fragment. */
function smtpUrl(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
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

function notificationConfig(env: Env): NotificationConfig {
  const smtp = smtpUrl(read(env, 'SMTP_URL'));
  const from = smtpFrom(read(env, 'SMTP_FROM'));
  if (smtp !== undefined && from === undefined)
    throw new ConfigError('SMTP_FROM is required with SMTP_URL: the address the e-mails are sent from');
  const webhookUrl = read(env, 'NOTIFY_WEBHOOK_URL');
  if (webhookUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(webhookUrl);
    } catch {
      url = undefined;
    }
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
  });
}

/** The SQLite file of an environment: live and stage never share data. */
export function sqlitePath(config: Config): string {
  return join(config.dataDir, `${config.environment}.sqlite`);
}

/** TOKEN_SECRET, or the environment's secret file in DATA_DIR (created once, mode 0600). */
export function loadTokenSecret(config: Config): Buffer {
  if (config.tokenSecret !== undefined) return config.tokenSecret;
  const path = join(config.dataDir, `${config.environment}-token-secret`);
  if (!existsSync(path)) {
    mkdirSync(config.dataDir, { recursive: true });
    // Written whole under a name of its own, then linked into place: a process starting beside this
    // one never reads the file half written (it used to read it empty, and answer every login 500).
    const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, path);
    } catch (error) {
      // Another process of the same environment created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  chmodSync(path, 0o600);
  let bytes: Buffer | undefined;
  try {
    bytes = secret(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
  }
  if (bytes === undefined)
    throw new ConfigError(`${path} must hold the token secret (at least 32 bytes, as 64 hex digits); remove it to have a new one made`);
  return bytes;
}
