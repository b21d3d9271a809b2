// Everything an operation needs, handed in by server/build-app.ts: repositories, clock, settings.
import type { OperatorValues } from '../contract/products.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { SessionCache } from './session-cache.ts';
import type {
  AccountRepository,
  CallMetrics,
  Clock,
  LabelRenderer,
  ParcelReader,
  ParcelShopDirectory,
  SandboxRepository,
  ShipmentRepository,
  StageLog,
  StageLogReader,
  TokenRepository,
} from './ports.ts';

/** Which environment a server process serves (DESIGN "Environments"). */
export type Environment = 'live' | 'stage';

/** Settings the operations read. */
export interface DomainSettings {
  readonly environment: Environment;
  /** Secret the login tokens are derived from (HMAC key); never logged. */
  readonly tokenSecret: Buffer;
  /** Time zone of business dates (pickup dates, consolidation, mpsId). Default Europe/Amsterdam. */
  readonly timeZone: string;
  /** Non-business days besides weekends, YYYYMMDD. Default none. */
  readonly holidays: ReadonlySet<number>;
  readonly operatorValues: OperatorValues;
}

/**
 * What the SandboxService operations need: the operator's command line (`parcel-service sandbox`)
 * calls them with these alone.
 */
export type SandboxServices = Pick<Services, 'accounts' | 'shipments' | 'sandbox' | 'clock' | 'sessions'>;

export interface Services {
  readonly accounts: AccountRepository;
  readonly tokens: TokenRepository;
  readonly shipments: ShipmentRepository;
  /** The parcel-shop directory (ParcelShopFinderService, and the shops PSD orders name). */
  readonly parcelShops: ParcelShopDirectory;
  /** The accounts' own clocks, their injected faults and resets (SandboxService, stage). */
  readonly sandbox: SandboxRepository;
  /** The real time. An account's calls read the session's clock (domain/account-clock.ts) instead. */
  readonly clock: Clock;
  readonly throttle: LoginThrottle;
  /** Recently checked tokens (a few seconds). */
  readonly sessions: SessionCache;
  /** Stage only: requests kept for metrics (masked). A no-op sink on live. */
  readonly stageLog: StageLog;
  /** The accounts' parcels as ConsoleService reads them. */
  readonly parcelReader: ParcelReader;
  /** The stage log read back by its accounts (ConsoleService findStageRequests; stage only). */
  readonly stageLogReader: StageLogReader;
  /** Every call counted and timed for the operator (a no-op without METRICS_PORT). */
  readonly metrics: CallMetrics;
  /** Draws the labels storeOrders returns. */
  readonly labels: LabelRenderer;
  readonly settings: DomainSettings;
}
