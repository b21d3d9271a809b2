// The interfaces the domain needs from the outside world. `store/` implements the repositories,
// `server/` wires them; the domain never imports either.
import type { MessageLanguage } from '../contract/error-catalogue.ts';
import { PARCEL_STATES, type ParcelStateName } from '../contract/parcel-states.ts';
import type { ParcelShopEntryData, ParcelShopService } from '../contract/parcel-shops.ts';
import type { LabelJob } from '../labels/label-input.ts';
import type { DropOffType, RenderedLabels } from '../labels/render-labels.ts';

/** The time source; tests move it. */
export interface Clock {
  now(): Date;
}

/**
 * An account's own clock (SandboxService setClock, stage only): the real time moved on by `offsetMs`,
 * or a time that stands still at `fixedAt` until it is moved on or reset.
 */
export interface AccountClockSetting {
  /** Added to the real time while the clock runs (advanceBy). 0 when the clock stands still. */
  readonly offsetMs: number;
  /** Where the clock stands (fixedTime; advanceBy moves it on); undefined while it runs. */
  readonly fixedAt?: Date;
}

/** A customer account. `depots` are the 4-character sending depots it may use. */
export interface Account {
  readonly id: number;
  readonly delisId: string;
  /** scrypt hash in the form produced by domain/password.ts. */
  readonly passwordHash: string;
  readonly depots: readonly string[];
  readonly messageLanguage: MessageLanguage;
  /** Operator switch: shipment data is queued until exportOrders (spec "Late export"). */
  readonly lateExport: boolean;
  /** Operator switch: pickup orders and collection requests allowed on live. */
  readonly pickupApproved: boolean;
  readonly createdAt: Date;
  /**
   * The account's own clock (SandboxService setClock); undefined: the real time. It comes with the
   * account's row, so authentication reads it without a query of its own.
   */
  readonly clock?: AccountClockSetting;
  /** Injected faults waiting for the account's calls (SandboxService injectFault); undefined or 0: none, and no call looks. */
  readonly pendingFaults?: number;
}

/** What the sandbox keeps on an account, which neither `accounts add` nor `accounts set` sets. */
type SandboxAccountFields = 'clock' | 'pendingFaults';

export type NewAccount = Omit<Account, 'id' | 'createdAt' | SandboxAccountFields>;
export type AccountChanges = Partial<Omit<Account, 'id' | 'delisId' | 'createdAt' | SandboxAccountFields>>;

