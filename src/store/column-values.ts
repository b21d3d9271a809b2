// Conversions between domain values and the portable column representation (see schema.ts).
import type { EpochMillis, Flag } from './schema.ts';

export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

export function fromFlag(value: number): boolean {
  return value === 1;
}

export function toMillis(date: Date): EpochMillis {
  const millis = date.getTime();
  if (Number.isNaN(millis)) {
    throw new RangeError('cannot store an invalid Date');
  }
  return millis;
}

export function toDate(millis: EpochMillis): Date {
  return new Date(millis);
}

/** JSON text of a document; `undefined` is stored as JSON `null`. */
export function toJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/**
 * Caller text as both databases can keep it: PostgreSQL's text cannot hold U+0000 (SQLite's can), so
 * it is stored as U+FFFD, the replacement character, on both.
 */
export function toText(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '\uFFFD') : text;
}
