// Text written into XML documents (SOAP answers among them): markup escaped, characters XML 1.0
// cannot carry replaced, line ends kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeAttribute, escapeText } from '../../src/xml/xml-text.ts';
import { parseXml } from '../../src/xml/xml-parser.ts';

const roundTrip = (text: string) => {
  const parsed = parseXml(`<a b="${escapeAttribute(text)}">${escapeText(text)}</a>`);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.reason);
  return { text: parsed.root.text, attribute: parsed.root.attributes[0].value };
};

describe('XML text', () => {
  const cases: ReadonlyArray<[string, string, string]> = [
    ['markup characters', 'a & b < c > d "e"', 'a & b < c > d "e"'],
    ['line ends and tabs', 'one\r\ntwo\tthree', 'one\r\ntwo\tthree'],
    ['Latin, Greek, Cyrillic and a supplementary-plane character', 'Zürich Αθήνα Москва 📦', 'Zürich Αθήνα Москва 📦'],
    ['C0 controls', 'bell\u0007null\u0000', 'bell\uFFFDnull\uFFFD'],
    ['lone surrogates and non-characters', 'a\uD800b\uDC00c\uFFFE', 'a\uFFFDb\uFFFDc\uFFFD'],
  ];
  for (const [name, input, expected] of cases) {
    it(`keeps ${name} through a write and a parse`, () => {
      assert.deepEqual(roundTrip(input), { text: expected, attribute: expected });
    });
  }
});
