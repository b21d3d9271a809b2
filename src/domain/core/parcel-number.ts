// Parcel label numbers (DESIGN "Operations"): 4-digit sending depot + 10-digit serial = 14 digits.
import type { Environment } from './environment.ts';

/** Shipment data validity after transfer (spec "Limits": 28 days). */
export const SHIPMENT_DATA_VALIDITY_MS = 28 * 24 * 60 * 60 * 1000;

export const MAX_SERIAL = 9_999_999_999;

/** A parcel label number as callers write it: 14 digits. */
export const PARCEL_LABEL_NUMBER = /^[0-9]{14}$/;

/**
 * The numbers each environment issues, as offsets added to its store's serials: stage numbers come
 * from a range of their own, so that a stage label never carries a number live has issued or will
 * issue (DESIGN "Environments": the two never share parcel numbers). Live issues 1 to 8,999,999,999,
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
