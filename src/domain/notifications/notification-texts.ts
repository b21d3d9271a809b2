// What a receiver is told, in Dutch or English: the subject, the e-mail's text and HTML, the SMS and
// what a voice call reads, for each topic of a message. Every message names the parcel number, the
// sender and the tracking reference (the shipment's web number). No carrier brand: the texts speak as
// "we", as the carrier's tracking texts do.
import type { NotificationChannel, NotificationTopic, ShopView, TextLanguage } from '../ports/notification-ports.ts';
import { zonedParts, type ZonedParts } from '../../rules/calendar.ts';

export type { NotificationChannel, NotificationTopic, ShopView, TextLanguage };

/** What one message is about. */
export interface MessageFacts {
  readonly topic: NotificationTopic;
  readonly parcelLabelNumber: string;
  /** The tracking reference: the shipment's web number (mpsId), or the parcel number without one. */
  readonly trackingReference: string;
  readonly senderName: string;
  /** The tracking status word of the event (topic `status`). */
  readonly status: string;
  readonly reason?: 'not_home' | 'refused' | 'not_collected';
  /** The delivery window (delivery_planned, delivery_replanned). */
  readonly window?: { readonly from: Date; readonly to: Date };
  /** The shop the parcel waits at (at_parcel_shop; status ParcelShop when known), and until when. */
  readonly shop?: ShopView;
  readonly keptUntil?: Date;
  /** Whether the parcel was collected at a shop (status Delivered). */
  readonly collected?: boolean;
  /** Whether the parcel is on its way back to the sender (events after ReturningToSender): no delivery to the receiver is coming. */
  readonly returning?: boolean;
  /** The event's town (status ParcelShop without a known shop). */
  readonly town?: string;
  readonly timeZone: string;
}

/** A message as the receiver gets it on its channel. */
export interface MessageText {
  readonly subject: string;
  /** E-mail: the plain text part; SMS: the message; telephone: what the call reads. */
  readonly text: string;
  /** E-mail only: the HTML part. */
  readonly html?: string;
}

/** The language of a notification's `language` (two letters, any case): Dutch, English, or English in place of another. */
export function textLanguageOf(language: string | undefined): { readonly language: TextLanguage; readonly fallback: boolean } {
  const code = (language ?? '').toLowerCase();
  if (code === 'nl') return { language: 'nl', fallback: false };
  // English, and the countries whose language it is (a notification's language may be a country code).
  if (['en', 'gb', 'ie', 'us'].includes(code)) return { language: 'en', fallback: false };
  return { language: 'en', fallback: true };
}

const WEEKDAYS = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  nl: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
} as const;
const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
} as const;

const two = (n: number) => String(n).padStart(2, '0');
const clock = (p: ZonedParts) => `${two(p.hour)}:${two(p.minute)}`;
/** `Wednesday 6 January` / `woensdag 6 januari`; `short` as `Wed 6 Jan` / `wo 6 jan`, for SMS. */
function day(p: ZonedParts, language: TextLanguage, short = false): string {
  const weekday = WEEKDAYS[language][p.weekday];
  const month = MONTHS[language][p.month - 1];
  return short ? `${weekday.slice(0, language === 'en' ? 3 : 2)} ${p.day} ${month.slice(0, 3)}` : `${weekday} ${p.day} ${month}`;
}
const hhmm = (value: number) => `${two(Math.floor(value / 100))}:${two(value % 100)}`;

function openingHoursOf(shop: ShopView, language: TextLanguage): string[] {
  // Monday first, as a week is read in both languages.
  return [...shop.openingHours]
    .sort((a, b) => ((a.day + 6) % 7) - ((b.day + 6) % 7))
    .map((entry) => {
      const windows = [`${hhmm(entry.fromTime1)}–${hhmm(entry.toTime1)}`];
      if (entry.fromTime2 !== undefined && entry.toTime2 !== undefined) windows.push(`${hhmm(entry.fromTime2)}–${hhmm(entry.toTime2)}`);
      return `${WEEKDAYS[language][entry.day]} ${windows.join(', ')}`;
    });
}

const addressOf = (shop: ShopView) => `${shop.street}${shop.houseNo === undefined ? '' : ` ${shop.houseNo}`}, ${shop.zipCode} ${shop.city}`;

