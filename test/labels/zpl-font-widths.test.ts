import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FONT0_ADVANCES, fitUnicodeWidth, font0TextWidth, unicodeAdvance } from '../../src/labels/zpl-font-widths.ts';
import { printedWidths } from '../support/label-reading.ts';

describe('ZPL font widths (measured again with zebrash)', () => {
  it('font 0: each character prints no wider than its table advance, and within 1 % of the character width of it', async () => {
    const characters = [...FONT0_ADVANCES.keys()].filter((unit) => FONT0_ADVANCES[unit] > 0).map((unit) => String.fromCharCode(unit));
    const width = 60;
    const repeats = 20;
    // 'H' on both sides so that side bearings cancel: the difference to 'HH' is the characters' advances.
    const [bare, ...widths] = await printedWidths(
      '0',
      ['HH', ...characters.map((character) => `H${character.repeat(repeats)}H`)],
      width,
      width,
      { cellWidth: 1600 },
    );
    const wrong = characters.flatMap((character, i) => {
      const measured = ((widths[i] - bare) * 1000) / repeats / width;
      const table = font0TextWidth(character);
      return measured <= table && measured >= table - 10 ? [] : [`${character}: table ${table}, printed ${measured.toFixed(1)}`];
    });
    assert.deepEqual(wrong, []);
  });

  it('font 0: a text prints within its measured width at every character width from 10 dots, at 203 and 300 dpi', async () => {
    const texts = [
      'Koninklijke Nederlandse Handelsfirm',
      'ORD-2026-11-22-0001234567-ABCDEF',
      'Ærøskøbing Łódź Œuvre — fin…',
      'iiiiiiiiii',
      'WWWWWWWWWW',
    ];
    for (const dpi of [203, 300] as const) {
      for (const width of [10, 13, 17, 24, 35]) {
        const widths = await printedWidths('0', texts, 40, width, { dpi });
        for (const [i, text] of texts.entries()) {
          assert.ok(widths[i] <= (font0TextWidth(text) * width) / 1000 + 1, `${text} at ${width} dots, ${dpi} dpi: ${widths[i]} dots`);
        }
      }
    }
  });

  it('font T: every character advances unicodeAdvance(width) at most, whatever its script', async () => {
    const texts = ['ШЩЖЮМШЩЖЮМ', 'ΩΨΦΜΣΩΨΦΜΣ', 'WMŒ@%ĞŞȘŢĀ', 'iiiiiiiiii'];
    for (const width of [1, 3, 5, 7, 8, 12, 13, 17, 22, 30]) {
      const widths = await printedWidths('T', texts, 30, width);
      for (const [i, text] of texts.entries()) {
        assert.ok(widths[i] <= [...text].length * unicodeAdvance(width), `${text} at ${width} dots: ${widths[i]} dots`);
      }
    }
  });

  it('fitUnicodeWidth picks the widest width that fits, at most the preferred one', () => {
    for (const count of [1, 7, 35, 73]) {
      for (const maxWidth of [100, 400, 792, 1169]) {
        const width = fitUnicodeWidth(count, 22, maxWidth);
        assert.ok(width <= 22);
        if (count * unicodeAdvance(1) <= maxWidth) {
          assert.ok(count * unicodeAdvance(width) <= maxWidth, `${count} in ${maxWidth}: ${width}`);
          assert.ok(width === 22 || count * unicodeAdvance(width + 1) > maxWidth, `${count} in ${maxWidth}: ${width} is not the widest`);
        }
      }
    }
  });
});
