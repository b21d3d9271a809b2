// The tables as Kysely sees them. One representation for both databases: instants are epoch
// milliseconds (bigint on PostgreSQL, integer on SQLite), flags are 0/1 integers, documents are JSON text.
import type { Generated } from 'kysely';
import type { MessageLanguage } from '../contract/error-catalogue.ts';
import type { ScenarioName, StatusWordName } from '../contract/parcel-states.ts';
import type { FaultBinding } from '../domain/ports/sandbox-ports.ts';
import type { NotificationStatus } from '../domain/ports/notification-ports.ts';
import type { PushMode, PushState } from '../contract/push-codes.ts';
import type { NewOrder, ParcelState } from '../domain/ports/shipment-ports.ts';

/** Epoch milliseconds (UTC). */
export type EpochMillis = number;
/** 0 = false, 1 = true: the one boolean both databases store alike. */
export type Flag = 0 | 1;

/**
 * A customer account. `late_export` and `pickup_approved` default to 0. The sandbox's columns
 * (SandboxService, stage): the account's own clock — `clock_fixed_at` where it stands still, else the
 * real time plus `clock_offset_ms` (default 0) — and how many injected faults wait (default 0).
 */
export interface AccountsTable {
  id: Generated<number>;
  delis_id: string;
  password_hash: string;
  message_language: MessageLanguage;
  late_export: Flag;
  pickup_approved: Flag;
  created_at: EpochMillis;
  clock_offset_ms: Generated<number>;
  clock_fixed_at: EpochMillis | null;
  pending_faults: Generated<number>;
  /** The scenario parcels stored from then on walk (SandboxService setScenario); null: `delivered`. */
  journey_scenario: ScenarioName | null;
  /** 1 while time moves the account's parcels (SandboxService setJourneyClock); default 0. */
  journeys_running: Generated<Flag>;
  /** Where the journeys' horizon stopped when they were stopped; null while running, or if they never ran. */
  journeys_stopped_at: EpochMillis | null;
  /** 1 when the operator disabled the account (`accounts set --disabled`); default 0. */
  disabled: Generated<Flag>;
  /** Where its pushes go (`accounts set --push-url`, SandboxService setPushUrl); null: it is not pushed to. */
  push_url: string | null;
  /** Its pushes' test mode (SandboxService setPushMode); null: `immediate`. */
  push_mode: PushMode | null;
  /** The account's time when its push URL was set: events before it are not pushed. */
  push_since: EpochMillis | null;
}

/** A fault injected into an account's next calls (SandboxService injectFault). */
export interface InjectedFaultsTable {
  id: Generated<number>;
  account_id: number;
  /** An operation's name, or `*`. */
  operation: string;
  binding: FaultBinding;
  /** Matching calls it still applies to (≥ 1; the row goes with its last use). */
  remaining: number;
  /** What it does (FaultBehaviour), JSON. */
  behaviour: string;
  created_at: EpochMillis;
}

/** The sending depots of an account; `position` keeps the order they were given in. */
export interface AccountDepotsTable {
  account_id: number;
  depot: string;
  position: number;
}

/** Issued login tokens, only as their SHA-256 hash. */
export interface AuthTokensTable {
  id: Generated<number>;
  account_id: number;
  token_hash: string;
  nonce: string;
  issued_at: EpochMillis;
  expires_at: EpochMillis;
}

/** Durable counters; `next_value` is the first value not yet leased to any process. */
export interface SerialCountersTable {
  name: string;
  next_value: number;
}

/** A stored order: consignment, pickup order or collection request. */
export interface OrdersTable {
  id: Generated<number>;
  account_id: number;
  order_type: NewOrder['orderType'];
  mps_id: string | null;
  carrier_reference: string | null;
  sending_depot: string;
  product: string;
  /** YYYYMMDD in the service's time zone. */
  ship_date: number;
  /** The order as sent, JSON; null once no parcel of the order keeps its data. */
  data: string | null;
  created_at: EpochMillis;
  /** The request's print options, JSON (reprints); null for orders without labels and those stored before they were kept. */
  print_options: string | null;
}

