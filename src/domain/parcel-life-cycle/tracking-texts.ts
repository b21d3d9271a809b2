// The texts of a tracking answer in each message language: every state's label and description, the
// contact block, the shipment's headings, and the date form the carrier's tracking texts use.
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type { ParcelState } from '../ports/shipment-ports.ts';

type Texts = Readonly<Record<MessageLanguage, string>>;

/** Each state's label (its heading) and description (what it means for the parcel). */
export const STATE_TEXTS: Readonly<Record<ParcelState, { readonly label: Texts; readonly description: Texts }>> = {
  created: {
    label: { en_US: 'Shipment data created', nl_NL: 'Zendinggegevens aangemaakt' },
    description: { en_US: 'The sender has created the parcel label.', nl_NL: 'De verzender heeft het pakketlabel aangemaakt.' },
  },
  queued: {
    label: { en_US: 'Shipment data waiting for export', nl_NL: 'Zendinggegevens wachten op export' },
    description: {
      en_US: 'The sender has not yet sent the shipment data to the carrier.',
      nl_NL: 'De verzender heeft de zendinggegevens nog niet aan de vervoerder gestuurd.',
    },
  },
  transferred: {
    label: { en_US: 'Shipment data transferred to the carrier', nl_NL: 'Zendinggegevens overgedragen aan de vervoerder' },
    description: { en_US: 'The carrier has received the shipment data.', nl_NL: 'De vervoerder heeft de zendinggegevens ontvangen.' },
  },
  consolidated: {
    label: { en_US: 'Included in the day-end consolidation', nl_NL: 'Opgenomen in de dagafsluiting' },
    description: {
      en_US: 'The sender has closed the shipping day; the parcel waits for collection.',
      nl_NL: 'De verzender heeft de verzenddag afgesloten; het pakket wacht op ophaling.',
    },
  },
  collected: {
    label: { en_US: 'Collected from the sender', nl_NL: 'Opgehaald bij de verzender' },
    description: { en_US: 'The carrier has collected the parcel.', nl_NL: 'De vervoerder heeft het pakket opgehaald.' },
  },
  in_transit: {
    label: { en_US: 'In transit', nl_NL: 'Onderweg' },
    description: { en_US: 'The parcel is on its way to the delivery depot.', nl_NL: 'Het pakket is onderweg naar het bezorgdepot.' },
  },
  out_for_delivery: {
    label: { en_US: 'Out for delivery', nl_NL: 'Onderweg voor bezorging' },
    description: { en_US: 'The driver is delivering the parcel today.', nl_NL: 'De chauffeur bezorgt het pakket vandaag.' },
  },
  delivered: {
    label: { en_US: 'Delivered', nl_NL: 'Bezorgd' },
    description: { en_US: 'The parcel has been delivered.', nl_NL: 'Het pakket is bezorgd.' },
  },
  returned: {
    label: { en_US: 'Returned to sender', nl_NL: 'Terug bij afzender' },
    description: { en_US: 'The parcel has been delivered back to the sender.', nl_NL: 'Het pakket is teruggebracht bij de afzender.' },
  },
  lost: {
    label: { en_US: 'Lost', nl_NL: 'Verloren' },
    description: { en_US: 'The parcel could not be found.', nl_NL: 'Het pakket is niet gevonden.' },
  },
  deleted: {
    label: { en_US: 'Shipment data deleted', nl_NL: 'Zendinggegevens verwijderd' },
    description: { en_US: 'The sender has deleted the shipment data.', nl_NL: 'De verzender heeft de zendinggegevens verwijderd.' },
  },
  expired: {
    label: { en_US: 'Shipment data expired', nl_NL: 'Zendinggegevens verlopen' },
    description: {
      en_US: 'The shipment data was removed 28 days after its transfer.',
      nl_NL: 'De zendinggegevens zijn 28 dagen na de overdracht verwijderd.',
    },
  },
};

/** The headings and fixed texts of the answer. */
export const TRACKING_TEXTS = {
  receiver: { en_US: 'Receiver', nl_NL: 'Ontvanger' },
  product: { en_US: 'Product', nl_NL: 'Product' },
  depot: { en_US: 'Depot', nl_NL: 'Depot' },
  contact: { en_US: 'Questions about this parcel?', nl_NL: 'Vragen over dit pakket?' },
  contactText: {
    en_US: 'Please contact the sender of the parcel.',
    nl_NL: 'Neem contact op met de verzender van het pakket.',
  },
} as const satisfies Record<string, Texts>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the carrier's tracking texts write it: `DD.MM.YYYY, HH:MM` on a 24-hour clock in the
 * service's time zone, in every language (the form of the carrier's own tracking pages).
 */
export function trackingDate(instant: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.day}.${part.month}.${part.year}, ${part.hour}:${part.minute}`;
}
