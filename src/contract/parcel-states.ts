// The states a parcel can be in (docs/decisions.md "Operations"), in the order of its way, the ends last; the
// carrier's status words its tracking answers in and the scenarios a parcel's journey follows on stage
// (README "Parcel life cycle", "Testing your integration"); and what SandboxService advanceParcel
// moves a parcel to. A file of its own, importing nothing, so that the web console's bundle can take
// the lists too.

/** Every parcel state: findParcels filters and answers them, the console names them. */
export const PARCEL_STATES = Object.freeze([
  'created',
  'queued',
  'transferred',
  'consolidated',
  'collected',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'returned',
  'lost',
  'deleted',
  'expired',
] as const);

export type ParcelStateName = (typeof PARCEL_STATES)[number];

/**
 * The carrier's status words (`statusInfo/status`), in the order a journey meets them. The eight
 * SEEN_STATUS_WORDS are the words the carrier's recorded traffic shows; the
 * others are ours, in the same style, for events that traffic does not show (docs/decisions.md).
 */
export const STATUS_WORDS = Object.freeze([
  'DataReceived',
  'PickupFailure',
  'PickedUp',
  'BetweenDepots',
  'Depot',
  'Courier',
  'DeliveryFailure',
  'ReturningFromDelivery',
  'ParcelShop',
  'Delivered',
  'ReturningToSender',
  'ReturnedToSender',
  'CustomsHold',
  'CustomsCleared',
  'Damaged',
  'Investigation',
  'Lost',
] as const);

export type StatusWordName = (typeof STATUS_WORDS)[number];

/** The words of the carrier's recorded tracking traffic (ParcelLifeCycleService 2.0). */
export const SEEN_STATUS_WORDS = Object.freeze([
  'PickedUp',
  'BetweenDepots',
  'Depot',
  'Courier',
  'DeliveryFailure',
  'ReturningFromDelivery',
  'ParcelShop',
  'Delivered',
] as const satisfies readonly StatusWordName[]);

/**
 * The journeys a parcel can walk (SandboxService setScenario); `delivered` is every parcel's unless
 * its account or the parcel was given another.
 */
export const SCENARIOS = Object.freeze([
  'delivered',
  'not_home_then_delivered',
  'not_home_to_parcel_shop',
  'refused_returned',
  'parcel_shop_delivery',
  'lost',
  'customs_hold',
  'damaged',
  'no_pickup_by_consignee',
  'error_pickup',
] as const);

export type ScenarioName = (typeof SCENARIOS)[number];

/**
 * The states advanceParcel took before it took status words (and `parcel-service parcels advance`
 * still takes): each stands for the first event of its kind on the parcel's journey.
 */
export const ADVANCE_STATES = Object.freeze([
  'collected',
  'in_transit',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly ParcelStateName[]);

/** What advanceParcel moves a parcel to: a status word of its journey, or one of the older states. */
export const ADVANCE_TARGETS: readonly string[] = Object.freeze([...STATUS_WORDS.slice(1), ...ADVANCE_STATES]);
