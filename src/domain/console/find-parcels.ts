// ConsoleService findParcels: the account's parcels, newest first, a page at a time, narrowed by state,
// ship date and a search for a parcel label number or a reference printed on the label.
import { DEFAULT_PAGE_SIZE, type FindParcelsData } from '../../contract/console-service.ts';
import { PARCEL_STATES } from '../../contract/parcel-states.ts';
import type { OrderData } from '../../contract/shipment-service/shipment-requests.ts';
import { labelReferencesOf } from '../shipment/label-job.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { currentState } from '../core/parcel-history.ts';
import { PARCEL_LABEL_NUMBER } from '../core/parcel-number.ts';
import { referenceKey } from '../shipment/label-references.ts';
import type { ParcelQuery, ParcelRecord } from '../ports/console-ports.ts';
import type { ParcelState } from '../ports/shipment-ports.ts';
import type { Dependencies } from '../dependencies.ts';
import { refuse } from '../core/invalid-request.ts';
import { horizonAt, journeyStates, type JourneyDependencies } from '../parcel-life-cycle/parcel-journey.ts';

/** What findParcels reads: the parcels and, for their journeys, what tracking reads (the CLI's `parcels list` hands in these alone). */
export type FindParcelsDependencies = Pick<Dependencies, 'parcelReader'> & JourneyDependencies;

/** A parcel as the list shows it. */
export interface ParcelSummary {
  readonly parcelLabelNumber: string;
  readonly state: ParcelState;
  readonly shipDate: number;
  readonly createdAt: Date;
  readonly product: string;
  readonly mpsId?: string;
  readonly recipientName?: string;
  readonly recipientCity?: string;
  readonly recipientCountry?: string;
  readonly reference?: readonly string[];
}

export interface FoundParcels {
  readonly parcel: readonly ParcelSummary[];
  readonly more: boolean;
}

/** What the list shows of a parcel, from its row and, while kept, its order's data; `state` when its journey is ahead of its row. */
export function summaryOf(record: ParcelRecord, now: Date, state?: ParcelState): ParcelSummary {
  const order = record.order as OrderData | undefined;
  const recipient = order?.generalShipmentData.recipient;
  return {
    parcelLabelNumber: record.parcelLabelNumber,
    state: state ?? currentState(record, now),
    shipDate: record.shipDate,
    createdAt: record.createdAt,
    product: record.product,
    mpsId: record.mpsId,
    recipientName: recipient?.name1,
    recipientCity: recipient?.city,
    recipientCountry: recipient?.country,
    reference: order === undefined ? undefined : labelReferencesOf(order, order.parcels?.[record.position] ?? {}),
  };
}

const isParcelState = (state: string | undefined): state is ParcelState =>
  (PARCEL_STATES as readonly (string | undefined)[]).includes(state);

export async function findParcels(
  deps: FindParcelsDependencies,
  session: Session,
  request: FindParcelsData,
): Promise<Outcome<FoundParcels>> {
  // Real days: the decoder refused any other (contract/schema/calendar-date.ts).
  const { shipDateFrom, shipDateTo } = request;
  if (shipDateFrom !== undefined && shipDateTo !== undefined && shipDateFrom > shipDateTo) {
    return refuse(session, 'error_date_range', { path: 'shipDateFrom', from: shipDateFrom, to: shipDateTo });
  }
  const now = session.clock.now();
  // While time moves the account's parcels (stage), a parcel on its way may be further than its row says.
  const ahead = await statesAhead(deps, session, now);
  const state = isParcelState(request.state) ? request.state : undefined;
  const query: ParcelQuery = {
    state,
    journeyStates:
      state === undefined || ahead.size === 0
        ? undefined
        : {
            plus: [...ahead].filter(([, moved]) => moved.to === state).map(([number]) => number),
            minus: [...ahead].filter(([, moved]) => moved.from === state).map(([number]) => number),
          },
    shipDateFrom,
    shipDateTo,
    after: request.after,
    limit: request.limit ?? DEFAULT_PAGE_SIZE,
  };
  const search = request.search?.trim() ?? '';
  const accountId = session.account.id;
  let found = await deps.parcelReader.listParcels(
    accountId,
    search === ''
      ? query
      : PARCEL_LABEL_NUMBER.test(search)
        ? { ...query, parcelLabelNumber: search }
        : { ...query, reference: referenceKey(search) },
  );
  // Fourteen digits name a parcel, or else may be a reference of that form.
  if (found.parcels.length === 0 && PARCEL_LABEL_NUMBER.test(search)) {
    found = await deps.parcelReader.listParcels(accountId, { ...query, reference: referenceKey(search) });
  }
  return succeed({
    parcel: found.parcels.map((record) => summaryOf(record, now, ahead.get(record.parcelLabelNumber)?.to)),
    more: found.more,
  });
}

/** The account's parcels whose journey is ahead of their stored state, by number: from and to. */
async function statesAhead(
  deps: FindParcelsDependencies,
  session: Session,
  now: Date,
): Promise<Map<string, { readonly from: ParcelState; readonly to: ParcelState }>> {
  const horizon = horizonAt(session.account.journeyClock, now);
  const ahead = new Map<string, { readonly from: ParcelState; readonly to: ParcelState }>();
  if (horizon === undefined) return ahead;
  const moving = await deps.parcelJourneys.movingParcels(session.account.id, now);
  const states = await journeyStates(deps, moving, horizon);
  for (const parcel of moving) {
    const to = states.get(parcel.parcelLabelNumber);
    if (to !== undefined && to !== parcel.state) ahead.set(parcel.parcelLabelNumber, { from: parcel.state, to });
  }
  return ahead;
}