/** The sentence of a status event (topic `status`), in each language. */
function statusSentence(facts: MessageFacts, language: TextLanguage): { readonly headline: string; readonly sentence: string } {
  const s = facts.senderName;
  const en = language === 'en';
  switch (facts.status) {
    case 'PickedUp':
      return en
        ? { headline: 'handed to us', sentence: `Your parcel from ${s} has been handed to us.` }
        : { headline: 'aan ons overgedragen', sentence: `Je pakket van ${s} is aan ons overgedragen.` };
    case 'Courier':
      if (facts.returning)
        return en
          ? { headline: 'on its way back to the sender', sentence: `Your parcel from ${s} is on its way back to the sender today.` }
          : { headline: 'onderweg terug naar de afzender', sentence: `Je pakket van ${s} gaat vandaag terug naar de afzender.` };
      return en
        ? { headline: 'out for delivery', sentence: `Your parcel from ${s} is out for delivery today.` }
        : { headline: 'wordt vandaag bezorgd', sentence: `Je pakket van ${s} is onderweg en wordt vandaag bezorgd.` };
    case 'DeliveryFailure':
      if (facts.reason === 'refused')
        return en
          ? { headline: 'not delivered', sentence: `We could not deliver your parcel from ${s}: its delivery was refused.` }
          : { headline: 'niet bezorgd', sentence: `We konden je pakket van ${s} niet bezorgen: het werd geweigerd.` };
      return en
        ? { headline: 'not delivered', sentence: `We could not deliver your parcel from ${s}: nobody was at home.` }
        : { headline: 'niet bezorgd', sentence: `We konden je pakket van ${s} niet bezorgen: er was niemand thuis.` };
    case 'ParcelShop': {
      const where = facts.shop === undefined ? facts.town : `${facts.shop.company}, ${addressOf(facts.shop)}`;
      return en
        ? {
            headline: 'at a parcel shop',
            sentence: `Your parcel from ${s} is waiting for you at a parcel shop${where ? `: ${where}` : ''}.`,
          }
        : {
            headline: 'bij een pakketpunt',
            sentence: `Je pakket van ${s} ligt voor je klaar bij een pakketpunt${where ? `: ${where}` : ''}.`,
          };
    }
    case 'Delivered':
      if (facts.collected)
        return en
          ? { headline: 'collected', sentence: `Your parcel from ${s} has been collected from the parcel shop.` }
          : { headline: 'opgehaald', sentence: `Je pakket van ${s} is opgehaald bij het pakketpunt.` };
      return en
        ? { headline: 'delivered', sentence: `Your parcel from ${s} has been delivered.` }
        : { headline: 'bezorgd', sentence: `Je pakket van ${s} is bezorgd.` };
    case 'CustomsHold':
      return en
        ? { headline: 'held by customs', sentence: `Your parcel from ${s} is being held by customs.` }
        : { headline: 'bij de douane', sentence: `Je pakket van ${s} wordt door de douane vastgehouden.` };
    case 'Damaged':
      return en
        ? { headline: 'damaged', sentence: `Your parcel from ${s} was damaged on its way and has been repacked.` }
        : { headline: 'beschadigd', sentence: `Je pakket van ${s} is onderweg beschadigd en opnieuw verpakt.` };
    case 'Investigation':
      return en
        ? { headline: 'delayed', sentence: `Your parcel from ${s} has not arrived as planned. We are looking for it.` }
        : { headline: 'vertraagd', sentence: `Je pakket van ${s} is niet aangekomen zoals gepland. We zoeken ernaar.` };
    case 'Lost':
      return en
        ? { headline: 'not found', sentence: `Despite our search your parcel from ${s} could not be found. The sender has been told.` }
        : {
            headline: 'niet gevonden',
            sentence: `Ondanks onze zoektocht is je pakket van ${s} niet gevonden. De afzender is op de hoogte.`,
          };
    case 'ReturningToSender':
      return en
        ? { headline: 'returning to the sender', sentence: `Your parcel from ${s} is on its way back to the sender.` }
        : { headline: 'terug naar de afzender', sentence: `Je pakket van ${s} gaat terug naar de afzender.` };
    case 'ReturnedToSender':
      return en
        ? { headline: 'returned to the sender', sentence: `Your parcel from ${s} has been returned to the sender.` }
        : { headline: 'terug bij de afzender', sentence: `Je pakket van ${s} is terug bij de afzender.` };
    default:
      return en
        ? { headline: facts.status, sentence: `There is news about your parcel from ${s}: ${facts.status}.` }
        : { headline: facts.status, sentence: `Er is nieuws over je pakket van ${s}: ${facts.status}.` };
  }
}

interface Parts {
  readonly subject: string;
  /** The message's sentences, in order. */
  readonly lines: readonly string[];
  /** Lines listed under the sentences (a shop's opening hours). */
  readonly list?: { readonly heading: string; readonly items: readonly string[] };
  /** The SMS, as short as the facts allow. */
  readonly sms: string;
}

