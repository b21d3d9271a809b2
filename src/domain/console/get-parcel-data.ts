// ConsoleService getParcelData: one of the account's parcels as the console's parcel page shows it: the
// parcel, its order as stored, the print options of its label, every state it entered, and its
// tracking's events with where they happened (its journey as far as the account's horizon).
import type { GetParcelDataData } from '../../contract/console-service.ts';
import type { OrderData, PrintOptionsData } from '../../contract/shipment-service/shipment-requests.ts';
import { DEFAULT_PRINT_OPTIONS } from '../shipment/label-job.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { currentState, parcelHistory } from '../core/parcel-history.ts';
import type { ParcelEvent, ParcelState } from '../ports/shipment-ports.ts';
import type { Dependencies } from '../dependencies.ts';
import { refuse } from '../core/invalid-request.ts';
import { locationText, type StatusWord } from '../parcel-life-cycle/journey-event.ts';
import { horizonAt, journeyState, readParcelJourney, type JourneyDependencies } from '../parcel-life-cycle/parcel-journey.ts';
import { eventTexts } from '../parcel-life-cycle/tracking-texts.ts';

/** One event of the parcel's tracking. */
export interface TrackingEventView {
  readonly status: StatusWord;
  readonly label: string;
  readonly description: string;
  readonly location: string;
  readonly at: Date;
}

/** One parcel with its order and history. */
export interface ParcelDetails {
  readonly parcelLabelNumber: string;
  readonly state: ParcelState;
  readonly shipDate: number;
  readonly createdAt: Date;
  readonly mpsId?: string;
  readonly sequence: number;
  readonly parcelCount: number;
  readonly serviceCode: string;
  /** Decagrams; undefined for a parcel sent without one (ShipmentService 3.3). */
  readonly weight?: number;
  readonly returns: boolean;
  readonly expiresAt?: Date;
  readonly printOptions: PrintOptionsData;
  readonly order?: OrderData;
  readonly event: readonly ParcelEvent[];
  readonly trackingEvent: readonly TrackingEventView[];
}

/** What getParcelData reads (the CLI's `parcels show` hands in these alone). */
export type GetParcelDataDependencies = Pick<Dependencies, 'parcelReader' | 'shipments'> & JourneyDependencies;

export async function getParcelData(
  deps: GetParcelDataDependencies,
  session: Session,
  request: GetParcelDataData,
): Promise<Outcome<{ parcel: ParcelDetails }>> {
  const number = request.parcelLabelNumber;
  const accountId = session.account.id;
  const now = session.clock.now();
  const [found, events, journey] = await Promise.all([
    deps.parcelReader.readParcel(accountId, number),
    deps.shipments.parcelEvents(accountId, number),
    readParcelJourney(deps, accountId, number, now, horizonAt(session.account.journeyClock, now)),
  ]);
  if (found === undefined || journey === undefined)
    return refuse(session, 'error_parcel_not_found', { path: 'parcelLabelNumber', value: number });
  const { parcel, orderParcels } = found;
  const stored = currentState(parcel, now);
  return succeed({
    parcel: {
      parcelLabelNumber: number,
      state: stored === 'expired' ? stored : journeyState({ state: stored }, journey.visible),
      shipDate: parcel.shipDate,
      createdAt: parcel.createdAt,
      mpsId: parcel.mpsId,
      sequence: parcel.position + 1,
      parcelCount: orderParcels.length,
      serviceCode: parcel.serviceCode,
      weight: parcel.weight,
      returns: parcel.returns,
      expiresAt: parcel.expiresAt,
      printOptions: (parcel.printOptions as PrintOptionsData | undefined) ?? DEFAULT_PRINT_OPTIONS,
      order: parcel.order as OrderData | undefined,
      event: parcelHistory(parcel, events, now),
      trackingEvent: journey.visible.map((event) => ({
        status: event.status,
        ...eventTexts(event, session.language),
        location: locationText(event.place),
        at: event.at,
      })),
    },
  });
}
