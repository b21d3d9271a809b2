// ShipmentService startOrdersConsolidation: closes the caller's day (consolidationDate YYYYMMDD).
import type { StartOrdersConsolidationData } from '../contract/resources.ts';
import { dateInZone, readDate } from '../rules/calendar.ts';
import { fail, succeed, type Outcome, type Session } from './outcome.ts';
import type { Services } from './services.ts';
import { formatMessage } from '../contract/error-catalogue.ts';

export async function startOrdersConsolidation(
  services: Services,
  session: Session,
  request: StartOrdersConsolidationData,
): Promise<Outcome<{ success: boolean }>> {
  const date = request.consolidationDate;
  if (readDate(date) === undefined) {
    return fail('ERR_INVALID_REQUEST', {
      reason: formatMessage('error_invalid_date', session.language, { path: 'consolidationDate', value: date }),
    });
  }
  const now = session.clock.now();
  // A day that has not begun has no parcels yet; recording it closed would be a mistake of the caller's.
  const today = dateInZone(now, services.settings.timeZone);
  if (date > today) {
    return fail('ERR_INVALID_REQUEST', {
      reason: formatMessage('error_consolidation_date_in_future', session.language, { path: 'consolidationDate', value: date, today }),
    });
  }
  await services.shipments.consolidate(session.account.id, date, now);
  return succeed({ success: true });
}
