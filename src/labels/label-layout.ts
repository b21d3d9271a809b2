// Label data computed once per parcel: every string a label prints and every barcode payload. The PDF,
// ZPL and PNG renderers only place these; none of them formats data of its own.
import countries, { type LocaleData } from 'i18n-iso-countries';
import { createRequire } from 'node:module';
import { computeCheckCharacter } from './check-character.ts';
import type { LabelAddress, LabelParcel } from './label-input.ts';
import { createSortBarcode, sortingPostcode, type SortBarcode } from './sort-barcode.ts';

// Loaded with require: JSON import attributes do not survive bundling with packages kept external.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as LocaleData);

/** Everything one parcel's label shows, as printed text. */
export interface LabelLayout {
  /** Sender block lines (the masking address when the order has one). */
  readonly sender: readonly string[];
  /** Recipient block lines: names, street lines, postcode and city, state, country name in capitals. */
  readonly recipient: readonly string[];
  /** Recipient contact and phone on one line, empty when neither is given. */
  readonly recipientContact: string;
  /** Order and parcel references, empty ones left out. */
  readonly references: readonly string[];
  /**
   * The references as printed, two to a line joined by ` · ` (at most two lines): four references of 35
   * characters on one line would be condensed past reading.
   */
  readonly referenceLines: readonly string[];
  /** `Info: <info1>` when the parcel asks for info1 to be printed, else undefined. */
  readonly infoLine?: string;
  /** Weight in kilograms with two decimals, e.g. `3.00 kg`. */
  readonly weight: string;
  readonly product: string;
  /** Three-digit service code, e.g. `101`. */
  readonly serviceCode: string;
  readonly serviceText: string;
  /** The sending depot, four digits. */
  readonly depot: string;
  /** Destination routing: `<alpha-2 country>-<postcode sorted by>`, e.g. `DE-81827`, `US-10001` for ZIP+4 `100011234`. */
  readonly routing: string;
  /** Shipping date, YYYY-MM-DD. */
  readonly date: string;
  /** The 14-digit parcel number followed by its check character, grouped: `0522 1234 5678 90 Z`. */
  readonly parcelNumber: string;
  /** The parcel's position in its order, e.g. `1/3`. */
  readonly sequence: string;
  /** `NOT VALID FOR SHIPPING` on stage labels, else undefined. */
  readonly stageMark?: string;
  /** `Parcel shop <parcelShopId>` on a shop delivery's label, else undefined. */
  readonly parcelShop?: string;
  /** The parcel's info1 text when it asks for it to be printed. */
  readonly info1?: string;
  /** `RETURN` on return labels, else undefined. */
  readonly returnMark?: string;
  readonly sortBarcode: SortBarcode;
  /** What the 2D code holds: the sort barcode payload, `|`, then the order's mpsId. */
  readonly twoDimensionalPayload: string;
}

/** The printed stage mark (docs/decisions.md "Labels on the wire": stage labels are visibly not valid for shipping). */
export const STAGE_MARK = 'NOT VALID FOR SHIPPING';
/** The printed marker of a return label. */
export const RETURN_MARK = 'RETURN';

/**
 * Characters that toPrintable keeps as they are wherever they stand: printable ASCII but space, Latin,
 * Greek and Cyrillic letters and signs in NFC that compose with nothing (no combining marks, format
 * characters or spaces other than U+0020).
 */
const KEPT = '!-~\u00a1-\u00ac\u00ae-\u024f\u0386\u0388-\u03ff\u0400-\u0482\u048a-\u04ff';
/** Text that toPrintable returns unchanged: words of KEPT characters, one space apart. Most caller text is. */
const PRINTABLE_AS_IS = new RegExp(`^(?:[${KEPT}]+(?: [${KEPT}]+)*)?$`);

