// Moves consolidated parcels along the carrier's side of the life cycle (collected → in_transit →
// out_for_delivery → delivered). No operation of the interface does this — the carrier's network
// does — so the operator command `parcel-service parcels advance` stands in for it, and tracking
// shows every state an integrator's code must handle.
import type { ParcelState, ShipmentRepository } from './ports.ts';

/** The carrier's states after the day is closed, in order. */
export const CARRIER_STATES = Object.freeze(['consolidated', 'collected', 'in_transit', 'out_for_delivery', 'delivered'] as const);

export type CarrierState = Exclude<(typeof CARRIER_STATES)[number], 'consolidated'>;

export const ADVANCE_TARGETS: readonly CarrierState[] = Object.freeze(CARRIER_STATES.slice(1) as CarrierState[]);

/** What became of one number: the states it went through, or why it stayed. */
export type Advanced =
  | { readonly parcelLabelNumber: string; readonly from: ParcelState; readonly to: CarrierState }
  | { readonly parcelLabelNumber: string; readonly refused: 'unknown' | 'not_consolidated' | 'already_there'; readonly state?: ParcelState };

/**
 * Advances the account's parcels `numbers` to `to`, one recorded state at a time (a parcel taken to
 * `delivered` from `consolidated` passes `collected`, `in_transit` and `out_for_delivery`, each
 * recorded at `at`). A parcel not yet consolidated, deleted, expired, or already at or past `to`
 * stays as it is.
 */
export async function advanceParcels(shipments: ShipmentRepository, accountId: number, numbers: readonly string[], to: CarrierState, at: Date): Promise<Advanced[]> {
  const found = new Map((await shipments.findParcels(accountId, numbers)).map((parcel) => [parcel.parcelLabelNumber, parcel]));
  const target = CARRIER_STATES.indexOf(to);
  const results: Advanced[] = [];
  const moving: string[] = [];
  for (const parcelLabelNumber of new Set(numbers)) {
    const parcel = found.get(parcelLabelNumber);
    if (parcel === undefined) {
      results.push({ parcelLabelNumber, refused: 'unknown' });
      continue;
    }
    const position = (CARRIER_STATES as readonly ParcelState[]).indexOf(parcel.state);
    if (position < 0) results.push({ parcelLabelNumber, refused: 'not_consolidated', state: parcel.state });
    else if (position >= target) results.push({ parcelLabelNumber, refused: 'already_there', state: parcel.state });
    else {
      results.push({ parcelLabelNumber, from: parcel.state, to });
      moving.push(parcelLabelNumber);
    }
  }
  // Step by step: each parcel joins at the step after its own state, so every state is recorded once.
  for (let step = 1; step <= target; step++) {
    const stepping = moving.filter((number) => (CARRIER_STATES as readonly ParcelState[]).indexOf(found.get(number)!.state) < step);
    if (stepping.length > 0) await shipments.transitionParcels(accountId, stepping, { from: [CARRIER_STATES[step - 1]], to: CARRIER_STATES[step], at });
  }
  return results;
}
