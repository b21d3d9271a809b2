// The wall-clock fields of an instant in a time zone, read from Intl's numeric parts only: the text a
// message shows is assembled by hand, so it never depends on the ICU build's punctuation or spaces.

export interface ZonedParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** 0 = Sunday. */
  readonly weekday: number;
  readonly hour: number;
  readonly minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_INDEX: Readonly<Record<string, number>> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      // h23: midnight is 0 (hour12: false writes 24 on some builds).
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = new Map(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.get('year')),
    month: Number(parts.get('month')),
    day: Number(parts.get('day')),
    weekday: WEEKDAY_INDEX[parts.get('weekday') ?? 'Sun'] ?? 0,
    hour: Number(parts.get('hour')),
    minute: Number(parts.get('minute')),
  };
}
