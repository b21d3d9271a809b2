// Rules on the parcel-shop directory's entries (`parcel-service shops import`) beyond their field
// shapes: real countries and postcodes, opening windows as a pickup's, real closed periods that do
// not overlap, each id, each service and each weekday once.
import type { ParcelShopEntryData } from '../contract/parcel-shop-finder-service.ts';
import type { DeepPartial } from '../contract/schema/model.ts';
import { checkTimes } from './pickup.ts';
import { isCountry, isPostcodeOf } from './reference-data.ts';
import { violation, type Violation } from './violation.ts';

/**
 * Control characters (C0, DEL, C1) and the noncharacters U+FFFE and U+FFFF: no XML can carry them (XML
 * 1.0 §2.2), so the SOAP searches would answer U+FFFD where REST answered the character itself.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const NOT_TEXT = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/;

/** A violation for each text of `value` (an entry, or any object or list in it) holding a character that is not text. */
function checkCharacters(value: unknown, path: string, out: Violation[]): void {
  if (typeof value === 'string') {
    const found = NOT_TEXT.exec(value);
    if (found !== null) {
      const character = `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      out.push(violation('error_invalid_character', path, { character }));
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => checkCharacters(item, `${path}[${i}]`, out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) checkCharacters(item, `${path}.${key}`, out);
  }
}

/** Every problem of `entries` (decoded at `paths`), besides those the decoder reported. */
export function checkParcelShopEntries(
  entries: ReadonlyArray<DeepPartial<ParcelShopEntryData> | undefined>,
  paths: readonly string[],
): Violation[] {
  const out: Violation[] = [];
  const firstPathOfId = new Map<number, string>();
  entries.forEach((entry, index) => {
    if (entry === undefined) return;
    const path = paths[index];
    checkCharacters(entry, path, out);
    if (entry.parcelShopId !== undefined) {
      const first = firstPathOfId.get(entry.parcelShopId);
      if (first === undefined) firstPathOfId.set(entry.parcelShopId, path);
      else out.push(violation('error_duplicate_parcel_shop', `${path}.parcelShopId`, { value: entry.parcelShopId, first }));
    }
    if (entry.country !== undefined && !isCountry(entry.country)) {
      out.push(violation('error_invalid_country', `${path}.country`, { value: entry.country }));
    } else if (entry.country !== undefined && entry.zipCode !== undefined && !isPostcodeOf(entry.zipCode, entry.country)) {
      out.push(violation('error_invalid_dest_zip', `${path}.zipCode`, { zipCode: entry.zipCode, country: entry.country }));
    }
    // A service listed twice says nothing more and would be answered twice by every search.
    const services = new Set<string>();
    entry.availableService?.forEach((service, i) => {
      if (service === undefined) return;
      if (services.has(service))
        out.push(violation('error_duplicate_available_service', `${path}.availableService[${i}]`, { value: service }));
      services.add(service);
    });
    const days = new Set<number>();
    entry.openingHours?.forEach((hours, i) => {
      const at = `${path}.openingHours[${i}]`;
      if (hours === undefined) return;
      if (hours.day !== undefined) {
        if (days.has(hours.day)) out.push(violation('error_duplicate_opening_day', `${at}.day`, { value: hours.day }));
        days.add(hours.day);
      }
      out.push(...checkTimes(hours, at));
    });
    const periods: Array<{ readonly from: number; readonly to: number; readonly at: string }> = [];
    entry.holiday?.forEach((holiday, i) => {
      const at = `${path}.holiday[${i}]`;
      if (holiday === undefined) return;
      // Real days, or left out by the decoder, which refused them (contract/schema/calendar-date.ts).
      const { dateFrom: from, dateTo: to } = holiday;
      if (from === undefined || to === undefined) return;
      if (from > to) {
        out.push(violation('error_date_range', `${at}.dateFrom`, { from, to }));
        return;
      }
      // Both dates are closed days (contract Holiday; isClosedOn in domain/parcel-shop-finder/find-parcel-shops.ts), so a
      // period ending on the day another begins overlaps it. Named against the first period it meets.
      const other = periods.find((period) => period.from <= to && from <= period.to);
      if (other !== undefined) {
        out.push(
          violation('error_holiday_overlap', at, {
            from,
            to,
            other: other.at,
            otherFrom: other.from,
            otherTo: other.to,
            shop: entry.parcelShopId ?? path,
          }),
        );
      }
      periods.push({ from, to, at });
    });
  });
  return out;
}
