// The states a parcel can be in (DESIGN "Operations"), in the order of its way, the two ends last. A
// file of its own, importing nothing, so that the web console's bundle can take the list too.

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
  'deleted',
  'expired',
] as const);

export type ParcelStateName = (typeof PARCEL_STATES)[number];
