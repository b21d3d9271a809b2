// The carrier's Tracking Push Service as its receivers read it (README "Tracking push"): the 13 status
// codes a push carries, the test modes a stage account can push in, and the states a push is in. A
// file of its own, importing nothing, so that the web console's bundle can take the lists too.

/** The `status` of a push, in the order a parcel's way meets them. */
export const PUSH_CODES = Object.freeze([
  'start_order',
  'pickup_driver',
  'pickup_depot',
  'delivery_depot',
  'delivery_carload',
  'delivery_nab',
  'delivery_notification',
  'delivery_customer',
  'delivery_shop',
  'pickup_by_consignee',
  'no_pickup_by_consignee',
  'error_pickup',
  'error_return',
] as const);

export type PushCode = (typeof PUSH_CODES)[number];

/** The codes that say who took the parcel (`receiver`) and carry a proof of delivery (`pod`). */
export const DELIVERY_CODES: ReadonlySet<PushCode> = new Set<PushCode>(['delivery_customer', 'delivery_shop', 'pickup_by_consignee']);

/**
 * How a stage account's pushes leave (SandboxService setPushMode): `immediate` as soon as the event
 * happens; `batched` gathered and sent every 15 minutes of the account's clock, as the carrier does;
 * `shuffled` batched and out of order within a batch; `duplicated` every push sent twice, same pushid.
 */
export const PUSH_MODES = Object.freeze(['immediate', 'batched', 'shuffled', 'duplicated'] as const);

export type PushMode = (typeof PUSH_MODES)[number];

/** Where a push stands: waiting for its next try, being sent (leased to one process), delivered, given up. */
export const PUSH_STATES = Object.freeze(['waiting', 'sending', 'delivered', 'given_up'] as const);

export type PushState = (typeof PUSH_STATES)[number];

/** The headers of every push's GET (the console's "copy as curl" sends the same). */
export const PUSH_REQUEST_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'user-agent': 'parcel-service tracking push',
  accept: 'application/xml, text/xml, */*',
});