/** Caller text as printed: Unicode NFC, control characters as spaces, format characters dropped, spaces collapsed. */
export function toPrintable(text: string | undefined): string {
  if (text === undefined) return '';
  // One regex test instead of normalizing and three replaces, each of which would copy the text.
  if (PRINTABLE_AS_IS.test(text)) return text;
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Two caller texts as printed, joined by `separator`, either left out when empty. */
function joinPrintable(first: string | undefined, second: string | undefined, separator: string): string {
  const printedFirst = toPrintable(first);
  const printedSecond = toPrintable(second);
  if (printedFirst === '') return printedSecond;
  return printedSecond === '' ? printedFirst : `${printedFirst}${separator}${printedSecond}`;
}

function linesOf(parts: readonly string[]): string[] {
  return parts.filter((line) => line !== '');
}

function senderLines(address: LabelAddress): string[] {
  return linesOf([
    toPrintable(address.name1),
    toPrintable(address.name2),
    joinPrintable(address.street, address.houseNo, ' '),
    toPrintable(address.street2),
    // The state, where one is given (US, …), ends the town line: the sender block has no line to spare.
    `${address.country}-${joinPrintable(joinPrintable(address.zipCode, address.city, ' '), address.state, ' ')}`,
    toPrintable(address.phone),
  ]);
}

/** The printed country line per country code as given, e.g. `DK` → `DENMARK`: the name lookup costs more than the rest of a line. */
const countryLines = new Map<string, string>();
/**
 * Only known codes get here (createSortBarcode refuses the others first), at most 249 in four case
 * spellings each; the bound is a safety net.
 */
const MAX_COUNTRY_LINES = 2_000;

function countryLine(country: string): string {
  let line = countryLines.get(country);
  if (line === undefined) {
    line = (countries.getName(country, 'en') ?? country).toUpperCase();
    if (countryLines.size >= MAX_COUNTRY_LINES) countryLines.clear();
    countryLines.set(country, line);
  }
  return line;
}

function recipientLines(address: LabelAddress): string[] {
  return linesOf([
    toPrintable(address.name1),
    toPrintable(address.name2),
    joinPrintable(address.street, address.houseNo, ' '),
    toPrintable(address.street2),
    joinPrintable(address.zipCode, address.city, ' '),
    toPrintable(address.state),
    countryLine(address.country),
  ]);
}

/** `05221234567890` → `0522 1234 5678 90 Z` (check character of the 14 digits, ISO/IEC 7064 MOD 37,36). */
export function formatParcelNumber(parcelLabelNumber: string): string {
  const n = parcelLabelNumber;
  return `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8, 12)} ${n.slice(12)} ${computeCheckCharacter(n)}`;
}

function formatWeight(decagrams: number): string {
  return `${(decagrams / 100).toFixed(2)} kg`;
}

/** Computes the label layout of one parcel; `stage` adds the stage mark. */
export function createLabelLayout(parcel: LabelParcel, stage: boolean): LabelLayout {
  const recipient = parcel.recipient;
  const sortBarcode = createSortBarcode({
    zipCode: recipient.zipCode,
    country: recipient.country,
    parcelLabelNumber: parcel.parcelLabelNumber,
    serviceCode: parcel.serviceCode,
  });
  const info1 = toPrintable(parcel.info1);
  const references = parcel.references.map(toPrintable).filter((reference) => reference !== '');
  const parcelShopId = toPrintable(parcel.parcelShopId);
  return {
    sender: senderLines(parcel.sender),
    recipient: recipientLines(recipient),
    recipientContact: joinPrintable(recipient.contact, recipient.phone, ' · '),
    references,
    referenceLines: [references.slice(0, 2), references.slice(2, 4)].filter((pair) => pair.length > 0).map((pair) => pair.join(' · ')),
    infoLine: info1 === '' ? undefined : `Info: ${info1}`,
    weight: formatWeight(parcel.weight),
    product: toPrintable(parcel.product),
    serviceCode: parcel.serviceCode,
    serviceText: toPrintable(parcel.serviceText),
    depot: parcel.sendingDepot,
    routing: `${recipient.country}-${toPrintable(sortingPostcode(recipient.zipCode, recipient.country)).toUpperCase()}`,
    date: parcel.date,
    parcelNumber: formatParcelNumber(parcel.parcelLabelNumber),
    sequence: `${parcel.sequence}/${parcel.count}`,
    stageMark: stage ? STAGE_MARK : undefined,
    parcelShop: parcelShopId === '' ? undefined : `Parcel shop ${parcelShopId}`,
    info1: info1 === '' ? undefined : info1,
    returnMark: parcel.returns ? RETURN_MARK : undefined,
    sortBarcode,
    twoDimensionalPayload: `${sortBarcode.payload}|${toPrintable(parcel.mpsId)}`,
  };
}
