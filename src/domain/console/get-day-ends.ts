// ConsoleService getDayEnds: what the console's Day end page shows for a few days — per day and for the
// whole period, the parcels, orders and weight EndOfDayService endOfDay's manifest lists, read through
// the same period and parcel rules (domain/end-of-day), so a count and its manifest never differ — and
// which of the days startOrdersConsolidation closed. The manifest itself is endOfDay's.
import type { GetDayEndsData } from '../../contract/console-service.ts';
import { addDays, zonedFields } from '../../rules/calendar.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { Dependencies } from '../dependencies.ts';
import { periodParcels, readPeriod } from '../end-of-day/end-of-day.ts';
import type { TransferredParcel } from '../ports/end-of-day-ports.ts';

/** What a manifest of some parcels lists: parcels, orders, weighed parcels' decagrams, parcels without a weight. */
export interface DayEndCounts {
  readonly parcels: number;
  readonly orders: number;
  readonly weight: number;
  readonly unweighed: number;
}

/** One day of the period. */
export interface DayEndView extends DayEndCounts {
  readonly date: number;
  readonly closedAt?: Date;
  readonly closedParcels?: number;
}

function countsOf(parcels: readonly TransferredParcel[]): DayEndCounts {
  return {
    parcels: parcels.length,
    orders: new Set(parcels.map((parcel) => parcel.orderId)).size,
    weight: parcels.reduce((sum, parcel) => sum + (parcel.weight ?? 0), 0),
    unweighed: parcels.filter((parcel) => parcel.weight === undefined).length,
  };
}

/** YYYYMMDD of an instant in `timeZone`. */
function dayOf(instant: Date, timeZone: string): number {
  const fields = zonedFields(instant, timeZone);
  return fields.year * 10000 + fields.month * 100 + fields.day;
}

export async function getDayEnds(
  deps: Dependencies,
  session: Session,
  request: GetDayEndsData,
): Promise<Outcome<DayEndCounts & { day: DayEndView[] }>> {
  const { timeZone } = deps.settings;
  const { dateFrom, dateTo } = request.period;
  // Whole days: from the first day's midnight up to the last day's 24:00, as a manifest's period.
  const read = readPeriod(session, { dateFrom, timeFrom: 0, dateTo, timeTo: 2400 }, timeZone);
  if (!read.ok) return read;
  const parcels = await periodParcels(deps, session, read.value);
  if (!parcels.ok) return parcels;
  const closed = new Map(
    (await deps.shipments.listConsolidations(session.account.id))
      .filter((consolidation) => consolidation.consolidationDate >= dateFrom && consolidation.consolidationDate <= dateTo)
      .map((consolidation) => [consolidation.consolidationDate, consolidation] as const),
  );
  const day: DayEndView[] = [];
  for (let date = dateFrom; date <= dateTo; date = addDays(date, 1)) {
    const consolidation = closed.get(date);
    day.push({
      date,
      ...countsOf(parcels.value.filter((parcel) => dayOf(parcel.transferredAt, timeZone) === date)),
      ...(consolidation === undefined ? {} : { closedAt: consolidation.createdAt, closedParcels: consolidation.parcelLabelNumbers.length }),
    });
  }
  return succeed({ ...countsOf(parcels.value), day });
}
