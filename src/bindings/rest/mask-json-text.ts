// Masks personal fields in a JSON request text for the stage log: one regular-expression pass over
// the text as sent (what an integrator sent, unknown fields included), instead of a walk and a new
// serialisation on every request.
import { MASK, PERSONAL_FIELDS, maskPersonalData } from '../../domain/operator/stage-request.ts';

const names = [...PERSONAL_FIELDS].join('|');
const PERSONAL_VALUE = new RegExp(`"(${names})"(\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*)`, 'g');
/** A personal key holding a list or an object, whose values the pattern above would not reach. */
const PERSONAL_NESTED = new RegExp(`"(?:${names})"\\s*:\\s*[[{]`);

/**
 * `text` with every personal field's value replaced by `***`. A key written with escapes (`\u006e…`)
 * could slip past the pattern, and so could values in a list or object under a personal key
 * (`"password":["…"]`), so such texts are parsed and walked instead; a text that is not JSON at all is
 * kept as the JSON text `"***"` alone.
 */
export function maskJsonText(text: string): string {
  if (!text.includes('\\u') && !PERSONAL_NESTED.test(text)) return text.replace(PERSONAL_VALUE, `"$1"$2"${MASK}"`);
  try {
    return JSON.stringify(maskPersonalData(JSON.parse(text)) ?? null);
  } catch {
    return JSON.stringify(MASK);
  }
}
