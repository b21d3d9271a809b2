// Masks personal fields in a SOAP request text for the stage log: one regular-expression pass over
// the text as sent, instead of a walk over the parsed tree and a new serialisation per request.
import { MASK, PERSONAL_FIELDS } from '../../domain/operator/stage-request.ts';
import { escapeText } from '../../xml/xml-text.ts';

const names = [...PERSONAL_FIELDS].join('|');
/** A prefix as XML allows it (any name characters, non-ASCII letters included). */
const PREFIX = '(?:[^\\s<>/:!?="\'&]+:)';
/** `<name1>…</name1>`, with or without a prefix and attributes; the content holds no markup. */
const PERSONAL_ELEMENT = new RegExp(`<(${PREFIX}?(?:${names}))(\\s[^>]*)?>[^<]*</\\1\\s*>`, 'g');
/** The start tag of a personal element, masked or not (`/>` closes an empty one). */
const PERSONAL_START = new RegExp(`<${PREFIX}?(?:${names})(?:\\s[^>]*?)?(/?)>`, 'g');
/** Markup that may sit inside a value: CDATA sections, comments, processing instructions. */
const INNER_MARKUP = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;

/** Whether every personal element of `masked` is empty or holds the mask alone. */
function fullyMasked(masked: string): boolean {
  for (const start of masked.matchAll(PERSONAL_START)) {
    if (start[1] === '/') continue;
    const after = (start.index ?? 0) + start[0].length;
    if (!masked.startsWith(`${MASK}</`, after)) return false;
  }
  return true;
}

/**
 * `text` with the content of every personal element replaced by `***`. A value holding a CDATA
 * section, a comment or a processing instruction would slip past the pattern, so those are first
 * written as plain text (CDATA) or left out (comments, instructions: they carry no request data). A
 * personal element the pattern cannot mask (one holding elements, such as `<password><a>…</a>`) makes
 * the whole text `***`: such a request is refused, and its text is kept without what it carried.
 */
export function maskXmlText(text: string): string {
  const plain =
    text.includes('<!') || text.lastIndexOf('<?') > 0
      ? text.replace(INNER_MARKUP, (_markup, cdata: string | undefined) => (cdata === undefined ? '' : escapeText(cdata)))
      : text;
  const masked = plain.replace(PERSONAL_ELEMENT, `<$1$2>${MASK}</$1>`);
  return fullyMasked(masked) ? masked : MASK;
}
