// The references a SOAP request text carries (customerReferenceNumber1–4, mpsCustomerReferenceNumber1–4,
// with or without a prefix), read off the text as sent: the stage log keeps their digests, not the
// values (domain/operator/stage-log-search.ts). A value written as CDATA is not read (not found by reference).

/** A reference element holding text alone. */
const REFERENCE = /<((?:[^\s<>/:!?="'&]+:)?(?:mpsC|c)ustomerReferenceNumber[1-4])(?:\s[^>]*)?>([^<]*)<\/\1\s*>/g;
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(lt|gt|amp|apos|quot));/g;
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** `text` with its character and entity references replaced. */
function unescaped(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (reference, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name];
    const code = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

/** The values of every reference element in `text`, in order; none when `text` names none. */
export function referencesInXml(text: string): string[] {
  if (!text.includes('ustomerReferenceNumber')) return [];
  return [...text.matchAll(REFERENCE)].map((match) => unescaped(match[2]));
}
