// ShipmentService startOrdersConsolidation: closes the caller's day (consolidationDate YYYYMMDD).
import type { StartOrdersConsolidationData } from '../../contract/shipment-service/shipment-requests.ts';
import { dateInZone } from '../../rules/calendar.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { Dependencies, DomainSettings } from '../dependencies.ts';
import { refuse } from '../core/invalid-request.ts';

/** What the operation reads (the CLI's `consolidate` hands in these alone). */
export type ConsolidationDependencies = Pick<Dependencies, 'shipments'> & { readonly settings: Pick<DomainSettings, 'timeZone'> };

export async function startOrdersConsolidation(
  deps: ConsolidationDependencies,
  session: Session,
  request: StartOrdersConsolidationData,
): Promise<Outcome<{ success: boolean }>> {
  // A real day: the decoder refused any other (contract/schema/calendar-date.ts).
  const date = request.consolidationDate;
  const now = session.clock.now();
  // A day that has not begun has no parcels yet; recording it closed would be a mistake of the caller's.
  const today = dateInZone(now, deps.settings.timeZone);
  if (date > today) {
    return refuse(session, 'error_consolidation_date_in_future', { path: 'consolidationDate', value: date, today });
  }
  await deps.shipments.consolidate(session.account.id, date, now);
  return succeed({ success: true });
}
