// Opens the store: SQLite by default, PostgreSQL for a postgres:// URL, the same repositories over both.
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import type { AccountRepository } from '../domain/ports/account-ports.ts';
import type { Clock } from '../domain/ports/clock-ports.ts';
import type { KnownAddressRepository, LoginFailureRepository, TokenRepository } from '../domain/ports/login-ports.ts';
import type { ParcelReader } from '../domain/ports/console-ports.ts';
import type { ManifestReader } from '../domain/ports/end-of-day-ports.ts';
import type { NotificationSources, Outbox } from '../domain/ports/notification-ports.ts';
import type { ParcelShopDirectory } from '../domain/ports/parcel-shop-ports.ts';
import type { SandboxRepository } from '../domain/ports/sandbox-ports.ts';
import type { DepotDirectoryStore } from '../domain/ports/depot-ports.ts';
import type { JourneyRepository } from '../domain/ports/journey-ports.ts';
import type { ShipmentRepository } from '../domain/ports/shipment-ports.ts';
import type { StageLogReader, StageLogRepository } from '../domain/ports/stage-log-ports.ts';
import { createAccountRepository } from './account-repository.ts';
import { createLoginFailureRepository } from './login-failure-repository.ts';
import { createKnownAddressRepository } from './known-address-repository.ts';
import { createNotificationSources } from './notification-source-rows.ts';
import { createOutbox } from './outbox-repository.ts';
import { createPushQueue } from './push-queue-repository.ts';
import type { PushQueue } from '../domain/ports/push-ports.ts';
import { createParcelReader } from './parcel-reader.ts';
import { createManifestReader } from './manifest-parcel-rows.ts';
import { createParcelShopDirectory } from './parcel-shop-directory.ts';
import { createDepotDirectoryStore } from './depot-directory-rows.ts';
import { createJourneyRepository } from './journey-repository.ts';
import { createSandboxRepository } from './sandbox-repository.ts';
import { migrateToLatest } from './migrate.ts';
import { createPostgresPool } from './postgres-pool.ts';
import type { Database } from './schema.ts';
import { createSerialSource } from './serial-source.ts';
import { createShipmentRepository } from './shipment-repository.ts';
import { createDirectCommitter } from './committer.ts';
import { createGroupCommitter } from './sqlite/group-commit.ts';
import { openSqliteFile, type SqliteFile } from './sqlite/file.ts';
import { sqliteTransactor } from './sqlite/sqlite-transactor.ts';
import { kyselyTransactor, type Transactor } from './transactor.ts';
import { systemClock } from '../domain/core/system-clock.ts';
import { startCheckpointer } from './sqlite/checkpointer.ts';
import { SharedFileSqliteDialect } from './sqlite/dialect.ts';
import { createStageRequestRepository } from './stage-request-repository.ts';
import type { StoreDialect } from './store-dialect.ts';
import { createTokenRepository } from './token-repository.ts';
import { freeSpaceOf } from './free-space.ts';

/** Where and how the store keeps its data. Every field is optional; defaults are stated per field. */
export interface StoreOptions {
  /** `postgres://…` or `postgresql://…` selects PostgreSQL. Default: unset (or empty), which selects SQLite. */
  readonly databaseUrl?: string;
  /** The SQLite file (its directory is created). Default `data/parcel-service.sqlite`, relative to the working directory. */
  readonly sqlitePath?: string;
  /** Serials one durable lease takes from the database; a crash loses at most this many. Default 1000. */
  readonly serialLeaseSize?: number;
  /** SQLite: how long a write waits for another process's lock, in ms. Default 5000. */
  readonly busyTimeoutMs?: number;
  /** PostgreSQL: most connections the pool opens. Default 10. */
  readonly poolSize?: number;
  /**
   * PostgreSQL: how long opening a connection (or waiting for a free one) may take before the query
   * fails, in ms. Default 10000: a host that drops packets or a server that never answers fails the
   * start and the health check instead of holding them forever.
   */
  readonly connectTimeoutMs?: number;
  /** Stamps `createdAt` of new accounts. Default: the system clock. */
  readonly clock?: Clock;
  /** Told of every query with its duration, and of every failed one (slow-query logs, metrics, tests). Default: none. */
  readonly log?: (event: LogEvent) => void;
}

/** StoreOptions with every default filled in; frozen. */
export interface StoreConfig {
  readonly databaseUrl: string | undefined;
  readonly sqlitePath: string;
  readonly serialLeaseSize: number;
  readonly busyTimeoutMs: number;
  readonly poolSize: number;
  readonly connectTimeoutMs: number;
  readonly clock: Clock;
  readonly log: ((event: LogEvent) => void) | undefined;
}