/** A parcel and where it is in its life cycle. `data` is cleared (null) on delete and on expiry. */
export interface ParcelsTable {
  id: Generated<number>;
  account_id: number;
  order_id: number;
  parcel_label_number: string;
  position: number;
  returns: Flag;
  weight: number;
  service_code: string;
  state: ParcelState;
  /** YYYYMMDD in the service's time zone. */
  ship_date: number;
  data: string | null;
  created_at: EpochMillis;
  transferred_at: EpochMillis | null;
  expires_at: EpochMillis | null;
  consolidated_at: EpochMillis | null;
  deleted_at: EpochMillis | null;
  /** The consolidation that closed the parcel. */
  consolidation_id: number | null;
  /** How many times events were forced on it (advanceParcel): the version a forced change is checked against. Default 0. */
  journey_forced: Generated<number>;
}

/** A parcel's own scenario, when it is not `delivered` (its account's default when stored, or setScenario). */
export interface ParcelJourneysTable {
  parcel_label_number: string;
  scenario: ScenarioName;
}

/** When a moving parcel's journey next needs a look (migration 029): due_at 0 is at once. */
export interface JourneyDueTable {
  parcel_label_number: string;
  account_id: number;
  due_at: EpochMillis;
}

/** The operator's depot directory (`parcel-service depots import`): one row, id 1, while one is imported. */
export interface DepotDirectoryTable {
  id: number;
  /** Raised by every import. */
  version: number;
  /** The directory, JSON (DepotDirectoryData). */
  data: string;
  imported_at: EpochMillis;
}

/** Every state a parcel entered, and every status word forced on it (advanceParcel), for tracking. */
export interface ParcelEventsTable {
  id: Generated<number>;
  parcel_label_number: string;
  state: ParcelState | StatusWordName;
  at: EpochMillis;
}

/** A closed shipping day of an account (startOrdersConsolidation). */
export interface ConsolidationsTable {
  id: Generated<number>;
  account_id: number;
  /** YYYYMMDD. */
  consolidation_date: number;
  created_at: EpochMillis;
}

/** A request kept on stage for metrics, personal fields masked. */
export interface StageRequestsTable {
  id: Generated<number>;
  at: EpochMillis;
  binding: 'rest' | 'soap';
  operation: string;
  /** Null when the request failed before a delisId was known. */
  delis_id: string | null;
  /** Null when the request succeeded. */
  error_code: string | null;
  body: string;
  /** The masked answer, JSON; null for requests kept before answers were. */
  answer: string | null;
  /** The HTTP status answered; null for requests kept before it was (also the next four). */
  status: number | null;
  /** Milliseconds from the request's arrival to its answer. */
  duration_ms: number | null;
  /** The request id its answer carried (X-Request-Id). */
  request_id: string | null;
  client_address: string | null;
  /** The URL path it was sent to. */
  path: string | null;
  /** 1: refused before or during authentication, kept for the existing account it named, without its text; default 0. */
  refused_before_authentication: Generated<Flag>;
  /** The digests of the references the request carried, between spaces; null for none (and for calls kept before). */
  search_keys: string | null;
}

/** The references a parcel's label prints, lower case, as findParcels matches them; removed with the parcel's data. */
export interface ParcelReferencesTable {
  account_id: number;
  parcel_label_number: string;
  reference: string;
}

/**
 * One login attempt for one throttling key (`id:<delisId>` or `ip:<address>`): a failure, or (`pending`
 * 1) an attempt whose password is being checked. `id` orders the attempts.
 */
/** Facts about the database itself: `environment` = the environment that first used it. */
export interface StoreIdentityTable {
  key: string;
  value: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: EpochMillis;
  pending: Flag;
}

/** What a search of the log finds a call by: the parcel label numbers it names (store/stage-request-numbers.ts). */
export interface StageRequestKeysTable {
  stage_request_id: number;
  delis_id: string;
  search_key: string;
}

