// Stage requests kept for metrics with personal fields masked before storage (spec "What the
// service does" 6: names, phone numbers, e-mail addresses and other personal references).
import { personalFieldNames } from '../../contract/personal-fields.ts';

/** Fields holding personal data or secrets anywhere in a request resource: those the contract marks personal. */
export const PERSONAL_FIELDS: ReadonlySet<string> = personalFieldNames();

export const MASK = '***';

/** `value` with every string and number in it, at any depth, replaced by `***`. */
function maskAll(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return MASK;
  if (Array.isArray(value)) return value.map(maskAll);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, maskAll(field)]));
}

/**
 * A copy of a request with every personal field's value replaced by `***`: a string or number itself,
 * and every string and number inside a list or object sent under a personal key (such a request is
 * refused, but its text is kept all the same).
 */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = PERSONAL_FIELDS.has(key) ? maskAll(field) : maskPersonalData(field);
  }
  return out;
}
