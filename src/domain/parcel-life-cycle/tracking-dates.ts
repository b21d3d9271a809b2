// The date of a tracking event as the carrier writes it in each message language (docs/decisions.md
// "Tracking dates"): English — and every language but Dutch — in the en-US general form of the
// recorded traffic, `M/D/YYYY h:mm:ss AM|PM` (`8/17/2021 7:11:26 PM`); Dutch as `D-M-YYYY HH:mm:ss`.
// The text is written here in ASCII from the wall-clock numbers of the service's time zone: Intl's own
// text has a comma after the date, and before AM/PM an ASCII or a narrow no-break space depending on
// the ICU build a process runs with, which strict date parsers refuse.
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import { zonedFields } from '../../rules/calendar.ts';

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** `instant` as tracking's `date` writes it in `language`, on the wall clock of `timeZone`. */
export function trackingDate(instant: Date, language: MessageLanguage, timeZone: string): string {
  const { year, month, day, hour, minute, second } = zonedFields(instant, timeZone);
  if (language === 'nl_NL') return `${day}-${month}-${year} ${two(hour)}:${two(minute)}:${two(second)}`;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${month}/${day}/${year} ${hour12}:${two(minute)}:${two(second)} ${hour < 12 ? 'AM' : 'PM'}`;
}
