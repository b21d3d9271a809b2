// The states a parcel can be in (DESIGN "Operations"), in the order of its way, the two ends last, and
// those SandboxService advanceParcel moves a parcel to. A file of its own, importing nothing, so that
// the web console's bundle can take the lists too.

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

/** The states advanceParcel moves a consolidated parcel to (what `parcel-service parcels advance` takes). */
export const ADVANCE_STATES = Object.freeze([
  'collected',
  'in_transit',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly ParcelStateName[]);
