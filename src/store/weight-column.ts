// A parcel's weight column. ShipmentService 3.3 takes parcels without a weight (its schema makes
// `weight` optional, and 3.5's rules ask for at least 1 decagram): such a parcel is stored with 0, so
// the column stays NOT NULL on both databases and no sent weight is ever mistaken for it.

/** The stored weight of a parcel sent without one. */
export const NOT_WEIGHED = 0;

/** The column value of a parcel's weight (decagrams), or of none. */
export function toWeightColumn(weight: number | undefined): number {
  return weight ?? NOT_WEIGHED;
}

/** A stored weight as the domain reads it: undefined for a parcel sent without one. */
export function fromWeightColumn(value: number): number | undefined {
  return value === NOT_WEIGHED ? undefined : value;
}