function partsOf(facts: MessageFacts, language: TextLanguage): Parts {
  const en = language === 'en';
  const s = facts.senderName;
  const zone = facts.timeZone;
  switch (facts.topic) {
    case 'delivery_planned':
    case 'delivery_replanned': {
      const window = facts.window ?? { from: new Date(0), to: new Date(0) };
      const from = zonedParts(window.from, zone);
      const to = zonedParts(window.to, zone);
      const when = en
        ? `on ${day(from, 'en')} between ${clock(from)} and ${clock(to)}`
        : `op ${day(from, 'nl')} tussen ${clock(from)} en ${clock(to)}`;
      const shortWhen = en
        ? `${day(from, 'en', true)} ${clock(from)}-${clock(to)}`
        : `${day(from, 'nl', true)} ${clock(from)}-${clock(to)}`;
      const again = facts.topic === 'delivery_replanned';
      if (en)
        return {
          subject: again ? `New delivery day for your parcel from ${s}` : `Your parcel from ${s} arrives ${day(from, 'en')}`,
          lines: again
            ? [`We could not deliver your parcel from ${s}: nobody was at home.`, `We will come again ${when}.`]
            : [`Your parcel from ${s} will be delivered ${when}.`],
          sms: again
            ? `Parcel ${facts.parcelLabelNumber} from ${s}: nobody home. New try ${shortWhen}. Ref ${facts.trackingReference}`
            : `Parcel ${facts.parcelLabelNumber} from ${s} arrives ${shortWhen}. Ref ${facts.trackingReference}`,
        };
      return {
        subject: again ? `Nieuwe bezorgdag voor je pakket van ${s}` : `Je pakket van ${s} komt ${day(from, 'nl')}`,
        lines: again
          ? [`We konden je pakket van ${s} niet bezorgen: er was niemand thuis.`, `We komen opnieuw ${when}.`]
          : [`Je pakket van ${s} wordt bezorgd ${when}.`],
        sms: again
          ? `Pakket ${facts.parcelLabelNumber} van ${s}: niemand thuis. Nieuwe poging ${shortWhen}. Ref ${facts.trackingReference}`
          : `Pakket ${facts.parcelLabelNumber} van ${s} komt ${shortWhen}. Ref ${facts.trackingReference}`,
      };
    }
    case 'at_parcel_shop': {
      const shop = facts.shop;
      const until = facts.keptUntil === undefined ? undefined : zonedParts(facts.keptUntil, zone);
      const where = shop === undefined ? (facts.town ?? '') : `${shop.company}, ${addressOf(shop)}`;
      const hours = shop === undefined ? [] : openingHoursOf(shop, language);
      if (en)
        return {
          subject: `Your parcel from ${s} is waiting at a parcel shop`,
          lines: [
            `Your parcel from ${s} is waiting for you at ${where}.`,
            ...(until === undefined ? [] : [`The shop keeps it for you until ${day(until, 'en')}; after that it goes back to the sender.`]),
            'Bring this message or the parcel number, and proof of identity.',
          ],
          list: hours.length === 0 ? undefined : { heading: 'Opening hours', items: hours },
          sms: `Parcel ${facts.parcelLabelNumber} from ${s} is ready at ${where}${until === undefined ? '' : ` until ${day(until, 'en', true)}`}. Ref ${facts.trackingReference}`,
        };
      return {
        subject: `Je pakket van ${s} ligt klaar bij een pakketpunt`,
        lines: [
          `Je pakket van ${s} ligt voor je klaar bij ${where}.`,
          ...(until === undefined
            ? []
            : [`Het pakketpunt bewaart het tot en met ${day(until, 'nl')}; daarna gaat het terug naar de afzender.`]),
          'Neem dit bericht of het pakketnummer mee, en een identiteitsbewijs.',
        ],
        list: hours.length === 0 ? undefined : { heading: 'Openingstijden', items: hours },
        sms: `Pakket ${facts.parcelLabelNumber} van ${s} ligt klaar bij ${where}${until === undefined ? '' : ` t/m ${day(until, 'nl', true)}`}. Ref ${facts.trackingReference}`,
      };
    }
    case 'status': {
      const { headline, sentence } = statusSentence(facts, language);
      return {
        subject: en ? `Your parcel from ${s}: ${headline}` : `Je pakket van ${s}: ${headline}`,
        lines: [sentence],
        sms: en
          ? `Parcel ${facts.parcelLabelNumber} from ${s}: ${headline}. Ref ${facts.trackingReference}`
          : `Pakket ${facts.parcelLabelNumber} van ${s}: ${headline}. Ref ${facts.trackingReference}`,
      };
    }
  }
}

