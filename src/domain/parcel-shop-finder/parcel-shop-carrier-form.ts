// The carrier's `parcelShop` form of a directory entry (ParcelShopFinderServiceV50.xsd, as the
// searches answer it), read into the directory's own form for `parcel-service shops import`: opening
// hours by weekday name and `HH:MM`, holidays as `YYYY-MM-DD`, services as a ServiceType listing each
// offered service. docs/decisions.md ("Parcel-shop finder") says how the two forms meet.
import { fill } from '../../contract/error-catalogue.ts';
import { violation, type Violation } from '../../rules/violation.ts';
import { WEEKDAYS, countryNumOf } from './parcel-shop-answer.ts';

type JsonRecord = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `entry` is written in the carrier's form: hours by weekday, holidays by start and end, or services as a ServiceType. */
export function isCarrierForm(entry: unknown): boolean {
  if (!isRecord(entry)) return false;
  const some = (list: unknown, key: string) => Array.isArray(list) && list.some((item) => isRecord(item) && Object.hasOwn(item, key));
  return Object.hasOwn(entry, 'services') || some(entry.openingHours, 'weekday') || some(entry.holiday, 'holidayStart');
}

/** The directory's name of each carrier field that is named otherwise, by the carrier's path suffix. */
const RENAMED: ReadonlyArray<readonly [RegExp, string]> = [
  [/(\.openingHours\[\d+\])\.day$/, '$1.weekday'],
  [/(\.openingHours\[\d+\])\.fromTime1$/, '$1.openMorning'],
  [/(\.openingHours\[\d+\])\.toTime1$/, '$1.closeMorning'],
  [/(\.openingHours\[\d+\])\.fromTime2$/, '$1.openAfternoon'],
  [/(\.openingHours\[\d+\])\.toTime2$/, '$1.closeAfternoon'],
  [/(\.holiday\[\d+\])\.dateFrom$/, '$1.holidayStart'],
  [/(\.holiday\[\d+\])\.dateTo$/, '$1.holidayEnd'],
  [/\.availableService(\[\d+\])$/, '.services.serviceDetail$1.code'],
];

/** `found` (a problem of the converted entry) at the path the carrier's form has for it. */
export function atCarrierPath(found: Violation): Violation {
  const path = RENAMED.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), found.path);
  return path === found.path ? found : { ...found, path, params: { ...found.params, path } };
}

/** `HH:MM` (24 h) as hhmm, or undefined when it is not such a time. */
function hhmmOf(text: unknown): number | undefined {
  const match = typeof text === 'string' ? /^([0-9]{2}):([0-9]{2})$/.exec(text) : null;
  return match === null ? undefined : Number(match[1]) * 100 + Number(match[2]);
}

/** Reads the carrier's form of the entry at `path` into the directory's; the conversions it could not make are violations. */
export function fromCarrierForm(
  entry: JsonRecord,
  path: string,
): { readonly entry: JsonRecord; readonly violations: readonly Violation[] } {
  const violations: Violation[] = [];
  const { services, countryNum, openingHours, holiday, ...rest } = entry;
  const out: Record<string, unknown> = { ...rest };

  if (countryNum !== undefined && typeof entry.country === 'string') {
    const expected = countryNumOf(entry.country.toUpperCase());
    if (expected !== undefined && countryNum !== expected) {
      violations.push(violation('error_invalid_field_value', `${path}.countryNum`, { values: String(expected) }));
    }
  }

  if (Array.isArray(openingHours)) {
    out.openingHours = openingHours.map((hours: unknown, i) => {
      if (!isRecord(hours)) return hours;
      const at = `${path}.openingHours[${i}]`;
      const { weekday, openMorning, closeMorning, openAfternoon, closeAfternoon, ...others } = hours;
      const day = typeof weekday === 'string' ? WEEKDAYS.findIndex((name) => name.toLowerCase() === weekday.toLowerCase()) : -1;
      if (weekday !== undefined && day === -1)
        violations.push(violation('error_invalid_field_value', `${at}.weekday`, { values: WEEKDAYS.join(', ') }));
      const converted: Record<string, unknown> = { ...others, ...(day === -1 ? {} : { day }) };
      for (const [key, name, text] of [
        ['fromTime1', 'openMorning', openMorning],
        ['toTime1', 'closeMorning', closeMorning],
        ['fromTime2', 'openAfternoon', openAfternoon],
        ['toTime2', 'closeAfternoon', closeAfternoon],
      ] as const) {
        if (text === undefined) continue;
        const hhmm = hhmmOf(text);
        if (hhmm === undefined)
          violations.push(violation('error_invalid_field_format', `${at}.${name}`, { format: fill('format_clock_time') }));
        else converted[key] = hhmm;
      }
      return converted;
    });
  }

  if (Array.isArray(holiday)) {
    out.holiday = holiday.map((period: unknown, i) => {
      if (!isRecord(period)) return period;
      const { holidayStart, holidayEnd, ...others } = period;
      const converted: Record<string, unknown> = { ...others };
      for (const [key, name, text] of [
        ['dateFrom', 'holidayStart', holidayStart],
        ['dateTo', 'holidayEnd', holidayEnd],
      ] as const) {
        if (text === undefined) continue;
        if (typeof text === 'string' && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) converted[key] = text.replace(/-/g, '');
        else violations.push(violation('error_invalid_field_format', `${path}.holiday[${i}].${name}`, { format: fill('format_iso_date') }));
      }
      return converted;
    });
  }

  if (services !== undefined) {
    // ServiceType: `available` false offers nothing; each serviceDetail names a service offered.
    const details = isRecord(services) && Array.isArray(services.serviceDetail) ? services.serviceDetail : undefined;
    if (details === undefined) violations.push(violation('error_missing_field', `${path}.services.serviceDetail`));
    else if (isRecord(services) && services.available !== false) {
      out.availableService = details.map((detail: unknown) => (isRecord(detail) ? detail.code : detail));
    }
  }
  return { entry: out, violations };
}
