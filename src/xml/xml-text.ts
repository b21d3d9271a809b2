// Character data and attribute values as XML 1.0 text: markup characters escaped, characters XML
// cannot carry replaced, so no caller text can break or inject into a document we write.

// XML 1.0 §2.2 Char: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD and the supplementary planes (as
// surrogate pairs). Anything else (C0 controls, lone surrogates, U+FFFE/U+FFFF) cannot be written.
const NOT_XML_CHAR =
  // eslint-disable-next-line no-misleading-character-class -- surrogate halves are matched one by one, on purpose: a lone one is not XML
  /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\uD800-\uDBFF\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TEXT_SPECIAL = /[&<>\r]/;
const ATTRIBUTE_SPECIAL = /[&<>"\r\n\t]/;

const replacements: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // Character references keep CR, LF and tab: a parser would normalise them if written literally (§2.11, §3.3.3).
  '\r': '&#13;',
  '\n': '&#10;',
  '\t': '&#9;',
};

function clean(text: string): string {
  NOT_XML_CHAR.lastIndex = 0;
  return NOT_XML_CHAR.test(text) ? text.replace(NOT_XML_CHAR, '\uFFFD') : text;
}

/** `text` as element content. */
export function escapeText(text: string): string {
  const safe = clean(text);
  return TEXT_SPECIAL.test(safe) ? safe.replace(/[&<>\r]/g, (c) => replacements[c]) : safe;
}

/** `text` as a double-quoted attribute value. */
export function escapeAttribute(text: string): string {
  const safe = clean(text);
  return ATTRIBUTE_SPECIAL.test(safe) ? safe.replace(/[&<>"\r\n\t]/g, (c) => replacements[c]) : safe;
}
