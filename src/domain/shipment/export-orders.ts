// ShipmentService exportOrders: transfers the queued data of a late-export account, parcel by
// parcel, and starts each parcel's 28 days (spec "exportOrders rules", "Late export"). Parcels still
// queued when the operator ends late export can be exported after it.
import { formatMessage } from '../../contract/error-catalogue.ts';
import type { ExportOrdersData } from '../../contract/shipment-service/shipment-requests.ts';
import type { Session } from '../core/outcome.ts';
import { SHIPMENT_DATA_VALIDITY_MS } from '../core/parcel-number.ts';
import { lookUpParcels } from '../core/parcel-lookup.ts';
import type { Dependencies } from '../dependencies.ts';

export interface ExportOrderResult {
  readonly success: boolean;
  readonly message?: string;
  readonly parcelLabelNumber: readonly string[];
}

export interface ExportOrdersResult {
  /** True only when every requested number was transferred. */
  readonly success: boolean;
  readonly orderResult: readonly ExportOrderResult[];
}

export async function exportOrders(deps: Dependencies, session: Session, request: ExportOrdersData): Promise<ExportOrdersResult> {
  const { account, language } = session;
  const numbers = request.parcelLabelNumber;
  const failed = (
    index: number,
    number: string,
    code: Parameters<typeof formatMessage>[0],
    params: Record<string, string> = {},
  ): ExportOrderResult => ({
    success: false,
    message: formatMessage(code, language, { path: `parcelLabelNumber[${index}]`, value: number, ...params }),
    parcelLabelNumber: [number],
  });
  const now = session.clock.now();
  const lookedUp = await lookUpParcels(deps.shipments, session, numbers);
  const queued = lookedUp.flatMap((entry) => ('parcel' in entry && entry.parcel.state === 'queued' ? [entry.number] : []));
  const moved = new Set(
    queued.length === 0
      ? []
      : await deps.shipments.transitionParcels(account.id, [...new Set(queued)], {
          from: ['queued'],
          to: 'transferred',
          at: now,
          expiresAt: new Date(now.getTime() + SHIPMENT_DATA_VALIDITY_MS),
        }),
  );
  // A queued parcel not moved was changed by another request meanwhile (deleted, or exported by a
  // concurrent exportOrders): it is answered for what it is now, not for what the lookup found.
  const changed = [...new Set(queued.filter((number) => !moved.has(number)))];
  const current = new Map(
    changed.length === 0 ? [] : (await lookUpParcels(deps.shipments, session, changed)).map((entry) => [entry.number, entry]),
  );
  // A number listed twice is transferred by its first entry; the second finds it transferred.
  const transferredHere = new Set<string>();
  const orderResult = lookedUp.map((found, i): ExportOrderResult => {
    const entry = current.get(found.number) ?? found;
    if (moved.has(entry.number) && !transferredHere.has(entry.number)) {
      transferredHere.add(entry.number);
      return { success: true, parcelLabelNumber: [entry.number] };
    }
    // Parcels queued while late export was active are still exported after the operator ends it;
    // anything else is answered for what the account can do now.
    if (!account.lateExport) return failed(i, entry.number, 'error_late_export_not_active');
    if ('problem' in entry) return failed(i, entry.number, entry.problem);
    return failed(i, entry.number, 'error_parcel_already_transferred');
  });
  return { success: orderResult.every((r) => r.success), orderResult };
}
