// ParcelLifeCycleService getTrackingData: where one of the caller's parcels is in its life cycle
// (DESIGN "Parcel states"), from the state history the store keeps for every parcel, written as the
// carrier's `trackingresult` (texts as ContentLines in the caller's language; docs/decisions.md "Tracking").
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type { ContentItemData, ContentLineData, StatusInfoData, TrackingResultData } from '../../contract/parcel-life-cycle-service.ts';
import type { GetTrackingDataData } from '../../contract/parcel-life-cycle-service.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { hasExpired, isCallersParcel } from '../core/parcel-lookup.ts';
import { PARCEL_WAY, type ParcelState, type RecipientPlace, type StoredParcel } from '../ports/shipment-ports.ts';
import type { Dependencies } from '../dependencies.ts';
import { STATE_TEXTS, TRACKING_TEXTS, trackingDate } from './tracking-texts.ts';
import { refuse } from '../core/invalid-request.ts';

/** States that end a parcel's way before delivery. */
const ENDS: ReadonlySet<ParcelState> = new Set(['deleted', 'expired']);

/** States the parcel is in at its sending depot: their location is that depot. */
const AT_SENDING_DEPOT: ReadonlySet<ParcelState> = new Set(['created', 'queued', 'transferred', 'consolidated', 'collected']);

const line = (content: string, bold = false): ContentLineData => ({ content, bold, paragraph: false });
const item = (label: string, content: string): ContentItemData => ({ label: line(label, true), content: [line(content)] });

/** The caller's parcel's states, reached and (while on its way) ahead, as the carrier's tracking answer. */
export async function getTrackingData(
  deps: Dependencies,
  session: Session,
  request: GetTrackingDataData,
): Promise<Outcome<TrackingResultData>> {
  const number = request.parcelLabelNumber;
  const { shipments } = deps;
  const [events, [parcel], recipient] = await Promise.all([
    shipments.parcelEvents(session.account.id, number),
    shipments.findParcels(session.account.id, [number]),
    shipments.parcelRecipient(session.account.id, number),
  ]);
  if (parcel === undefined || !isCallersParcel(parcel) || events.length === 0) {
    return refuse(session, 'error_parcel_not_found', { path: 'parcelLabelNumber', value: number });
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
  const current = history[history.length - 1].state;
  const reached = new Map<ParcelState, Date>();
  for (const event of history) if (!reached.has(event.state)) reached.set(event.state, event.at);
  const language = session.language;
  const step = (status: ParcelState): StatusInfoData => {
    const at = reached.get(status);
    return {
      status,
      label: line(STATE_TEXTS[status].label[language], true),
      description: { content: [line(STATE_TEXTS[status].description[language])] },
      statusHasBeenReached: at !== undefined,
      isCurrentStatus: status === current,
      // Ended data leaves the caller only the carrier's contact to ask.
      showContactInfo: status === current && ENDS.has(status),
      ...(at !== undefined && AT_SENDING_DEPOT.has(status)
        ? { location: line(`${TRACKING_TEXTS.depot[language]} ${parcel.sendingDepot}`) }
        : {}),
      ...(at === undefined ? {} : { date: line(trackingDate(at, deps.settings.timeZone)) }),
    };
  };
  const ended = [...reached.keys()].some((state) => ENDS.has(state));
  const statusInfo = ended
    ? [...reached.keys()].map(step)
    : PARCEL_WAY.filter((state) => state !== 'queued' || reached.has(state)).map(step);
  return succeed({
    shipmentInfo: { ...shipmentFacts(parcel, recipient, language), ...step(current) },
    statusInfo,
    contactInfo: [item(TRACKING_TEXTS.contact[language], TRACKING_TEXTS.contactText[language])],
  });
}

/**
 * What the answer says of the shipment besides its state: where it goes (postcode, city and country
 * only, while the data is kept), its product and its numbers.
 */
function shipmentFacts(parcel: StoredParcel, recipient: RecipientPlace | undefined, language: MessageLanguage) {
  return {
    ...(recipient === undefined
      ? {}
      : { receiver: item(TRACKING_TEXTS.receiver[language], `${recipient.zipCode} ${recipient.city}, ${recipient.country}`) }),
    serviceDescription: item(TRACKING_TEXTS.product[language], parcel.product),
    trackingProperty: [
      { key: 'parcelLabelNumber', value: parcel.parcelLabelNumber },
      ...(parcel.mpsId === undefined ? [] : [{ key: 'mpsId', value: parcel.mpsId }]),
      { key: 'product', value: parcel.product },
      { key: 'sendingDepot', value: parcel.sendingDepot },
    ],
  };
}
