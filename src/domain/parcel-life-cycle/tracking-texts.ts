// The texts of a tracking answer in each message language: each status word's phase heading (its
// `label`) and its sentence (`description`), the shipment's own texts, and the contact block. The
// English ones the carrier's recorded traffic shows are kept word for word, its name left out
// (docs/decisions.md "Tracking in the carrier's words"); the others, and every Dutch one, are ours in the same voice.
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type { JourneyEvent, StatusWord } from './journey-event.ts';

type Texts = Readonly<Record<MessageLanguage, string>>;

const t = (en_US: string, nl_NL: string): Texts => Object.freeze({ en_US, nl_NL });

/** The phase headings: the recorded traffic labels several words alike ("Parcel out for delivery"). */
const PHASES = Object.freeze({
  data: t('Order information received', 'Ordergegevens ontvangen'),
  handed: t('Parcel handed to the carrier', 'Pakket overgedragen aan de vervoerder'),
  transit: t('In transit', 'Onderweg'),
  out: t('Parcel out for delivery', 'Pakket wordt bezorgd'),
  delivered: t('Parcel delivered', 'Pakket bezorgd'),
  returning: t('Return to sender', 'Retour afzender'),
  lost: t('Parcel not found', 'Pakket niet gevonden'),
});

/** Each word's heading and sentence. */
const WORD_TEXTS: Readonly<Record<StatusWord, { readonly label: Texts; readonly description: Texts }>> = Object.freeze({
  DataReceived: {
    label: PHASES.data,
    description: t(
      "The sender has transmitted the parcel's data to us. The parcel has not been handed over yet.",
      'De verzender heeft de gegevens van het pakket aan ons doorgegeven. Het pakket is nog niet aan ons overgedragen.',
    ),
  },
  PickupFailure: {
    label: PHASES.data,
    description: t(
      'Unfortunately we could not pick up the parcel. We will try again on the next business day.',
      'Helaas konden we het pakket niet ophalen. We proberen het de volgende werkdag opnieuw.',
    ),
  },
  PickedUp: { label: PHASES.handed, description: t('We have received your parcel.', 'We hebben je pakket ontvangen.') },
  BetweenDepots: {
    label: PHASES.transit,
    description: t('The parcel is at the parcel dispatch centre.', 'Het pakket is in het sorteercentrum.'),
  },
  Depot: { label: PHASES.out, description: t('At parcel delivery centre.', 'In het bezorgdepot.') },
  Courier: {
    label: PHASES.out,
    description: t(
      'The parcel has left the parcel delivery centre and is on its way to the consignee.',
      'Het pakket heeft het bezorgdepot verlaten en is onderweg naar de ontvanger.',
    ),
  },
  DeliveryFailure: {
    label: PHASES.out,
    description: t('Unfortunately we have not been able to deliver your parcel.', 'Helaas hebben we je pakket niet kunnen bezorgen.'),
  },
  ReturningFromDelivery: {
    label: PHASES.out,
    description: t(
      'After an unsuccessful delivery attempt the parcel is back at the recipient depot.',
      'Na een mislukte bezorgpoging is het pakket terug in het bezorgdepot.',
    ),
  },
  // Without a full stop, as recorded.
  ParcelShop: {
    label: PHASES.out,
    description: t('Delivered by driver to Pickup parcelshop', 'Door de chauffeur afgeleverd bij een Pickup-parcelshop'),
  },
  Delivered: {
    label: PHASES.delivered,
    description: t('Your parcel has been delivered successfully.', 'Je pakket is succesvol bezorgd.'),
  },
  ReturningToSender: {
    label: PHASES.returning,
    description: t('The parcel is on its way back to the sender.', 'Het pakket is onderweg terug naar de afzender.'),
  },
  ReturnedToSender: {
    label: PHASES.returning,
    description: t('The parcel has been delivered back to the sender.', 'Het pakket is teruggebracht bij de afzender.'),
  },
  CustomsHold: {
    label: PHASES.transit,
    description: t('The parcel is being held by customs.', 'Het pakket wordt door de douane vastgehouden.'),
  },
  CustomsCleared: { label: PHASES.transit, description: t('Customs have released the parcel.', 'De douane heeft het pakket vrijgegeven.') },
  Damaged: {
    label: PHASES.transit,
    description: t('The parcel was damaged in transit and has been repacked.', 'Het pakket is onderweg beschadigd en opnieuw verpakt.'),
  },
  Investigation: {
    label: PHASES.transit,
    description: t(
      'Your parcel has not arrived as planned. We are looking for it.',
      'Je pakket is niet aangekomen zoals gepland. We zoeken ernaar.',
    ),
  },
  Lost: {
    label: PHASES.lost,
    description: t(
      'Despite our search the parcel could not be found. The sender has been informed.',
      'Ondanks onze zoektocht is het pakket niet gevonden. De verzender is geïnformeerd.',
    ),
  },
});

/** The sentences of an event whose word says less than what happened. */
const DETAIL_TEXTS = Object.freeze({
  refused: t(
    'Unfortunately we have not been able to deliver your parcel: the consignee refused to accept it.',
    'Helaas hebben we je pakket niet kunnen bezorgen: de ontvanger heeft het geweigerd.',
  ),
  collectedAtShop: t(
    'The consignee has collected the parcel from the Pickup parcelshop.',
    'De ontvanger heeft het pakket opgehaald bij de Pickup-parcelshop.',
  ),
  notCollected: t(
    'The parcel was not collected from the Pickup parcelshop in time and is on its way back to the sender.',
    'Het pakket is niet op tijd opgehaald bij de Pickup-parcelshop en is onderweg terug naar de afzender.',
  ),
  deliveredToSender: t('The return parcel has been delivered to the sender.', 'Het retourpakket is bij de afzender bezorgd.'),
});

/** An event's heading and sentence in `language`. */
export function eventTexts(event: JourneyEvent, language: MessageLanguage): { readonly label: string; readonly description: string } {
  const texts = WORD_TEXTS[event.status];
  let description = texts.description;
  if (event.reason === 'refused') description = DETAIL_TEXTS.refused;
  else if (event.reason === 'not_collected') description = DETAIL_TEXTS.notCollected;
  else if (event.deliveredTo === 'shop') description = DETAIL_TEXTS.collectedAtShop;
  else if (event.deliveredTo === 'sender') description = DETAIL_TEXTS.deliveredToSender;
  return { label: texts.label[language], description: description[language] };
}

/** The shipment's own texts (`shipmentInfo`), and those of data the carrier no longer has. */
export const SHIPMENT_TEXTS = Object.freeze({
  label: t('Shipment information', 'Zendinginformatie'),
  description: t('Details of your shipment', 'Gegevens van je zending'),
  deleted: {
    label: t('Shipment data deleted', 'Zendinggegevens verwijderd'),
    description: t('The sender has deleted the shipment data.', 'De verzender heeft de zendinggegevens verwijderd.'),
  },
  expired: {
    label: t('Shipment data expired', 'Zendinggegevens verlopen'),
    description: t(
      'The shipment data was removed 28 days after its transfer.',
      'De zendinggegevens zijn 28 dagen na de overdracht verwijderd.',
    ),
  },
});

/** The headings and fixed texts of the answer. */
export const TRACKING_TEXTS = Object.freeze({
  receiver: t('Receiver', 'Ontvanger'),
  service: t('Your service:', 'Je service:'),
  contact: t('Questions about this parcel?', 'Vragen over dit pakket?'),
  contactText: t('Please contact the sender of the parcel.', 'Neem contact op met de verzender van het pakket.'),
});
