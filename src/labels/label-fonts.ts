// The label typefaces, DejaVu Sans and DejaVu Sans Bold from the `dejavu-fonts-ttf` package (never a
// system font: docs/decisions.md "Labels on the wire"), parsed once per process. They cover Latin, Greek and Cyrillic.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseTrueTypeFont, type TrueTypeFont } from './pdf/truetype-font.ts';

/** The two label faces. */
export interface LabelFonts {
  readonly regular: TrueTypeFont;
  readonly bold: TrueTypeFont;
}

/** The font files of `dejavu-fonts-ttf/ttf/` the labels use (the package leaves out the others: scripts/pack.ts). */
export const LABEL_FONT_FILES = Object.freeze({ regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' });

let loaded: LabelFonts | undefined;

function load(file: string, name: string): TrueTypeFont {
  const path = createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
  return parseTrueTypeFont(readFileSync(path), name);
}

/** The label fonts, read from the package on first use. */
export function labelFonts(): LabelFonts {
  loaded ??= { regular: load(LABEL_FONT_FILES.regular, 'DejaVuSans'), bold: load(LABEL_FONT_FILES.bold, 'DejaVuSans-Bold') };
  return loaded;
}

/**
 * Whether a code point belongs to a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
 * Mandaic and their presentation forms and supplements, Unicode blocks 0590–08FF, FB1D–FDFF, FE70–FEFF and the
 * right-to-left ranges of plane 1).
 */
function isRightToLeft(codePoint: number): boolean {
  return (
    codePoint >= 0x590 &&
    (codePoint <= 0x8ff ||
      (codePoint >= 0xfb1d && codePoint <= 0xfdff) ||
      (codePoint >= 0xfe70 && codePoint <= 0xfeff) ||
      (codePoint >= 0x10800 && codePoint <= 0x10fff) ||
      (codePoint >= 0x1e800 && codePoint <= 0x1efff))
  );
}

/**
 * The font's glyph for a code point the label sets as it is, else 0. Labels set text left to right, glyph by
 * glyph, without bidi reordering or Arabic shaping, so right-to-left letters count as missing even where the
 * font has them: drawn so, a Hebrew or Arabic name would read backwards.
 */
export function fontGlyph(font: TrueTypeFont, codePoint: number): number {
  return isRightToLeft(codePoint) ? 0 : font.glyphIndex(codePoint);
}

/**
 * `text` as labels print it, for a printer that draws it itself (ZPL): right-to-left letters as `?`, as
 * `fontGlyph` makes them on the PDF, since the printer sets field data left to right as well.
 */
export function leftToRightText(text: string): string {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x590) i++;
  if (i === text.length) return text;
  let out = text.slice(0, i);
  for (; i < text.length; i++) {
    const codePoint = text.codePointAt(i) as number;
    const width = codePoint > 0xffff ? 2 : 1;
    out += isRightToLeft(codePoint) ? '?' : text.slice(i, i + width);
    i += width - 1;
  }
  return out;
}

/** The glyph printed for a code point: the font's own, else `?` (characters outside the font, right-to-left letters). */
export function printedGlyph(font: TrueTypeFont, codePoint: number): number {
  const glyph = fontGlyph(font, codePoint);
  return glyph !== 0 ? glyph : font.glyphIndex(0x3f);
}

/**
 * Per font, the advance width in font units of the printed glyph of each BMP code unit, looked up on
 * first use (-1 until then; surrogates stay -1): every text mark of every label is measured. 256 KiB per font.
 */
const unitAdvances = new WeakMap<TrueTypeFont, Int32Array>();

/** The advance width of the glyph printed for `codePoint`, in font units. */
export function printedAdvance(font: TrueTypeFont, codePoint: number): number {
  return font.advanceWidth(printedGlyph(font, codePoint));
}

/** Width of `text` in em (multiply by the font size); no kerning, as the PDF text is set without it. */
export function measureText(font: TrueTypeFont, text: string): number {
  let advances = unitAdvances.get(font);
  if (advances === undefined) {
    advances = new Int32Array(0x10000).fill(-1);
    unitAdvances.set(font, advances);
  }
  let units = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    let advance = advances[unit];
    if (advance < 0) {
      const codePoint = text.codePointAt(i) ?? unit;
      advance = printedAdvance(font, codePoint);
      if (codePoint > 0xffff) i++;
      else if (unit < 0xd800 || unit > 0xdfff) advances[unit] = advance;
    }
    units += advance;
  }
  return units / font.unitsPerEm;
}
