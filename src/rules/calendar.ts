// Calendar arithmetic on YYYYMMDD numbers, the date form of the specification's xs:int dates.
import type { LocalizedText } from '../contract/error-catalogue.ts';

/** The parts of a YYYYMMDD number when it names a real day of the Gregorian calendar. */
export function readDate(value: number): { year: number; month: number; day: number } | undefined {
  if (!Number.isInteger(value) || value < 10000101 || value > 99991231) return undefined;
  const year = Math.floor(value / 10000);
  const month = Math.floor(value / 100) % 100;
  const day = value % 100;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Day of the week of a real YYYYMMDD date: 0 = Sunday … 6 = Saturday (the spec's `pickup.day`). */
export function weekday(value: number): number {
  const parts = readDate(value);
  if (parts === undefined) throw new RangeError(`not a date: ${value}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
}

/** Whether a real date is a business day: Monday to Friday and not a listed holiday. */
export function isBusinessDay(value: number, holidays: ReadonlySet<number>): boolean {
  const day = weekday(value);
  return day !== 0 && day !== 6 && !holidays.has(value);
}

/** The first business day on or after a real date (a pickup's earliest date when `date` is today). */
export function firstBusinessDayFrom(date: number, holidays: ReadonlySet<number>): number {
  const parts = readDate(date);
  if (parts === undefined) throw new RangeError(`not a date: ${date}`);
  const day = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  const value = () => day.getUTCFullYear() * 10000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
  // Weekends and holidays are finite: a listed year of holidays still ends.
  while (!isBusinessDay(value(), holidays)) day.setUTCDate(day.getUTCDate() + 1);
  return value();
}

const formats = new Map<string, Intl.DateTimeFormat>();
const lastDates = new Map<string, { minute: number; date: number }>();

/** YYYYMMDD of an instant in a time zone (business dates are in SERVICE_TIME_ZONE). */
export function dateInZone(instant: Date, timeZone: string): number {
  // Formatting costs microseconds and every request asks: the answer is kept for the minute.
  const minute = Math.floor(instant.getTime() / 60_000);
  const cached = lastDates.get(timeZone);
  if (cached !== undefined && cached.minute === minute) return cached.date;
  // Building a DateTimeFormat costs far more than formatting with one: keep one per zone.
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const date = get('year') * 10000 + get('month') * 100 + get('day');
  lastDates.set(timeZone, { minute, date });
  return date;
}

/** The days of the week as `pickup.day` counts them (0 = Sunday), in each message language. */
export const weekdayNames: readonly LocalizedText[] = Object.freeze(
  [
    ['Sunday', 'zondag'],
    ['Monday', 'maandag'],
    ['Tuesday', 'dinsdag'],
    ['Wednesday', 'woensdag'],
    ['Thursday', 'donderdag'],
    ['Friday', 'vrijdag'],
    ['Saturday', 'zaterdag'],
  ].map(([en_US, nl_NL]) => Object.freeze({ en_US, nl_NL })),
);
