// Moves consolidated parcels along the carrier's side of the life cycle (collected → in_transit →
// out_for_delivery → delivered). No operation of the interface does this — the carrier's network
// does — so the operator command `parcel-service parcels advance` stands in for it, and tracking
// shows every state an integrator's code must handle.
import { hasExpired } from '../core/parcel-lookup.ts';
import { PARCEL_WAY, type ParcelState, type ShipmentRepository } from '../ports/shipment-ports.ts';

/** The carrier's states from the closed day on, in order: the tail of the parcel's way. */
const CARRIER_STATES: readonly ParcelState[] = PARCEL_WAY.slice(PARCEL_WAY.indexOf('consolidated'));

export type CarrierState = 'collected' | 'in_transit' | 'out_for_delivery' | 'delivered';

export const ADVANCE_TARGETS = Object.freeze(CARRIER_STATES.slice(1) as CarrierState[]);

/** Where `state` stands among the carrier's states (-1 before consolidation or off the way). */
const stepOf = (state: ParcelState) => CARRIER_STATES.indexOf(state);

/** What became of one number: the states it went through, or why it stayed. */
export type Advanced =
  | { readonly parcelLabelNumber: string; readonly from: ParcelState; readonly to: CarrierState }
  | {
      readonly parcelLabelNumber: string;
      readonly refused: 'unknown' | 'deleted' | 'expired' | 'not_consolidated' | 'already_there';
      readonly state?: ParcelState;
    };

/**
 * Advances the account's parcels `numbers` to `to`, one recorded state at a time (a parcel taken to
 * `delivered` from `consolidated` passes `collected`, `in_transit` and `out_for_delivery`, each
 * recorded at `at`). A parcel not yet consolidated, deleted, expired, or already at or past `to`
 * stays as it is. Expiry is judged at `at`, purged or not (spec "States and transitions": after its
 * 28 days the data can no longer be matched to a parcel number).
 */
export async function advanceParcels(
  shipments: ShipmentRepository,
  accountId: number,
  numbers: readonly string[],
  to: CarrierState,
  at: Date,
): Promise<Advanced[]> {
  const found = new Map((await shipments.findParcels(accountId, numbers)).map((parcel) => [parcel.parcelLabelNumber, parcel]));
  const target = stepOf(to);
  const results: Advanced[] = [];
  const moving: Array<{ readonly parcelLabelNumber: string; readonly position: number }> = [];
  for (const parcelLabelNumber of new Set(numbers)) {
    const parcel = found.get(parcelLabelNumber);
    if (parcel === undefined) {
      results.push({ parcelLabelNumber, refused: 'unknown' });
      continue;
    }
    const position = stepOf(parcel.state);
    // The ends first: a deleted or expired parcel goes nowhere, and "not consolidated" would send the
    // operator to close a day that cannot take it.
    if (parcel.state === 'deleted') results.push({ parcelLabelNumber, refused: 'deleted', state: parcel.state });
    else if (hasExpired(parcel, at)) results.push({ parcelLabelNumber, refused: 'expired', state: parcel.state });
    else if (position < 0) results.push({ parcelLabelNumber, refused: 'not_consolidated', state: parcel.state });
    else if (position >= target) results.push({ parcelLabelNumber, refused: 'already_there', state: parcel.state });
    else {
      results.push({ parcelLabelNumber, from: parcel.state, to });
      moving.push({ parcelLabelNumber, position });
    }
  }
  // Step by step: each parcel joins at the step after its own state, so every state is recorded once.
  for (let step = 1; step <= target; step++) {
    const stepping = moving.filter((parcel) => parcel.position < step).map((parcel) => parcel.parcelLabelNumber);
    if (stepping.length > 0)
      await shipments.transitionParcels(accountId, stepping, { from: [CARRIER_STATES[step - 1]], to: CARRIER_STATES[step], at });
  }
  return results;
}
