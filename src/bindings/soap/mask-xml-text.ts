// Masks personal fields in a SOAP request text for the stage log: one regular-expression pass over
// the text as sent, instead of a walk over the parsed tree and a new serialisation per request.
import { MASK, PERSONAL_FIELDS, maskPersonalData } from '../../domain/stage-request.ts';

const names = [...PERSONAL_FIELDS].join('|');
/** `<name1>…</name1>`, with or without a prefix and attributes; the content holds no markup. */
const PERSONAL_ELEMENT = new RegExp(`<((?:[\\w.-]+:)?(?:${names}))(\\s[^>]*)?>[^<]*</\\1\\s*>`, 'g');

/**
 * `text` with the content of every personal element replaced by `***`. Content in a CDATA section
 * could slip past the pattern, so such texts take the walk over the parsed tree instead.
 */
export function maskXmlText(text: string, parsed: unknown): string {
  if (text.includes('<![CDATA[')) return JSON.stringify(maskPersonalData(parsed) ?? null);
  return text.replace(PERSONAL_ELEMENT, `<$1$2>${MASK}</$1>`);
}
