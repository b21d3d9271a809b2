// Server configuration: one schema read from the environment, validated at boot, then frozen.
// One file per topic beside this one; this file holds the whole (Config) and reads it (readConfig).
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { OperatorValues } from '../../contract/products.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { readOpenFileLimit } from '../connections/open-file-limit.ts';
import { holidays, timeZone } from './business-calendar.ts';
import { maxConnections } from './max-connections.ts';
import { notificationConfig, type NotificationConfig } from './notification-config.ts';
import { pushConfig, type PushConfig } from './push-config.ts';
import { operatorValues } from './operator-values.ts';
import { publicUrl } from './public-url.ts';
import { secret } from './token-secret.ts';
import { ConfigError, integer, read, readWithDefault, STAGE_LOG_ENTRY_BYTES, type Env } from './environment-variables.ts';

export { ConfigError, ENVIRONMENT_VARIABLES, type EnvironmentVariable, type VariableName } from './environment-variables.ts';
export type { NotificationConfig } from './notification-config.ts';
export { loadTokenSecret } from './token-secret.ts';

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
  /** The Tracking Push Service: allowed networks, the queue's timing, the receivers' timeout. */
  readonly push: PushConfig;
  /**
   * DEMO_ACCOUNT, default 1 on stage: a stage service whose store has no account makes a demo account
   * at start and prints its login once (demo-account.ts). `0` turns it off; live never makes one.
   */
  readonly demoAccount: boolean;
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
    push: pushConfig(env, readWithDefault(env, 'HOST')),
    // Read on live too, so that a wrong value is refused there as well.
    demoAccount: integer(env, 'DEMO_ACCOUNT', 0, 1) === 1 && environment === 'stage',
  });
}

/** The SQLite file of an environment: live and stage never share data. */
export function sqlitePath(config: Config): string {
  return join(config.dataDir, `${config.environment}.sqlite`);
}
