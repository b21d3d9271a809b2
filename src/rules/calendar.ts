// Calendar arithmetic on YYYYMMDD numbers, the date form of the specification's xs:int dates.
import type { LocalizedText } from '../contract/error-catalogue.ts';

import { readDate } from '../contract/schema/calendar-date.ts';

/** The parts of a YYYYMMDD number when it names a real day: the one date reader (contract/schema/calendar-date.ts). */
export { readDate };

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

/** The wall-clock fields of an instant in a time zone: hour 0–23. */
export interface ZonedFields {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const fieldFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock fields of `instant` in `timeZone`, read from Intl's numeric parts. Only the numbers
 * are taken: the text Intl writes around them (a comma, and before AM/PM an ASCII or a narrow no-break
 * space, as the ICU build decides) is never used.
 */
export function zonedFields(instant: Date, timeZone: string): ZonedFields {
  let format = fieldFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      // h23: midnight is 0 (hour12: false writes 24 for it in en-US).
      hourCycle: 'h23',
    });
    fieldFormats.set(timeZone, format);
  }
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(instant)) {
    if (Object.hasOwn(fields, part.type)) fields[part.type as keyof typeof fields] = Number(part.value);
  }
  return fields;
}

/** The wall-clock fields of an instant in a time zone, with its day of the week (0 = Sunday). */
export interface ZonedParts extends ZonedFields {
  readonly weekday: number;
}

/** `zonedFields` and the day of the week of the date they read (the calendar's, not Intl's names for it). */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const fields = zonedFields(instant, timeZone);
  return { ...fields, weekday: new Date(Date.UTC(fields.year, fields.month - 1, fields.day)).getUTCDay() };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `ms` (whole seconds), read from Intl. */
function readZoneOffset(ms: number, timeZone: string): number {
  const f = zonedFields(new Date(ms), timeZone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(ms / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/** Offsets by zone and UTC hour, for the hours with one offset throughout (no change of offset within). */
const hourOffsets = new Map<string, number>();

/**
 * How far `timeZone`'s wall clock is ahead of UTC at `ms`. A zone's offset changes a few times a year
 * at most, so it is kept per UTC hour: where the hour's first and last seconds read the same offset (no
 * zone changes twice within an hour), every instant of it has that offset. The journeys place thousands
 * of events a round; Intl's formatToParts was most of their cost.
 */
function zoneOffset(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone} ${hour}`;
  const kept = hourOffsets.get(key);
  if (kept !== undefined) return kept;
  const start = readZoneOffset(hour * HOUR_MS, timeZone);
  if (readZoneOffset(hour * HOUR_MS + HOUR_MS - 1000, timeZone) !== start) return readZoneOffset(ms, timeZone);
  if (hourOffsets.size >= 100_000) hourOffsets.clear();
  hourOffsets.set(key, start);
  return start;
}

/**
 * The instant at which `timeZone`'s wall clock reads `time` (`HH:MM:SS`) on `date` (YYYYMMDD). A time
 * in a daylight-saving gap falls an hour later, one in the repeated hour on its first pass; the
 * journeys' times keep out of both (02:00–03:00 in Europe).
 */
export function zonedInstant(date: number, time: string, timeZone: string): Date {
  const [hour, minute, second] = time.split(':').map(Number);
  const local = Date.UTC(Math.floor(date / 10000), (Math.floor(date / 100) % 100) - 1, date % 100, hour, minute, second);
  const guess = local - zoneOffset(local, timeZone);
  return new Date(local - zoneOffset(guess, timeZone));
}

/** The date `days` days after a real YYYYMMDD date (before it when negative). */
export function addDays(date: number, days: number): number {
  const day = new Date(Date.UTC(Math.floor(date / 10000), (Math.floor(date / 100) % 100) - 1, (date % 100) + days));
  return day.getUTCFullYear() * 10000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
}

/** The `count`-th date after `date` (count ≥ 1) for which `counts` holds. */
export function nthDayAfter(date: number, count: number, counts: (day: number) => boolean): number {
  let day = date;
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (counts(day)) left--;
  }
  return day;
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
