// ShipmentService deleteOrders: deletes the caller's parcels that are not yet consolidated or
// collected; a deleted number is never issued again and its data is gone (docs/decisions.md "Operations").
import type { DeleteOrdersData } from '../../contract/shipment-service/shipment-requests.ts';
import type { Session } from '../core/outcome.ts';
import { lookUpParcels } from '../core/parcel-lookup.ts';
import type { ParcelState } from '../ports/shipment-ports.ts';
import type { Dependencies } from '../dependencies.ts';

/** States from which a parcel may still be deleted. */
export const DELETABLE_STATES: readonly ParcelState[] = Object.freeze(['created', 'queued', 'transferred']);

export interface DeleteOrdersResult {
  readonly success: boolean;
  readonly orderResult: ReadonlyArray<{ readonly success: boolean }>;
}

export async function deleteOrders(deps: Dependencies, session: Session, request: DeleteOrdersData): Promise<DeleteOrdersResult> {
  const { account } = session;
  const lookedUp = await lookUpParcels(deps.shipments, session, request.parcelLabelNumber);
  const deletable = [...new Set(lookedUp.flatMap((e) => ('parcel' in e && DELETABLE_STATES.includes(e.parcel.state) ? [e.number] : [])))];
  const deleted = new Set(
    deletable.length === 0
      ? []
      : await deps.shipments.transitionParcels(account.id, deletable, {
          from: DELETABLE_STATES,
          to: 'deleted',
          at: session.clock.now(),
        }),
  );
  const deletedHere = new Set<string>();
  const orderResult = lookedUp.map((entry) => {
    const success = deleted.has(entry.number) && !deletedHere.has(entry.number);
    if (success) deletedHere.add(entry.number);
    return { success };
  });
  return { success: orderResult.every((r) => r.success), orderResult };
}
