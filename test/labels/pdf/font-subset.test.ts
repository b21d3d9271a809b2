import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createFontSubset } from '../../../src/labels/pdf/font-subset.ts';
import { labelFonts, printedGlyph } from '../../../src/labels/label-fonts.ts';
import { parseTrueTypeFont } from '../../../src/labels/pdf/truetype-font.ts';

function sumOfWords(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

describe('TrueType subset', () => {
  const CASES = [
    { name: 'Latin with composite accents', face: 'regular', text: 'Łódź Ærøskøbing Ş' },
    { name: 'Greek and Cyrillic', face: 'bold', text: 'Θεσσαλονίκη Москва Ёё' },
  ] as const;
  for (const { name, face, text } of CASES) {
    it(`${name}: glyphs keep their outlines and widths, renumbered in order`, () => {
      const font = labelFonts()[face];
      const glyphs = [0, ...new Set([...text].map((char) => printedGlyph(font, char.codePointAt(0) ?? 0)))];
      const subset = createFontSubset(font, glyphs);
      assert.deepEqual(subset.glyphs.slice(0, glyphs.length), glyphs);
      const parsed = parseTrueTypeFont(subset.bytes, 'subset');
      assert.equal(parsed.numGlyphs, subset.glyphs.length);
      assert.equal(parsed.unitsPerEm, font.unitsPerEm);
      subset.glyphs.forEach((original, index) => {
        assert.equal(parsed.advanceWidth(index), font.advanceWidth(original));
        const outline = parsed.outline(index);
        assert.deepEqual(
          outline.components.map((component) => subset.glyphs[component]),
          font.outline(original).components,
        );
        const data = font.outline(original).data;
        if (outline.components.length === 0) assert.deepEqual(outline.data.subarray(0, data.length), data);
        assert.ok(outline.data.length - data.length < 4 && outline.data.subarray(data.length).every((byte) => byte === 0), 'padding');
      });
      assert.equal(sumOfWords(subset.bytes), 0xb1b0afba, 'head.checkSumAdjustment');
    });
  }

  it('refuses a glyph list that does not start with .notdef', () => {
    assert.throws(() => createFontSubset(labelFonts().regular, [36]));
  });
});
