// The environment variables the service reads: each listed once with its default and meaning, and
// read only through `read`, `readWithDefault` and `integer`, which take the defaults from the list.
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The environment the configuration is read from. */
export type Env = Readonly<Record<string, string | undefined>>;
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
export const STAGE_LOG_ENTRY_BYTES = 64 * 1024;

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
  NOTIFY_CONCURRENCY: { default: '8', meaning: 'messages under way at once to the relay, and to the webhook' },
  PUSH_ALLOWED_NETWORKS: { unset: 'none', meaning: 'private networks pushes may go to (a.b.c.d/n, x::/n, comma-separated)' },
  PUSH_INTERVAL_SECONDS: { default: '2', meaning: 'how often the push queue is looked at' },
  PUSH_TIMEOUT_SECONDS: { default: '10', meaning: "how long a shop's receiver may take to answer a push" },
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
  | 'NOTIFY_SEND_TIMEOUT_SECONDS'
  | 'NOTIFY_CONCURRENCY'
  | 'PUSH_ALLOWED_NETWORKS'
  | 'PUSH_INTERVAL_SECONDS'
  | 'PUSH_TIMEOUT_SECONDS';

/** `name` as set in `env`, else its listed default; undefined when neither (an empty value counts as unset). */
export function read(env: Env, name: VariableName): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? ENVIRONMENT_VARIABLES[name].default : value;
}

/** `read` for a variable listed with a default. */
export function readWithDefault(env: Env, name: VariableName): string {
  const value = read(env, name);
  if (value === undefined) throw new Error(`${name} is listed without a default in ENVIRONMENT_VARIABLES`);
  return value;
}

/** `key` as a whole number from `min` to `max`; `computed` when it is unset and has no listed default. */
export function integer(env: Env, key: VariableName, min: number, max: number, computed = NaN): number {
  const text = read(env, key);
  if (text === undefined) return computed;
  // Digits only: Number() would read a blank text as 0 and take hex and exponents.
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${key} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

/** `text` read as a URL; undefined when it is none (the caller says what it must be). */
export function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
