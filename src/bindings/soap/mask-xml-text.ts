// Masks personal fields in a SOAP request text for the stage log: one regular-expression pass over
// the text as sent, instead of a walk over the parsed tree and a new serialisation per request.
import { MASK, PERSONAL_FIELDS } from '../../domain/stage-request.ts';
import { escapeText } from './xml-text.ts';

const names = [...PERSONAL_FIELDS].join('|');
/** `<name1>…</name1>`, with or without a prefix and attributes; the content holds no markup. */
const PERSONAL_ELEMENT = new RegExp(`<((?:[\\w.-]+:)?(?:${names}))(\\s[^>]*)?>[^<]*</\\1\\s*>`, 'g');
/** Markup that may sit inside a value: CDATA sections, comments, processing instructions. */
const INNER_MARKUP = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;

/**
 * `text` with the content of every personal element replaced by `***`. A value holding a CDATA
 * section, a comment or a processing instruction would slip past the pattern, so those are first
 * written as plain text (CDATA) or left out (comments, instructions: they carry no request data).
 */
export function maskXmlText(text: string): string {
  const plain = text.includes('<!') || text.lastIndexOf('<?') > 0
    ? text.replace(INNER_MARKUP, (_markup, cdata: string | undefined) => cdata === undefined ? '' : escapeText(cdata))
    : text;
  return plain.replace(PERSONAL_ELEMENT, `<$1$2>${MASK}</$1>`);
}
