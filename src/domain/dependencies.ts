// Everything an operation needs, handed in by server/build-app.ts: repositories, clock, settings.
import type { Environment } from './core/environment.ts';
import type { OperatorValues } from '../contract/products.ts';
import type { LoginThrottle } from './login/login-throttle.ts';
import type { DelayedCalls } from './sandbox/delayed-calls.ts';
import type { NotifyDependencies } from './notifications/notify-parcels.ts';
import type { PushAddressCheck, PushQueue } from './ports/push-ports.ts';
import type { SessionCache } from './login/session-cache.ts';
import type { AccountRepository } from './ports/account-ports.ts';
import type { CallMetrics, LabelRenderer } from './ports/call-ports.ts';
import type { Clock } from './ports/clock-ports.ts';
import type { ParcelReader } from './ports/console-ports.ts';
import type { ManifestReader } from './ports/end-of-day-ports.ts';
import type { DepotDirectoryStore } from './ports/depot-ports.ts';
import type { JourneyRepository } from './ports/journey-ports.ts';
import type { ParcelShopDirectory } from './ports/parcel-shop-ports.ts';
import type { SandboxRepository } from './ports/sandbox-ports.ts';
import type { ShipmentRepository } from './ports/shipment-ports.ts';
import type { StageLog, StageLogReader } from './ports/stage-log-ports.ts';
import type { KnownAddressRepository, TokenRepository } from './ports/login-ports.ts';

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
export type SandboxDependencies = Pick<
  Dependencies,
  'accounts' | 'shipments' | 'sandbox' | 'clock' | 'sessions' | 'parcelJourneys' | 'depots' | 'parcelShops' | 'notifications'
> & { readonly settings: Pick<DomainSettings, 'timeZone' | 'holidays'> };

export interface Dependencies {
  readonly accounts: AccountRepository;
  readonly tokens: TokenRepository;
  readonly shipments: ShipmentRepository;
  /** The parcel-shop directory (ParcelShopFinderService, and the shops PSD orders name). */
  readonly parcelShops: ParcelShopDirectory;
  /** The accounts' own clocks, their injected faults and resets (SandboxService, stage). */
  readonly sandbox: SandboxRepository;
  /** What the parcels' journeys are computed from (tracking), their scenarios and forced events. */
  readonly parcelJourneys: JourneyRepository;
  /** The depot directory tracking places its events with (built in until the operator imports one). */
  readonly depots: DepotDirectoryStore;
  /** The real time. An account's calls read the session's clock (domain/core/account-clock.ts) instead. */
  readonly clock: Clock;
  readonly throttle: LoginThrottle;
  /** The addresses each account logged in from lately (HMACs): the throttle keeps their own budget. */
  readonly knownAddresses: KnownAddressRepository;
  /** The calls each account has held in an injected delay, in this process (SandboxService, stage). */
  readonly delayedCalls: DelayedCalls;
  /** Recently checked tokens (a few seconds). */
  readonly sessions: SessionCache;
  /** Stage only: requests kept for metrics (masked). A no-op sink on live. */
  readonly stageLog: StageLog;
  /** The accounts' parcels as ConsoleService reads them. */
  readonly parcelReader: ParcelReader;
  /** The parcels of a period's end-of-day manifest (EndOfDayService). */
  readonly manifests: ManifestReader;
  /** The stage log read back by its accounts (ConsoleService findStageRequests; stage only). */
  readonly stageLogReader: StageLogReader;
  /** Every call counted and timed for the operator (a no-op without METRICS_PORT). */
  readonly metrics: CallMetrics;
  /** Draws the labels storeOrders returns, and the end-of-day manifests. */
  readonly labels: LabelRenderer;
  /** Receiver notifications: the outbox, and what makes its messages from the parcels' journeys. */
  readonly notifications: NotifyDependencies;
  /** The Tracking Push Service's queue (README "Tracking push"). */
  readonly pushes: PushQueue;
  /** The address rules a push URL is checked against. */
  readonly pushAddresses: PushAddressCheck;
  /** Told when pushes were queued again (the sender looks at once). */
  readonly pushQueued?: () => void;
  readonly settings: DomainSettings;
}
