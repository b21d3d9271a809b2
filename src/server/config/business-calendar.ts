// SERVICE_TIME_ZONE and HOLIDAYS: the zone business dates are in, and the days that are not business days.
import { readDate } from '../../rules/calendar.ts';
import { ConfigError } from './environment-variables.ts';

export function timeZone(text: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: text });
    return text;
  } catch {
    throw new ConfigError(`SERVICE_TIME_ZONE "${text}" is not an IANA time zone`);
  }
}

export function holidays(text: string | undefined): ReadonlySet<number> {
  const days = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const day of days)
    if (!/^[0-9]{8}$/.test(day) || readDate(Number(day)) === undefined)
      throw new ConfigError(`HOLIDAYS must list YYYYMMDD dates, got "${day}"`);
  return new Set(days.map(Number));
}
