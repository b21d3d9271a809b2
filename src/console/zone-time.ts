// Times in one named time zone — the service's (SERVICE_TIME_ZONE), in which tracking dates are given —
// whatever zone the reader's browser is in: instants shown in it, and date-time inputs read and filled in it.

/** An instant's wall-clock fields in `timeZone`, as milliseconds of a UTC date with the same fields. */
function wallTime(time: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(time));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
}

/** A formatter of ISO 8601 instants as date and time in `timeZone`; an unreadable text is returned as it is. */
export function instantFormatter(locale: string, timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (iso) => {
    const at = new Date(iso);
    return Number.isNaN(at.getTime()) ? iso : format.format(at);
  };
}

/**
 * A `datetime-local` input's value (`2026-03-29T02:30` or with seconds), read as a wall-clock time in
 * `timeZone`, as ISO 8601 UTC; undefined when empty or unreadable. A time a clock change skips is read
 * with the offset before the change.
 */
export function instantOfLocal(local: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wall)) return undefined;
  // The zone's offset at the guess, then again at the corrected time (it differs only across a change).
  const first = wall - (wallTime(wall, timeZone) - wall);
  const time = wall - (wallTime(first, timeZone) - first);
  return new Date(time).toISOString();
}

/** An ISO 8601 instant as a `datetime-local` input's value (to the minute) in `timeZone`; empty when unreadable. */
export function localOfInstant(iso: string | undefined, timeZone: string): string {
  const time = iso === undefined ? Number.NaN : new Date(iso).getTime();
  return Number.isNaN(time) ? '' : new Date(wallTime(time, timeZone)).toISOString().slice(0, 16);
}
