// Parcel label numbers (DESIGN "Operations"): 4-digit sending depot + 10-digit serial = 14 digits.

/** Shipment data validity after transfer (spec "Limits": 28 days). */
export const SHIPMENT_DATA_VALIDITY_MS = 28 * 24 * 60 * 60 * 1000;

export const MAX_SERIAL = 9_999_999_999;

/** The 14-digit parcel label number of a depot and a serial. */
export function parcelLabelNumber(depot: string, serial: number): string {
  if (!/^[0-9]{4}$/.test(depot)) throw new RangeError(`a depot of a parcel number has 4 digits, got ${depot}`);
  if (!Number.isInteger(serial) || serial < 1 || serial > MAX_SERIAL) throw new RangeError(`serial out of range: ${serial}`);
  return depot + String(serial).padStart(10, '0');
}