/** The defaults StoreOptions states, for tooling and tests. */
export const STORE_DEFAULTS = Object.freeze({
  sqlitePath: 'data/parcel-service.sqlite',
  serialLeaseSize: 1000,
  busyTimeoutMs: 5000,
  poolSize: 10,
  connectTimeoutMs: 10_000,
});

/**
 * The store answers but cannot make a write durable any more (a failed WAL sync): every new order is
 * refused until the service is restarted, so a health check must take the process out of service.
 */
export class DurabilityLostError extends Error {}

/** The persistence the domain's ports need, plus lifecycle. */
export interface Store {
  readonly dialect: StoreDialect;
  readonly config: StoreConfig;
  readonly accounts: AccountRepository;
  readonly tokens: TokenRepository;
  readonly shipments: ShipmentRepository;
  /** Stage requests kept for metrics, and read back by their accounts (findStageRequests). */
  readonly stageRequests: StageLogRepository & StageLogReader;
  /** The accounts' parcels as ConsoleService reads them. */
  readonly parcelReader: ParcelReader;
  /** The parcels of a period's end-of-day manifest (EndOfDayService). */
  readonly manifests: ManifestReader;
  /** Failed logins, counted by every process on the database. */
  readonly loginFailures: LoginFailureRepository;
  /** The addresses each account logged in from lately (HMACs of them). */
  readonly knownAddresses: KnownAddressRepository;
  /** The parcel-shop directory (ParcelShopFinderService). */
  readonly parcelShops: ParcelShopDirectory;
  /** Accounts' own clocks, injected faults and resets (SandboxService, stage). */
  readonly sandbox: SandboxRepository;
  /** Receiver notifications: kept with the parcels' data, and on live the queue they are sent from. */
  readonly outbox: Outbox;
  /** What the notification producer reads: parcels with their orders, shops, recent tracking events. */
  readonly notificationSources: NotificationSources;
  /** Parcels' journeys: what they are computed from, scenarios, forced events. */
  readonly parcelJourneys: JourneyRepository;
  /** The Tracking Push Service's queue: every push, and the queue several processes send from. */
  readonly pushes: PushQueue;
  /** The operator's depot directory (tracking's places). */
  readonly depots: DepotDirectoryStore;
  /** Runs every pending migration (safe to call from several processes at once). */
  migrate(): Promise<void>;
  /**
   * Records `environment` as the database's own unless another is recorded already; returns the one
   * recorded (so a caller can refuse a database of the other environment).
   */
  claimEnvironment(environment: string): Promise<string>;
  /**
   * Resolves once the database answers a trivial query (health checks); rejects with
   * DurabilityLostError once writes can no longer be made durable.
   */
  ping(): Promise<void>;
  /** Bytes free on the disk of a SQLite file (free-space.ts); undefined on PostgreSQL, whose disk is its server's. */
  freeSpace(): Promise<number | undefined>;
  /** Refreshes the planner's statistics where they are stale (SQLite; PostgreSQL's autovacuum does it). */
  optimize(): Promise<void>;
  /** Closes the database file or pool; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** A Kysely instance over the configured database, for the store's own modules and tooling. */
export interface OpenDatabase {
  readonly dialect: StoreDialect;
  readonly config: StoreConfig;
  readonly db: Kysely<Database>;
  /** Transactions for the hot writes (transactor.ts, sqlite/transactor.ts). */
  readonly transactor: Transactor;
}

/** Fills in defaults, checks values and freezes the result. */
export function resolveStoreConfig(options: StoreOptions = {}): StoreConfig {
  const config: StoreConfig = {
    databaseUrl: options.databaseUrl === '' ? undefined : options.databaseUrl,
    sqlitePath: options.sqlitePath ?? STORE_DEFAULTS.sqlitePath,
    serialLeaseSize: options.serialLeaseSize ?? STORE_DEFAULTS.serialLeaseSize,
    busyTimeoutMs: options.busyTimeoutMs ?? STORE_DEFAULTS.busyTimeoutMs,
    poolSize: options.poolSize ?? STORE_DEFAULTS.poolSize,
    connectTimeoutMs: options.connectTimeoutMs ?? STORE_DEFAULTS.connectTimeoutMs,
    clock: options.clock ?? systemClock,
    log: options.log,
  };
  if (config.databaseUrl !== undefined && !isPostgresUrl(config.databaseUrl)) {
    throw new Error('databaseUrl must start with postgres:// or postgresql:// (leave it unset for SQLite)');
  }
  for (const key of ['serialLeaseSize', 'busyTimeoutMs', 'poolSize', 'connectTimeoutMs'] as const) {
    if (!Number.isSafeInteger(config[key]) || config[key] < 1) {
      throw new RangeError(`${key} must be a positive integer, not ${config[key]}`);
    }
  }
  return Object.freeze(config);
}

/** Opens the configured database without running migrations. */
export function openDatabase(options: StoreOptions = {}): OpenDatabase {
  const config = resolveStoreConfig(options);
  const log = config.log === undefined ? {} : { log: config.log };
  if (config.databaseUrl !== undefined) {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: createPostgresPool(config.databaseUrl, config.poolSize, config.connectTimeoutMs) }),
      ...log,
    });
    return Object.freeze({ dialect: 'postgres', config, db, transactor: kyselyTransactor(db) });
  }
  // Opened on first use, by Kysely or by the transactor, so opening the store is what reports a bad path.
  let file: SqliteFile | undefined;
  const sqliteFile = () => (file ??= openSqliteFile(config.sqlitePath, config.busyTimeoutMs));
  const db = new Kysely<Database>({ dialect: new SharedFileSqliteDialect({ database: async () => sqliteFile() }), ...log });
  return Object.freeze({ dialect: 'sqlite', config, db, transactor: sqliteTransactor(db, sqliteFile) });
}