/** An issued login token, kept only as its SHA-256 hash. */
export interface AuthToken {
  readonly accountId: number;
  /** Hex SHA-256 of the token text. */
  readonly tokenHash: string;
  /** Random value the token is derived from (HMAC with the server secret), so the same token can be returned again. */
  readonly nonce: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

export interface AccountRepository {
  /** Adds an account; rejects with DuplicateAccountError when the delisId exists. */
  addAccount(account: NewAccount): Promise<Account>;
  /** Changes an account; undefined when there is none with that delisId. A new password ends the account's tokens. */
  updateAccount(delisId: string, changes: AccountChanges): Promise<Account | undefined>;
  findAccount(delisId: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
}

export interface TokenRepository {
  /** The account's newest token still valid at `now`. */
  findValidToken(accountId: number, now: Date): Promise<AuthToken | undefined>;
  /**
   * The token a login hands out: the account's newest token valid at `now` if `usable` accepts it,
   * else the one `issue` makes, saved as the account's. Atomic per account, across every process on
   * the database, so concurrent logins of one account all get the same token.
   */
  findOrSaveToken(
    accountId: number,
    now: Date,
    usable: (token: AuthToken) => boolean,
    issue: () => Omit<AuthToken, 'accountId'>,
  ): Promise<AuthToken>;
  findTokenByHash(tokenHash: string): Promise<AuthToken | undefined>;
  /** Removes tokens of the accounts of `scope` (default all) that expired before `before`; returns how many. */
  deleteTokensExpiredBefore(before: Date, scope?: AccountScope): Promise<number>;
}

/**
 * The accounts a purge pass covers: every account but `except` (those on a clock of their own, each
 * purged at its own time), or `only` one.
 */
export type AccountScope = { readonly except: readonly number[] } | { readonly only: number };

/** Life-cycle states of a parcel (DESIGN "Operations"): the contract's list (contract/parcel-states.ts). */
export type ParcelState = ParcelStateName;

/** The way of a parcel that is not stopped, in order: `queued` only when the account has late export. */
export const PARCEL_WAY: readonly ParcelState[] = Object.freeze(PARCEL_STATES.slice(0, PARCEL_STATES.indexOf('delivered') + 1));

/** A parcel to store with its order. */
export interface NewParcel {
  readonly parcelLabelNumber: string;
  /** 0-based position in its order. */
  readonly position: number;
  readonly returns: boolean;
  readonly weight: number;
  readonly serviceCode: string;
  /** The parcel as sent (normalised); stored as JSON. */
  readonly data: unknown;
  /** The keys of the references its label prints (parcel-references.ts), for findParcels. */
  readonly references?: readonly string[];
}

/** What an order is: a consignment with labels, a collection request or a pickup order. */
export type OrderType = 'consignment' | 'collection request order' | 'pickup information';

/** An order to store: a consignment with parcels, a pickup order or a collection request. */
export interface NewOrder {
  readonly orderType: OrderType;
  /** MPS id for consignments and pickup orders. */
  readonly mpsId?: string;
  /** Reference returned for collection requests. */
  readonly carrierReference?: string;
  readonly sendingDepot: string;
  readonly product: string;
  /** Shipping day in the service's time zone, YYYYMMDD (consolidation works per day). */
  readonly shipDate: number;
  /** The whole order as sent (normalised); stored as JSON. */
  readonly data: unknown;
  readonly parcels: readonly NewParcel[];
  /** The print options of the request that stored it (reprints use them); undefined for orders without labels. */
  readonly printOptions?: unknown;
  /** Initial state of every parcel: `queued` for a consignment with late export, else `transferred`. */
  readonly parcelState: 'queued' | 'transferred';
  /** When the shipment data expires (28 days after transfer); undefined while queued. */
  readonly expiresAt?: Date;
}

/** A stored parcel as later operations see it. */
/** The recipient's place of a parcel, as its order gave it (tracking's `receiver`). */
export interface RecipientPlace {
  readonly zipCode: string;
  readonly city: string;
  readonly country: string;
}

export interface StoredParcel {
  readonly parcelLabelNumber: string;
  readonly orderId: number;
  /** The type of its order: a collection request's parcels are numbered for the driver, not the caller. */
  readonly orderType: OrderType;
  /** Its order's mpsId (consignments). */
  readonly mpsId?: string;
  /** Its order's product (`B2B`, `CL`, …) and sending depot. */
  readonly product: string;
  readonly sendingDepot: string;
  readonly state: ParcelState;
  readonly shipDate: number;
  readonly createdAt: Date;
  readonly transferredAt?: Date;
  readonly expiresAt?: Date;
}

export interface ShipmentRepository {
  /**
   * Reserves `count` consecutive 10-digit serials durably before returning them: a serial handed
   * out here is never handed out again, whatever happens after (rollback, crash, other processes).
   */
  reserveSerials(count: number): Promise<readonly number[]>;
  /** Stores every order with its parcels in one transaction: all or nothing. */
  saveOrders(accountId: number, orders: readonly NewOrder[], at: Date): Promise<void>;
  /**
   * The caller's parcels among `numbers` (another account's answer as missing), deleted and expired
   * ones included with their state: the domain decides how to answer for them.
   */
  findParcels(accountId: number, numbers: readonly string[]): Promise<StoredParcel[]>;
  /**
   * Moves the caller's parcels among `numbers` whose state is one of `from` to `to`, in one
   * transaction, recording a parcel event each; returns the numbers that moved (a parcel whose
   * state changed meanwhile does not). `transferred` sets transferred_at = `at` and `expiresAt`;
   * `deleted` and `expired` also remove the parcel's data (and its order's, once no parcel of the
   * order keeps data); `consolidated` sets consolidated_at.
   */
  transitionParcels(accountId: number, numbers: readonly string[], change: ParcelTransition): Promise<string[]>;
  /**
   * Closes the caller's day `consolidationDate` (YYYYMMDD): its `transferred` parcels of that ship
   * date become `consolidated` and a consolidation is recorded with them. Idempotent: a second call
   * for the same day returns the recorded consolidation (and closes parcels transferred since).
   * Only parcels whose data has not expired at `at` are closed.
   */
  consolidate(accountId: number, consolidationDate: number, at: Date): Promise<Consolidation>;
  /** Consolidations, newest first, optionally of one account. */
  listConsolidations(accountId?: number): Promise<Consolidation[]>;
  /**
   * Marks every parcel whose data expired at `now` (expires_at ≤ now, not yet deleted or expired) as
   * `expired` and removes its data; returns how many parcels were purged. The `expired` event is
   * dated at the parcel's expiry, not at the purge. Pickup orders, which have no parcels, lose their
   * data 28 days after they were stored. Only the accounts of `scope` (default all).
   */
  purgeExpired(now: Date, scope?: AccountScope): Promise<number>;
  /** The state history of one of the caller's parcels, oldest first (empty when not the caller's). */
  parcelEvents(accountId: number, parcelLabelNumber: string): Promise<ParcelEvent[]>;
  /** Where one of the caller's parcels goes; undefined when not the caller's, or once its data is gone. */
  parcelRecipient(accountId: number, parcelLabelNumber: string): Promise<RecipientPlace | undefined>;
}

/** A state change applied by transitionParcels. */
export interface ParcelTransition {
  readonly from: readonly ParcelState[];
  readonly to: ParcelState;
  readonly at: Date;
  /** New expiry of the data (set with `transferred`). */
  readonly expiresAt?: Date;
}

/** A closed day of one account. */
export interface Consolidation {
  readonly accountId: number;
  readonly consolidationDate: number;
  readonly createdAt: Date;
  readonly parcelLabelNumbers: readonly string[];
}

export interface ParcelEvent {
  readonly state: ParcelState;
  readonly at: Date;
}

/** One stage request kept for metrics, personal fields masked before storage (spec item 6). */
export interface StageRequest {
  readonly at: Date;
  readonly binding: 'rest' | 'soap';
  readonly operation: string;
  readonly delisId?: string;
  /** The first error code of the answer, if any. */
  readonly errorCode?: string;
  /** The masked request body. */
  readonly body: string;
  /** The masked answer (JSON); undefined for calls kept before answers were. */
  readonly answer?: string;
}

export interface StageRequestCount {
  readonly operation: string;
  readonly errorCode: string | null;
  readonly count: number;
}

/** A call as its binding received it, for the stage log. */
export interface StageCall extends Omit<StageRequest, 'body' | 'answer'> {
  /** The request as sent; the stage log masks its personal fields before anything is stored. */
  readonly text: string;
  /**
   * What the call answered, before any wire: the bindings' handler result (its label bytes already
   * left out) and the language of its messages. The stage log writes and masks it off the request path.
   */
  readonly answer?: { readonly result: unknown; readonly language: MessageLanguage };
}

/** What the store holds against one throttling key: recent failed logins and attempts being checked. */
export interface LoginFailures {
  readonly key: string;
  /** Failed logins (an attempt left pending for too long counts as one). */
  readonly count: number;
  /** The latest failure; undefined when only pending attempts are held. */
  readonly last: Date | undefined;
  /** Attempts whose password is being checked now. */
  readonly pending: number;
}

/** A login attempt recorded before its password is checked: one row per throttling key. */
export interface LoginAttempt {
  readonly ids: readonly number[];
}

/**
 * Login attempts, shared by every process on the store (login-throttle.ts applies the rule). Every
 * read takes the attempts since `since`; a pending attempt older than `staleBefore` counts as failed.
 */
export interface LoginFailureRepository {
  /** For each of `keys` with attempts: failures and pending attempts. */
  failuresSince(keys: readonly string[], since: Date, staleBefore: Date): Promise<LoginFailures[]>;
  /**
   * Records a pending attempt for each of `keys` at `at`, and returns it with what was held against the
   * keys before it: the attempts recorded earlier. Of two concurrent attempts, in this process or
   * another, the later one always sees the earlier.
   */
  begin(keys: readonly string[], at: Date, since: Date, staleBefore: Date): Promise<{ attempt: LoginAttempt; before: LoginFailures[] }>;
  /** The attempt's password was wrong: it counts as a failure from now on, as of `at`. */
  fail(attempt: LoginAttempt, at: Date): Promise<void>;
  /** Forgets the attempt (refused before its password was checked). */
  abandon(attempt: LoginAttempt): Promise<void>;
  /** The attempt succeeded: forgets it and the failures of `clearKeys` recorded before it. */
  succeed(attempt: LoginAttempt, clearKeys: readonly string[]): Promise<void>;
  /** Removes attempts older than `before`; returns how many. */
  purgeBefore(before: Date): Promise<number>;
}

/** Degrees of latitude and longitude (WGS 84). */
export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** A search box: latitudes south to north, longitudes west to east (never across the 180° meridian). */
export interface GeoBox {
  readonly minLatitude: number;
  readonly maxLatitude: number;
  readonly minLongitude: number;
  readonly maxLongitude: number;
}

/** How a search narrows the directory besides the box. */
export interface ParcelShopFilter {
  readonly service?: ParcelShopService;
  readonly country?: string;
}

/**
 * The parcel-shop directory (ParcelShopFinderService): one per environment, shared by every account,
 * filled by the operator (`parcel-service shops import`).
 */
export interface ParcelShopDirectory {
  /** Stores `shops` in one transaction, each replacing the entry of its id; `replace` removes every other entry. */
  saveParcelShops(shops: readonly ParcelShopEntryData[], options?: { readonly replace?: boolean }): Promise<void>;
  /** Removes one shop; false when there was none. */
  removeParcelShop(parcelShopId: number): Promise<boolean>;
  /** Every shop by id, optionally of one country. */
  listParcelShops(country?: string): Promise<ParcelShopEntryData[]>;
  /** At most `maxRows` shops inside `box` that pass `filter`. */
  parcelShopsWithin(box: GeoBox, filter: ParcelShopFilter, maxRows: number): Promise<ParcelShopEntryData[]>;
  /**
   * Where `country`'s shops with this postcode key (`zipKey`), postcode key prefix (`zipPrefix`) or
   * city key (`cityKey`) are (parcel-shop-keys.ts makes the keys).
   */
  parcelShopPlaces(
    country: string,
    where: { readonly zipKey?: string; readonly zipPrefix?: string; readonly cityKey?: string },
  ): Promise<GeoPoint[]>;
  /**
   * The postcodes and city names of `country`'s shops whose postcode key starts with `zipPrefix` or whose
   * city key starts with `cityPrefix`, in key order, from at most `maxRows` shops (findCities).
   */
  parcelShopCities(
    country: string,
    where: { readonly zipPrefix?: string; readonly cityPrefix?: string },
    maxRows: number,
  ): Promise<Array<{ readonly zipCode: string; readonly city: string }>>;
  /** Which of `ids` the directory has, each with the services it offers; undefined while the directory is empty. */
  knownParcelShops(ids: readonly number[]): Promise<ReadonlyMap<number, ReadonlySet<ParcelShopService>> | undefined>;
}

/** Renders a label job (labels/render-labels.ts): on the event loop, or on worker threads. */
export interface LabelRenderer {
  render(job: LabelJob, dropOffType?: DropOffType): Promise<RenderedLabels>;
}

/** One answered call, as the operator's metrics count it. */
export interface MeasuredCall {
  readonly binding: 'rest' | 'soap';
  readonly operation: string;
  /** `ok`, or the call's first error code. */
  readonly outcome: string;
  /** From the call's arrival to its answer. */
  readonly seconds: number;
}

/** Counts and times every call for the operator (server/metrics.ts); a no-op without METRICS_PORT. */
export interface CallMetrics {
  observe(call: MeasuredCall): void;
}

/** Where operations drop stage requests; masked and written off the request path, never slowing a request down. */
export interface StageLog {
  record(call: StageCall): void;
}

export interface StageLogRepository {
  /** Stores requests in one transaction. */
  recordMany(requests: readonly StageRequest[]): Promise<void>;
  /** Requests per operation and error code since `since`. */
  counts(since: Date): Promise<StageRequestCount[]>;
  /** Removes requests older than `before`; returns how many. */
  purgeBefore(before: Date): Promise<number>;
  /** The newest requests, newest first (for inspection and tests). */
  latest(limit: number): Promise<StageRequest[]>;
}

/** Which of an account's logged calls findStageRequests asks for: newest first, a page at a time. */
export interface StageRequestQuery {
  /** Only calls of this operation. */
  readonly operation?: string;
  /** Only calls that failed (an error code). */
  readonly failedOnly?: boolean;
  /** Leaves out calls of these operations. */
  readonly excludeOperations?: readonly string[];
  /** Only entries older than this id (the last of the page before). */
  readonly before?: number;
  readonly limit: number;
}

/** A kept stage request with the id it is paged by. */
export interface LoggedStageRequest extends StageRequest {
  readonly id: number;
}

/** Reads an account's own logged calls (ConsoleService findStageRequests). */
export interface StageLogReader {
  /** The account's calls matching `query`, newest first; `more` when older ones match too. */
  findStageRequests(delisId: string, query: StageRequestQuery): Promise<{ requests: LoggedStageRequest[]; more: boolean }>;
}

/** What findParcels asks for: filters and a page, newest first. */
export interface ParcelQuery {
  readonly state?: ParcelState;
  /** Ship dates from and to, YYYYMMDD, both included. */
  readonly shipDateFrom?: number;
  readonly shipDateTo?: number;
  /** Only this parcel label number. */
  readonly parcelLabelNumber?: string;
  /** Only parcels with this reference (its referenceKey). */
  readonly reference?: string;
  /** Only parcels listed after this one (keyset paging). */
  readonly after?: string;
  readonly limit: number;
}

/** A parcel as the console reads it: the stored parcel, its order's fields and documents. */
export interface ParcelRecord extends StoredParcel {
  readonly product: string;
  readonly mpsId?: string;
  /** 0-based position in its order. */
  readonly position: number;
  readonly returns: boolean;
  /** Decagrams. */
  readonly weight: number;
  readonly serviceCode: string;
  /** The order as stored (JSON value); undefined once deleted or expired. */
  readonly order?: unknown;
  /** The print options its labels were made with (JSON value); undefined when stored before they were kept. */
  readonly printOptions?: unknown;
}

/** A parcel of an order, as numbered when stored (reprints number the labels as the first print did). */
export interface OrderParcel {
  readonly parcelLabelNumber: string;
  readonly position: number;
  readonly returns: boolean;
  readonly weight: number;
  readonly serviceCode: string;
}

/** Reads an account's parcels for ConsoleService. A collection request's parcels are never listed. */
export interface ParcelReader {
  /** The account's parcels matching `query`, newest first; `more` when older ones match too. */
  listParcels(accountId: number, query: ParcelQuery): Promise<{ parcels: ParcelRecord[]; more: boolean }>;
  /** One of the account's parcels and every parcel of its order (by position); undefined when not the account's. */
  readParcel(accountId: number, parcelLabelNumber: string): Promise<{ parcel: ParcelRecord; orderParcels: OrderParcel[] } | undefined>;
}

/** Which binding an injected fault waits for: one of them, or either. */
export type FaultBinding = 'REST' | 'SOAP' | 'any';

/** What an injected fault does to the call it meets (SandboxService injectFault): exactly one of these. */
export type FaultBehaviour =
  | { readonly fault: { readonly faultCode: string; readonly message: string } }
  | { readonly authenticationFault: { readonly errorCode: string; readonly errorMessage: string } }
  | { readonly httpStatus: 500 | 502 | 503 | 504 }
  | { readonly delayMs: number }
  | { readonly dropConnection: true };

/** A fault to inject: the calls it waits for, how many of them, and what it does to each. */
export interface NewInjectedFault {
  /** An operation's name, or `*` for every operation but the sandbox's own. */
  readonly operation: string;
  readonly binding: FaultBinding;
  /** How many matching calls it applies to, 1 to 100. */
  readonly count: number;
  readonly behaviour: FaultBehaviour;
}

/** A pending injected fault. */
export interface InjectedFault extends Omit<NewInjectedFault, 'count'> {
  readonly id: number;
  /** How many more matching calls it applies to. */
  readonly remaining: number;
  readonly createdAt: Date;
}

/** What resetAccount removed, by kind. */
export interface AccountReset {
  readonly parcels: number;
  /** Consignments, pickup orders and collection requests. */
  readonly orders: number;
  readonly consolidations: number;
  readonly trackingEvents: number;
  readonly stageRequests: number;
  readonly faults: number;
}

/** How many of an account's parcels are in one state. */
export interface ParcelStateCount {
  readonly state: ParcelState;
  readonly count: number;
}

/**
 * What the sandbox keeps (SandboxService, stage): the accounts' own clocks, their injected faults, and
 * the reset of everything an account stored. Every method acts on one account alone.
 */
export interface SandboxRepository {
  /** Sets the account's clock; undefined puts it back on the real time. */
  setAccountClock(accountId: number, clock: AccountClockSetting | undefined): Promise<void>;
  /** Every account on a clock of its own: the purge judges their data by their own time. */
  listAccountClocks(): Promise<Array<{ readonly accountId: number; readonly clock: AccountClockSetting }>>;
  /**
   * Removes, in one transaction, the account's parcels with their tracking events, its orders (pickup
   * orders and collection requests too), consolidations, stage requests (by `delisId`) and injected
   * faults. The account, its settings, its clock and its tokens stay; no serial is given back.
   */
  resetAccount(accountId: number, delisId: string): Promise<AccountReset>;
  /**
   * The account's parcels per state, in life-cycle order; a parcel whose data expired by `now` (the
   * account's time) counts as expired, purged or not. A collection request's parcels are not counted.
   */
  countParcels(accountId: number, now: Date): Promise<ParcelStateCount[]>;
  /** Adds a fault, created at `at`, unless the account has `max` pending already (undefined then). */
  addInjectedFault(accountId: number, fault: NewInjectedFault, at: Date, max: number): Promise<InjectedFault | undefined>;
  /** The account's pending faults, oldest first; with `id`, that one alone (or none). */
  listInjectedFaults(accountId: number, id?: number): Promise<InjectedFault[]>;
  /** Removes the account's pending faults, or the one of `id`; returns how many. */
  clearInjectedFaults(accountId: number, id?: number): Promise<number>;
  /**
   * Takes one use of the account's oldest pending fault that waits for `operation` over `binding`
   * (removing it with its last use), atomically across processes: of two concurrent calls only one
   * gets a fault's last use. Returns the fault as it was before this use; undefined when none waits.
   */
  takeInjectedFault(accountId: number, operation: string, binding: 'REST' | 'SOAP'): Promise<InjectedFault | undefined>;
}