/** The most an SMS holds in one part (GSM 03.38, 7-bit). */
export const SMS_LENGTH = 160;

/** The SMS, its sender's name cut where the whole would not fit in one part. */
function smsOf(facts: MessageFacts, language: TextLanguage, note: string | undefined): string {
  const full = partsOf(facts, language).sms;
  const withNote = note === undefined ? full : `${full} ${note}`;
  if (withNote.length <= SMS_LENGTH) return withNote;
  if (full.length <= SMS_LENGTH) return full;
  const over = full.length - SMS_LENGTH;
  const name = facts.senderName;
  // Cut the sender's name (at most 35 characters) down to 12; past that the message takes two parts.
  const keep = Math.max(12, name.length - over - 1);
  if (keep >= name.length) return full;
  return partsOf({ ...facts, senderName: `${name.slice(0, keep).trimEnd()}…` }, language).sms;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A number read one character at a time, letters apart and digits in groups of four, as a voice call reads it. */
function spoken(reference: string): string {
  const [, letters = '', digits = ''] = /^([A-Za-z]*)(.*)$/.exec(reference) ?? [];
  const groups = (digits.match(/.{1,4}/g) ?? []).map((group) => group.split('').join(' '));
  return [...(letters === '' ? [] : [letters.split('').join(' ')]), ...groups].join(', ');
}

/** The whole message for a channel, in the language asked for (English, saying so, for another). */
export function writeMessage(
  facts: MessageFacts,
  channel: NotificationChannel,
  requested: string | undefined,
): MessageText & { readonly language: TextLanguage; readonly fallback: boolean } {
  const { language, fallback } = textLanguageOf(requested);
  const en = language === 'en';
  const parts = partsOf(facts, language);
  const code = (requested ?? '').toUpperCase();
  const note = fallback ? `This message is in English: we have no text in ${code}.` : undefined;
  const facts_ = en
    ? [`Parcel number: ${facts.parcelLabelNumber}`, `Sender: ${facts.senderName}`, `Tracking reference: ${facts.trackingReference}`]
    : [`Pakketnummer: ${facts.parcelLabelNumber}`, `Afzender: ${facts.senderName}`, `Volgreferentie: ${facts.trackingReference}`];
  const footer = en
    ? `This message was sent to you on behalf of ${facts.senderName}. Please do not reply to it; for questions about the parcel, contact the sender.`
    : `Dit bericht is namens ${facts.senderName} aan je gestuurd. Beantwoord het niet; neem voor vragen over het pakket contact op met de afzender.`;
  if (channel === 3)
    return {
      subject: parts.subject,
      text: smsOf(facts, language, fallback ? `(English: no ${code} text)` : undefined),
      language,
      fallback,
    };
  if (channel === 2) {
    const intro = en
      ? `Hello. This is a message about your parcel from ${facts.senderName}.`
      : `Hallo. Dit is een bericht over je pakket van ${facts.senderName}.`;
    const number = en
      ? `The parcel number is ${spoken(facts.parcelLabelNumber)}. The tracking reference is ${spoken(facts.trackingReference)}.`
      : `Het pakketnummer is ${spoken(facts.parcelLabelNumber)}. De volgreferentie is ${spoken(facts.trackingReference)}.`;
    const list = parts.list === undefined ? [] : [`${parts.list.heading}: ${parts.list.items.join('; ')}.`];
    const text = [...(note === undefined ? [] : [note]), intro, ...parts.lines, ...list, number, en ? 'Goodbye.' : 'Tot ziens.'].join(' ');
    return { subject: parts.subject, text, language, fallback };
  }
  const greeting = en ? 'Hello,' : 'Hallo,';
  const listText = parts.list === undefined ? [] : ['', `${parts.list.heading}:`, ...parts.list.items.map((item) => `  ${item}`)];
  const text = [...(note === undefined ? [] : [note, '']), greeting, '', ...parts.lines, ...listText, '', ...facts_, '', footer, ''].join(
    '\n',
  );
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(parts.subject)}</title>`,
    '</head>',
    '<body>',
    ...(note === undefined ? [] : [`<p><em>${escapeHtml(note)}</em></p>`]),
    `<p>${greeting}</p>`,
    ...parts.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(parts.list === undefined
      ? []
      : [`<h2>${escapeHtml(parts.list.heading)}</h2>`, '<ul>', ...parts.list.items.map((item) => `<li>${escapeHtml(item)}</li>`), '</ul>']),
    '<table>',
    ...facts_.map((line) => {
      const [label, value] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)];
      return `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
    }),
    '</table>',
    `<p><small>${escapeHtml(footer)}</small></p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject: parts.subject, text, html, language, fallback };
}