/**
 * Opens the store the options describe and checks that the database answers, so a wrong URL or an
 * unwritable path fails here. Call `migrate()` before first use of a new database.
 *
 * SQLite: open one store per file per process. better-sqlite3 is synchronous, so a second connection
 * in the same process that waits for the write lock blocks the event loop the holder needs to finish,
 * and fails after busyTimeoutMs. Separate processes share a file safely.
 */
export async function openStore(options: StoreOptions = {}): Promise<Store> {
  const { dialect, config, db, transactor } = openDatabase(options);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    // The SQLite file is named (an operator's path); a PostgreSQL URL is not, as it may hold a password.
    throw new Error(dialect === 'sqlite' ? `cannot open the sqlite store ${config.sqlitePath}` : 'cannot open the postgres store', {
      cause: error,
    });
  }
  const checkpointer =
    dialect === 'sqlite' && config.sqlitePath !== ':memory:' ? startCheckpointer(config.sqlitePath, config.busyTimeoutMs) : undefined;
  return Object.freeze({
    dialect,
    config,
    accounts: createAccountRepository(db, config.clock),
    tokens: createTokenRepository(db, dialect),
    // SQLite has one writer: new orders are grouped per event-loop turn and share one sync.
    shipments: createShipmentRepository(
      db,
      createSerialSource(db, config.serialLeaseSize),
      dialect === 'sqlite' ? createGroupCommitter(transactor) : createDirectCommitter(transactor),
    ),
    stageRequests: createStageRequestRepository(db, transactor),
    parcelReader: createParcelReader(db),
    manifests: createManifestReader(db),
    loginFailures: createLoginFailureRepository(db, dialect),
    knownAddresses: createKnownAddressRepository(db),
    parcelShops: createParcelShopDirectory(db),
    sandbox: createSandboxRepository(db, dialect),
    outbox: createOutbox(db),
    notificationSources: createNotificationSources(db),
    parcelJourneys: createJourneyRepository(db),
    pushes: createPushQueue(db),
    depots: createDepotDirectoryStore(db),
    migrate: () => migrateToLatest(db),
    ping: async () => {
      const failure = transactor.failure();
      if (failure !== undefined) throw new DurabilityLostError('writes can no longer be made durable', { cause: failure });
      await sql`select 1`.execute(db);
    },
    freeSpace: async () => (dialect === 'sqlite' ? freeSpaceOf(config.sqlitePath) : undefined),
    claimEnvironment: async (environment: string) => {
      await db
        .insertInto('store_identity')
        .values({ key: 'environment', value: environment })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      return (await db.selectFrom('store_identity').select('value').where('key', '=', 'environment').executeTakeFirstOrThrow()).value;
    },
    optimize: async () => {
      if (dialect === 'sqlite') await sql`pragma optimize`.execute(db);
    },
    close: async () => {
      await checkpointer?.close();
      await transactor.close();
      await db.destroy();
    },
  });
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
