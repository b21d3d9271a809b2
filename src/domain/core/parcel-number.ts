// Parcel label numbers (docs/decisions.md "Operations"): 4-digit sending depot + 10-digit serial = 14 digits.
import { computeCheckCharacter } from '../../labels/check-character.ts';
import type { Environment } from './environment.ts';

/** Shipment data validity after transfer (spec "Limits": 28 days). */
export const SHIPMENT_DATA_VALIDITY_MS = 28 * 24 * 60 * 60 * 1000;

export const MAX_SERIAL = 9_999_999_999;

/** A parcel label number as callers write it: 14 digits. */
export const PARCEL_LABEL_NUMBER = /^[0-9]{14}$/;

/**
 * The numbers each environment issues, as offsets added to its store's serials: stage numbers come
 * from a range of their own, so that a stage label never carries a number live has issued or will
 * issue (docs/decisions.md "Environments": the two never share parcel numbers). Live issues 1 to 8,999,999,999,
 * stage 9,000,000,000 to 9,999,999,999 (its store's serial 1 is 9,000,000,000).
 */
export const SERIAL_RANGES: Readonly<Record<Environment, { readonly offset: number; readonly last: number }>> = Object.freeze({
  live: { offset: 0, last: 8_999_999_999 },
  stage: { offset: 8_999_999_999, last: MAX_SERIAL },
});

/** The 14-digit parcel label number of a depot and the `serial`th serial of `environment`'s store. */
export function parcelLabelNumber(depot: string, serial: number, environment: Environment): string {
  if (!/^[0-9]{4}$/.test(depot)) throw new RangeError(`a depot of a parcel number has 4 digits, got ${depot}`);
  const { offset, last } = SERIAL_RANGES[environment];
  const issued = offset + serial;
  if (!Number.isInteger(serial) || serial < 1 || issued > last) throw new RangeError(`serial out of the ${environment} range: ${serial}`);
  return depot + String(issued).padStart(10, '0');
}

/** A printed parcel label number read: its 14 digits, and the check character when it was not the number's. */
export interface PrintedParcelLabelNumber {
  readonly number: string;
  readonly wrongCheck?: { readonly given: string; readonly expected: string };
}

/**
 * The 14 digits of a parcel label number as the label prints it (`0522 9000 0000 00 7`, contract
 * PRINTED_PARCEL_LABEL_NUMBER): the spaces dropped, and the check character after the digits
 * (ISO/IEC 7064 MOD 37,36, as label-layout.ts prints it) checked and dropped.
 */
export function readPrintedParcelLabelNumber(text: string): PrintedParcelLabelNumber {
  const compact = text.replace(/ /g, '').toUpperCase();
  const number = compact.slice(0, 14);
  if (compact.length === 14) return { number };
  const given = compact.slice(14);
  const expected = computeCheckCharacter(number);
  return given === expected ? { number } : { number, wrongCheck: { given, expected } };
}
