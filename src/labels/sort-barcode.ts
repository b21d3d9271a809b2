// The 28-character Code 128 sort barcode (docs/decisions.md "Labels on the wire"; DPD Parcel Label Specification 4.6):
// `%` + 7-character postcode + 14-digit parcel number + 3-digit service code + 3-digit ISO 3166-1
// numeric destination country, and the grouped human-readable line printed beneath the bars.
import countries from 'i18n-iso-countries';
import { computeCheckCharacter } from './check-character.ts';

/** The sort barcode of one parcel. */
export interface SortBarcode {
  /** Exactly 28 characters, `%` followed by 27 of 0-9 and A-Z: what the bars encode. */
  readonly payload: string;
  /** The payload grouped for reading, without `%`, ending with its MOD 37,36 check character. */
  readonly humanReadable: string;
}

/** What the sort barcode is made of. */
export interface SortBarcodeInput {
  /** The destination postcode as the caller wrote it (a US ZIP+4 is sorted by its ZIP). */
  readonly zipCode: string;
  /** ISO 3166-1 alpha-2 destination country. */
  readonly country: string;
  /** 14 digits. */
  readonly parcelLabelNumber: string;
  /** 3 digits. */
  readonly serviceCode: string;
}

const POSTCODE_LENGTH = 7;

/**
 * The 7-character postcode field: upper-cased, everything but 0-9 and A-Z removed (spaces, dashes), then
 * right-aligned and filled with leading `0` when shorter (AT 3932 → `0003932`, as in the DPD label
 * specification's examples) or cut to its first 7 characters when longer.
 */
export function formatSortPostcode(zipCode: string): string {
  const clean = zipCode.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return clean.slice(0, POSTCODE_LENGTH).padStart(POSTCODE_LENGTH, '0');
}

/** A US ZIP+4 code, nine digits or `12345-6789`: its first five are the ZIP. */
const ZIP_PLUS_FOUR = /^\s*(\d{5})\s*-?\s*\d{4}\s*$/;

/**
 * The postcode a parcel is sorted and routed by: a US ZIP+4 by its five-digit ZIP (the four added digits
 * name a delivery segment, not a destination, and seven characters would hold neither), any other postcode
 * as the caller wrote it.
 */
export function sortingPostcode(zipCode: string, country: string): string {
  if (country.toUpperCase() !== 'US') return zipCode;
  return ZIP_PLUS_FOUR.exec(zipCode)?.[1] ?? zipCode;
}

/** The ISO 3166-1 numeric code (3 digits) of an alpha-2 country; throws for an unknown country. */
export function numericCountryCode(alpha2: string): string {
  const numeric = countries.alpha2ToNumeric(alpha2.toUpperCase());
  if (numeric === undefined) throw new RangeError(`unknown ISO 3166-1 alpha-2 country ${JSON.stringify(alpha2)}`);
  return numeric;
}

function requireDigits(name: string, value: string, length: number): void {
  if (value.length !== length || !/^[0-9]+$/.test(value)) {
    throw new RangeError(`${name} must be ${length} digits, got ${JSON.stringify(value)}`);
  }
}

/** Builds the sort barcode payload and its human-readable line (groups 4 3 · 4 4 4 2 · 3 · 3 · check). */
export function createSortBarcode(input: SortBarcodeInput): SortBarcode {
  requireDigits('parcelLabelNumber', input.parcelLabelNumber, 14);
  requireDigits('serviceCode', input.serviceCode, 3);
  const data =
    formatSortPostcode(sortingPostcode(input.zipCode, input.country)) +
    input.parcelLabelNumber +
    input.serviceCode +
    numericCountryCode(input.country);
  const groups = [
    data.slice(0, 4),
    data.slice(4, 7),
    data.slice(7, 11),
    data.slice(11, 15),
    data.slice(15, 19),
    data.slice(19, 21),
    data.slice(21, 24),
    data.slice(24, 27),
    computeCheckCharacter(data),
  ];
  return { payload: `%${data}`, humanReadable: groups.join(' ') };
}
