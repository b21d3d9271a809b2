// The one reader of every date a request carries: a YYYYMMDD number (the specification's xs:int dates),
// a date as text (`YYYY-MM-DD` or `YYYYMMDD`), and a date and time (ISO 8601: `YYYY-MM-DDThh:mm`, seconds
// and a fraction optional, `Z` or an offset). Each refuses what names no day or time of the Gregorian
// calendar (2027-02-30, 00000000, 99999999, 2027-13-01, 24:00), so no rule, search or store ever meets
// one. The patterns below say the same for the OpenAPI document and the WSDL's schema: exact, leap
// years included, so a schema-validating client refuses what the service refuses.

/** The parts of a date. */
export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The parts of a YYYYMMDD number when it names a real day of the Gregorian calendar (years 1000–9999). */
export function readDate(value: number): DateParts | undefined {
  if (!Number.isInteger(value) || value < 10000101 || value > 99991231) return undefined;
  const year = Math.floor(value / 10000);
  const month = Math.floor(value / 100) % 100;
  const day = value % 100;
  return isRealDay(year, month, day) ? { year, month, day } : undefined;
}

function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const DATE_TEXT = /^([0-9]{4})-?([0-9]{2})-?([0-9]{2})$/;

/** The YYYYMMDD number of a date written `YYYY-MM-DD` or `YYYYMMDD`; undefined when it names no real day. */
export function readDateText(text: string): number | undefined {
  const match = DATE_TEXT.exec(text);
  if (match === null) return undefined;
  // One hyphen without the other is neither form.
  if (text.length !== 8 && text.length !== 10) return undefined;
  const value = Number(`${match[1]}${match[2]}${match[3]}`);
  return readDate(value) === undefined ? undefined : value;
}

const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))?$/;

const MINUTE = 60_000;

export interface DateTimeOptions {
  /** Whether `Z` or an offset must be given; without one the time is read as UTC. Default false. */
  readonly zoneRequired?: boolean;
  /** Whether the seconds may be left out (`10:00Z`). Default true. */
  readonly secondsOptional?: boolean;
}

/** The instant of an ISO 8601 date and time; undefined when no such date, time or offset exists. */
export function readDateTime(text: string, options: DateTimeOptions = {}): Date | undefined {
  const match = DATE_TIME.exec(text);
  if (match === null) return undefined;
  if (options.zoneRequired === true && match[8] === undefined) return undefined;
  if (options.secondsOptional === false && match[6] === undefined) return undefined;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const second = Number(match[6] ?? 0);
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const zoneHours = Number(match[10] ?? 0);
  const zoneMinutes = Number(match[11] ?? 0);
  if (zoneHours > 23 || zoneMinutes > 59) return undefined;
  const millis = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = (match[9] === '-' ? -1 : 1) * (zoneHours * 60 + zoneMinutes) * MINUTE;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset);
}

// The patterns, as groups that an XML Schema pattern can hold too (no `(?:`, no lookaround, no \d:
// xml/xsd-pattern.ts), years 1000–9999 as readDate takes them.
const YEAR = '[1-9][0-9]{3}';
/** A leap year: divisible by 4, and not by 100 unless by 400. */
const LEAP_YEAR = '([1-9][0-9](0[48]|[2468][048]|[13579][26])|([2468][048]|[13579][26])00)';
/** A real date, `-` between its parts when `separator` is. */
const dateOf = (separator: string) =>
  `(${YEAR}${separator}((0[13578]|1[02])${separator}(0[1-9]|[12][0-9]|3[01])|(0[469]|11)${separator}(0[1-9]|[12][0-9]|30)|02${separator}(0[1-9]|1[0-9]|2[0-8]))|${LEAP_YEAR}${separator}02${separator}29)`;

/** A real date YYYYMMDD (readDate of its number), as a pattern. */
export const YYYYMMDD_PATTERN = new RegExp(`^${dateOf('')}$`);
/** A real date `YYYY-MM-DD` or `YYYYMMDD` (readDateText). */
export const DATE_TEXT_PATTERN = new RegExp(`^(${dateOf('-')}|${dateOf('')})$`);

/** What a date and time may leave out or must carry, for its pattern. */
export interface DateTimeForm {
  /** Whether `Z` or an offset must be given. */
  readonly zoneRequired: boolean;
  /** Whether the seconds may be left out. */
  readonly secondsOptional: boolean;
  /** Most digits of a second's fraction. */
  readonly fractionDigits: number;
}

/** A real date and time of `form` (readDateTime), as a pattern; `loose`: any digits where the parts go (the form alone). */
export function dateTimePattern(form: DateTimeForm, loose = false): RegExp {
  const two = loose ? '[0-9]{2}' : undefined;
  const seconds = `:${two ?? '[0-5][0-9]'}(\\.[0-9]{1,${form.fractionDigits}})?`;
  const zone = `(Z|[+-]${two ?? '([01][0-9]|2[0-3])'}:${two ?? '[0-5][0-9]'})`;
  const date = loose ? '[0-9]{4}-[0-9]{2}-[0-9]{2}' : dateOf('-');
  return new RegExp(
    `^${date}T${two ?? '([01][0-9]|2[0-3])'}:${two ?? '[0-5][0-9]'}${form.secondsOptional ? `(${seconds})?` : seconds}${form.zoneRequired ? zone : `${zone}?`}$`,
  );
}

/** The form of a date as text, whatever its digits: `YYYY-MM-DD` or `YYYYMMDD`. */
export const DATE_TEXT_FORM = /^[0-9]{4}(-[0-9]{2}-|[0-9]{2})[0-9]{2}$/;
