// The orders and parcels ShipmentService stores and later operations read and move on: what is saved,
// what is read back, and the state changes of a parcel's life cycle.
import { PARCEL_STATES, type ParcelStateName, type ScenarioName } from '../../contract/parcel-states.ts';
import type { AccountScope } from './account-ports.ts';

/** Life-cycle states of a parcel (docs/decisions.md "Operations"): the contract's list (contract/parcel-states.ts). */
export type ParcelState = ParcelStateName;

/** The way of a parcel that is not stopped, in order: `queued` only when the account has late export. */
export const PARCEL_WAY: readonly ParcelState[] = Object.freeze(PARCEL_STATES.slice(0, PARCEL_STATES.indexOf('delivered') + 1));

/** A parcel to store with its order. */
export interface NewParcel {
  readonly parcelLabelNumber: string;
  /** 0-based position in its order. */
  readonly position: number;
  readonly returns: boolean;
  /** Decagrams; undefined for a parcel sent without one (ShipmentService 3.3). */
  readonly weight?: number;
  readonly serviceCode: string;
  /** The parcel as sent (normalised); stored as JSON. */
  readonly data: unknown;
  /** The keys of the references its label prints (parcel-references.ts), for findParcels. */
  readonly references?: readonly string[];
  /** Its own scenario, when a magic value chose one (stage; rules/sandbox-magic.ts); else its order's. */
  readonly scenario?: ScenarioName;
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
  /** The scenario its parcels walk (its account's default on stage); undefined: `delivered`. */
  readonly scenario?: ScenarioName;
}

/** The recipient's place of a parcel, as its order gave it (tracking's `receiver`). */
export interface RecipientPlace {
  readonly zipCode: string;
  readonly city: string;
  readonly country: string;
}

/** A stored parcel as later operations see it. */
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
