// ParcelLifeCycleService getTrackingData: one of the caller's parcels as the carrier's network tells
// it (docs/decisions.md "Tracking in the carrier's words"): `shipmentInfo` with status SHIPMENT, and a `statusInfo` per scan
// event that happened — in the carrier's status words, each with its phase heading, its sentence, the
// depot, hub or shop as `Town (CC)` and its date in the message language's form — the current one last.
// The events are the parcel's journey (plan-journey.ts) as far as its account's horizon and the events
// advanceParcel forced. Texts are ContentLines in the caller's language.
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type {
  ContentItemData,
  ContentLineData,
  GetTrackingDataData,
  StatusInfoData,
  TrackingResultData,
} from '../../contract/parcel-life-cycle-service.ts';
import { findProduct } from '../../contract/products.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { refuse } from '../core/invalid-request.ts';
import { readPrintedParcelLabelNumber } from '../core/parcel-number.ts';
import type { Dependencies } from '../dependencies.ts';
import type { JourneyParcel } from '../ports/journey-ports.ts';
import { locationText, type JourneyEvent } from './journey-event.ts';
import { hasEnded, horizonAt, planParcelJourney, readParcelJourney, type ParcelJourney } from './parcel-journey.ts';
import { magicParcel, magicScenarioOf } from './magic-parcels.ts';
import { visibleEvents } from './plan-journey.ts';
import type { ScenarioName } from '../../contract/parcel-states.ts';
import { trackingDate } from './tracking-dates.ts';
import { eventTexts, SHIPMENT_TEXTS, TRACKING_TEXTS } from './tracking-texts.ts';

const line = (content: string, bold = false): ContentLineData => ({ content, bold, paragraph: false });
const item = (label: string, content: string, labelBold = true): ContentItemData => ({
  label: line(label, labelBold),
  content: [line(content)],
});

/** The caller's parcel's events so far, as the carrier's tracking answer. */
export async function getTrackingData(
  deps: Dependencies,
  session: Session,
  request: GetTrackingDataData,
): Promise<Outcome<TrackingResultData>> {
  // The number as returned, or as the label prints it (spaces, check character).
  const printed = readPrintedParcelLabelNumber(request.parcelLabelNumber);
  if (printed.wrongCheck !== undefined) {
    return refuse(session, 'error_wrong_check_character', {
      path: 'parcelLabelNumber',
      value: request.parcelLabelNumber,
      number: printed.number,
      ...printed.wrongCheck,
    });
  }
  const { number } = printed;
  const now = session.clock.now();
  // A magic number (stage) answers its scenario's whole journey to any account, nothing stored (magic-parcels.ts).
  const magic = deps.settings.environment === 'stage' ? magicScenarioOf(number) : undefined;
  const journey =
    magic === undefined
      ? await readParcelJourney(deps, session.account.id, number, now, horizonAt(session.account.journeyClock, now))
      : await magicJourney(deps, number, magic, now);
  // A collection request's parcels are numbered for the driver: the caller knows no such number.
  if (journey === undefined || journey.parcel.orderType === 'collection request order') {
    return refuse(session, 'error_parcel_not_found', { path: 'parcelLabelNumber', value: number });
  }
  const { parcel, visible } = journey;
  const { language } = session;
  const timeZone = deps.settings.timeZone;
  // Data the carrier no longer has (deleted, or past its 28 days: expiry is judged at every lookup).
  const ended = parcel.state === 'deleted' ? 'deleted' : hasEnded(parcel, now) ? 'expired' : undefined;
  const shipmentTexts = ended === undefined ? SHIPMENT_TEXTS : SHIPMENT_TEXTS[ended];
  return succeed({
    shipmentInfo: {
      ...shipmentFacts(parcel, language),
      status: 'SHIPMENT',
      label: line(shipmentTexts.label[language], true),
      description: { content: [line(shipmentTexts.description[language])] },
      statusHasBeenReached: false,
      isCurrentStatus: false,
      // Ended data leaves the caller only the contact to ask.
      showContactInfo: ended !== undefined,
    },
    statusInfo: visible.map((event, index) => statusInfoOf(event, index === visible.length - 1, language, timeZone)),
    contactInfo: [item(TRACKING_TEXTS.contact[language], TRACKING_TEXTS.contactText[language])],
  });
}

/** A magic number's journey at the account's time `now`: every event of its made-up parcel, all of them happened. */
async function magicJourney(deps: Dependencies, number: string, scenario: ScenarioName, now: Date): Promise<ParcelJourney> {
  const parcel = magicParcel(number, scenario, now, deps.settings.timeZone);
  const planned = await planParcelJourney(deps, parcel);
  return { parcel, planned, visible: visibleEvents(planned, [], now) };
}

/** One event as a `statusInfo`: reached, the last one current, its place and date in bold as recorded. */
function statusInfoOf(event: JourneyEvent, current: boolean, language: MessageLanguage, timeZone: string): StatusInfoData {
  const texts = eventTexts(event, language);
  return {
    status: event.status,
    label: line(texts.label, true),
    description: { content: [line(texts.description)] },
    statusHasBeenReached: true,
    isCurrentStatus: current,
    showContactInfo: true,
    location: line(locationText(event.place), true),
    date: line(trackingDate(event.at, language, timeZone), true),
  };
}

/**
 * What the answer says of the shipment besides its events: where it goes (postcode, city and country
 * only, while the data is kept), its service and its numbers.
 */
function shipmentFacts(parcel: JourneyParcel, language: MessageLanguage) {
  const recipient = parcel.order?.recipient;
  const product = findProduct(parcel.product);
  return {
    ...(recipient === undefined
      ? {}
      : { receiver: item(TRACKING_TEXTS.receiver[language], `${recipient.zipCode} ${recipient.city}, ${recipient.country}`) }),
    serviceDescription: item(TRACKING_TEXTS.service[language], (product?.name[language] ?? parcel.product).toUpperCase(), false),
    trackingProperty: [
      { key: 'parcelLabelNumber', value: parcel.parcelLabelNumber },
      ...(parcel.mpsId === undefined ? [] : [{ key: 'mpsId', value: parcel.mpsId }]),
      { key: 'product', value: parcel.product },
      { key: 'sendingDepot', value: parcel.sendingDepot },
    ],
  };
}
