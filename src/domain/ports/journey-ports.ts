// What a parcel's journey is computed from (domain/parcel-life-cycle/plan-journey.ts): the parcel's
// stored facts, the order's places and options, its scenario and the events recorded for it; and the
// few writes the journeys need (a parcel's scenario, events forced by advanceParcel).
import type { ScenarioName } from '../../contract/parcel-states.ts';
import type { OrderType, ParcelState } from './shipment-ports.ts';

export type { JourneyClock } from './clock-ports.ts';

/** An address's place as a journey reads it. */
export interface JourneyAddress {
  readonly zipCode: string;
  readonly city: string;
  readonly country: string;
}

/** What a journey reads of a parcel's order while its data is kept. */
export interface JourneyOrder {
  readonly sender: JourneyAddress;
  readonly recipient: JourneyAddress;
  /** The recipient's address type: `P` private, `B` business. */
  readonly recipientType?: string;
  readonly saturdayDelivery: boolean;
  /** The shop of a PSD order (`parcelShopDelivery.parcelShopId`). */
  readonly parcelShopId?: number;
}

/** An event the store recorded for a parcel: a state it entered, or a status word advanceParcel forced. */
export interface RecordedEvent {
  /** A ParcelState (`transferred`, `collected`, …) or a status word (`PickedUp`, …). */
  readonly status: string;
  readonly at: Date;
}

/** A stored parcel with everything its journey is computed from. */
export interface JourneyParcel {
  readonly parcelLabelNumber: string;
  readonly orderType: OrderType;
  /** Its order's mpsId (consignments). */
  readonly mpsId?: string;
  readonly state: ParcelState;
  readonly product: string;
  readonly sendingDepot: string;
  readonly returns: boolean;
  /** The parcel's scenario as set (setScenario, or its account's default when stored); undefined: `delivered`. */
  readonly scenario?: ScenarioName;
  /** YYYYMMDD in the service's time zone. */
  readonly shipDate: number;
  readonly createdAt: Date;
  readonly transferredAt?: Date;
  readonly consolidatedAt?: Date;
  readonly expiresAt?: Date;
  /** The order's places and options; undefined once the data is gone (deleted, expired). */
  readonly order?: JourneyOrder;
  /** Every event recorded for the parcel, oldest first. */
  readonly recorded: readonly RecordedEvent[];
  /** How many times events were forced on it: what a forced change checks nobody changed meanwhile. */
  readonly forcedCount: number;
}

/** The parcels' journeys as the store keeps what they are computed from. */
export interface JourneyRepository {
  /** One of the account's parcels with its journey's inputs; undefined when not the account's. */
  journeyParcel(accountId: number, parcelLabelNumber: string): Promise<JourneyParcel | undefined>;
  /** Those of the parcels that are the account's, with their journeys' inputs (a notification round's slice). */
  journeyParcels(accountId: number, parcelLabelNumbers: readonly string[]): Promise<JourneyParcel[]>;
  /**
   * The account's parcels on their way at `now` (consolidated to out_for_delivery, data not expired),
   * each with its journey's inputs: the only parcels whose state time moves while journeys run.
   */
  movingParcels(accountId: number, now: Date): Promise<JourneyParcel[]>;
  /**
   * Up to `limit` of the account's parcels on their way at `now` whose journey falls due by `horizon`
   * (the instant its next planned event happens, or at once after an event was recorded or its
   * scenario set), earliest first; `more` when there may be others. Read through an index on the
   * account and the instant: in proportion to the parcels falling due, not to those on their way.
   */
  parcelsFallingDue(accountId: number, horizon: Date, now: Date, limit: number): Promise<{ numbers: string[]; more: boolean }>;
  /** Notes when each parcel's journey next falls due: its next planned event; none when it plans no more. */
  setNextDue(accountId: number, due: ReadonlyArray<{ readonly parcelLabelNumber: string; readonly next?: Date }>): Promise<void>;
  /** Sets one of the account's parcels' scenario; false when the parcel is not the account's. */
  setParcelScenario(accountId: number, parcelLabelNumber: string, scenario: ScenarioName): Promise<boolean>;
  /**
   * Records events forced on one of the account's parcels (SandboxService advanceParcel, `parcels
   * advance`) and sets its state to `state`, in one transaction, unless events were forced on it since
   * it was read with `forcedCount` (another call moved it meanwhile): then nothing is written and false
   * is answered.
   */
  recordJourneyEvents(
    accountId: number,
    parcelLabelNumber: string,
    events: readonly RecordedEvent[],
    change: { readonly forcedCount: number; readonly state: ParcelState },
  ): Promise<boolean>;
}