/** Refused calls naming an account, counted per UTC day and client address, with the last as an example (store/stage-refusal-rows.ts). */
export interface StageRefusalsTable {
  delis_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** The address as the login throttle keys it (an IPv6 client's /64); `*`: the addresses past the day's bound. */
  client_address: string;
  count: number;
  last_at: EpochMillis;
  binding: 'rest' | 'soap';
  operation: string;
  error_code: string | null;
  status: number | null;
  path: string | null;
}

/** An address an account logged in from, as an HMAC under the server's secret (hex); up to 10 per account. */
export interface KnownLoginAddressesTable {
  account_id: number;
  address_hash: string;
  last_login_at: EpochMillis;
}

/**
 * A shop of the parcel-shop directory. `data` is the entry as imported (JSON); the other columns are
 * what searches select by: upper-case postcode and city keys, coordinates, and a flag per service.
 */
export interface ParcelShopsTable {
  parcel_shop_id: number;
  country: string;
  zip_key: string;
  city_key: string;
  latitude: number;
  longitude: number;
  parcel_shop_delivery: Flag;
  drop_off: Flag;
  returns: Flag;
  data: string;
}

/**
 * A receiver notification (the outbox): one per event, source entry and channel of a parcel, removed
 * with the parcel's data. On live also the queue it is sent from (`status`, `attempts`, `next_attempt_at`).
 */
export interface NotificationsTable {
  id: Generated<number>;
  account_id: number;
  parcel_label_number: string;
  event_key: string;
  event_status: string;
  /** The event's time (the account's clock): when the message was, or would have been, sent. */
  event_at: EpochMillis;
  source: string;
  source_index: number;
  rule: number | null;
  channel: number;
  recipient: string;
  language: string;
  text_language: string;
  topic: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  status: NotificationStatus;
  status_reason: string | null;
  attempts: Generated<number>;
  /** Queued: when the next attempt is due; sending: when the lease of the attempt under way ends. */
  next_attempt_at: EpochMillis | null;
  sent_at: EpochMillis | null;
  message_ref: string;
  created_at: EpochMillis;
}

/** The notification producer's place in parcel_events (`name` 'events'). */
export interface NotificationCursorTable {
  name: string;
  last_event_id: number;
}

/** The whole database. */
/** One push: its pushid is `id`. */
export interface PushesTable {
  id: Generated<number>;
  account_id: number;
  parcel_label_number: string;
  /** `<index>:<status word>` of the event in the parcel's journey. */
  event_key: string;
  code: string;
  /** The account's time of the event. */
  event_at: EpochMillis;
  /** The parameters after pushid, JSON `[[name, value], …]`. */
  parameters: string;
  state: PushState;
  /** Waiting (and while sending): when it is due, the account's time. */
  next_try_at: EpochMillis | null;
  sort_key: Generated<number>;
  sends_left: Generated<number>;
  /** The token of the try under way, and when its lease ends (the real time). */
  lease: string | null;
  lease_until: EpochMillis | null;
  /** Given up: why. */
  reason: string | null;
  created_at: EpochMillis;
}

/** One try of a push. */
export interface PushAttemptsTable {
  id: Generated<number>;
  push_id: number;
  /** The account's time. */
  at: EpochMillis;
  http_status: number | null;
  answer: string;
  duration_ms: number;
  acknowledged: Flag;
}

export interface Database {
  accounts: AccountsTable;
  account_depots: AccountDepotsTable;
  auth_tokens: AuthTokensTable;
  serial_counters: SerialCountersTable;
  orders: OrdersTable;
  parcels: ParcelsTable;
  parcel_events: ParcelEventsTable;
  parcel_references: ParcelReferencesTable;
  consolidations: ConsolidationsTable;
  stage_requests: StageRequestsTable;
  stage_request_keys: StageRequestKeysTable;
  stage_refusals: StageRefusalsTable;
  login_failures: LoginFailuresTable;
  known_login_addresses: KnownLoginAddressesTable;
  parcel_shops: ParcelShopsTable;
  store_identity: StoreIdentityTable;
  injected_faults: InjectedFaultsTable;
  notifications: NotificationsTable;
  notification_cursor: NotificationCursorTable;
  parcel_journeys: ParcelJourneysTable;
  journey_due: JourneyDueTable;
  depot_directory: DepotDirectoryTable;
  pushes: PushesTable;
  push_attempts: PushAttemptsTable;
}
