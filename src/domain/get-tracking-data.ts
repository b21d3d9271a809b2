// ParcelLifeCycleService getTrackingData: where one of the caller's parcels is in its life cycle
// (DESIGN "Parcel states"), from the state history the store keeps for every parcel.
import { formatMessage, type MessageLanguage } from '../contract/error-catalogue.ts';
import type { GetTrackingDataData } from '../contract/resources.ts';
import { fail, succeed, type Outcome, type Session } from './outcome.ts';
import { hasExpired, isCallersParcel } from './parcel-lookup.ts';
import { PARCEL_WAY, type ParcelState } from './ports.ts';
import type { Services } from './services.ts';

/** One step of the parcel's life cycle, reached or still ahead. */
export interface StatusInfo {
  readonly status: ParcelState;
  readonly label: string;
  readonly statusHasBeenReached: boolean;
  readonly isCurrentStatus: boolean;
  /** When the state was reached; undefined for a state still ahead. */
  readonly date?: Date;
}

export interface TrackingResult {
  readonly shipmentInfo: { readonly parcelLabelNumber: string };
  readonly statusInfo: readonly StatusInfo[];
}

/** States that end a parcel's way before delivery. */
const ENDS: ReadonlySet<ParcelState> = new Set(['deleted', 'expired']);

const LABELS: Readonly<Record<ParcelState, Readonly<Record<MessageLanguage, string>>>> = {
  created: { en_US: 'Shipment data created', nl_NL: 'Zendinggegevens aangemaakt' },
  queued: { en_US: 'Shipment data waiting for export', nl_NL: 'Zendinggegevens wachten op export' },
  transferred: { en_US: 'Shipment data transferred to the carrier', nl_NL: 'Zendinggegevens overgedragen aan de vervoerder' },
  consolidated: { en_US: 'Included in the day-end consolidation', nl_NL: 'Opgenomen in de dagafsluiting' },
  collected: { en_US: 'Collected from the sender', nl_NL: 'Opgehaald bij de verzender' },
  in_transit: { en_US: 'In transit', nl_NL: 'Onderweg' },
  out_for_delivery: { en_US: 'Out for delivery', nl_NL: 'Onderweg voor bezorging' },
  delivered: { en_US: 'Delivered', nl_NL: 'Bezorgd' },
  deleted: { en_US: 'Shipment data deleted', nl_NL: 'Zendinggegevens verwijderd' },
  expired: { en_US: 'Shipment data expired', nl_NL: 'Zendinggegevens verlopen' },
};

/**
 * The caller's parcel's states: every state reached, with its time, and — while the parcel is on its
 * way — the states still ahead. A parcel of another account, or of a collection request, answers like
 * an unknown one.
 */
export async function getTrackingData(
  services: Services,
  session: Session,
  request: GetTrackingDataData,
): Promise<Outcome<TrackingResult>> {
  const number = request.parcelLabelNumber;
  const { shipments } = services;
  const [events, [parcel]] = await Promise.all([
    shipments.parcelEvents(session.account.id, number),
    shipments.findParcels(session.account.id, [number]),
  ]);
  if (parcel === undefined || !isCallersParcel(parcel) || events.length === 0) {
    return fail('ERR_INVALID_REQUEST', {
      reason: formatMessage('error_parcel_not_found', session.language, { path: 'parcelLabelNumber', value: number }),
    });
  }
  const history = [...events];
  // Expiry is judged at every lookup: a parcel past it shows `expired` before the purge job records it.
  if (
    parcel.state !== 'deleted' &&
    parcel.expiresAt !== undefined &&
    !events.some((event) => event.state === 'expired') &&
    hasExpired(parcel, session.clock.now())
  ) {
    history.push({ state: 'expired', at: parcel.expiresAt });
  }
  const current = history[history.length - 1];
  const reached = new Map<ParcelState, Date>();
  for (const event of history) if (!reached.has(event.state)) reached.set(event.state, event.at);
  const step = (status: ParcelState): StatusInfo => ({
    status,
    label: LABELS[status][session.language],
    statusHasBeenReached: reached.has(status),
    isCurrentStatus: status === current.state,
    date: reached.get(status),
  });
  const ended = [...reached.keys()].some((state) => ENDS.has(state));
  const statusInfo = ended
    ? [...reached.keys()].map(step)
    : PARCEL_WAY.filter((state) => state !== 'queued' || reached.has(state)).map(step);
  return succeed({ shipmentInfo: { parcelLabelNumber: number }, statusInfo });
}
