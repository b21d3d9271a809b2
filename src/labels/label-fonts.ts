// The label typefaces, DejaVu Sans and DejaVu Sans Bold from the `dejavu-fonts-ttf` package (never a
// system font: DESIGN "Labels"), parsed once per process. They cover Latin, Greek and Cyrillic.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseTrueTypeFont, type TrueTypeFont } from './truetype-font.ts';

/** The two label faces. */
export interface LabelFonts {
  readonly regular: TrueTypeFont;
  readonly bold: TrueTypeFont;
}

let loaded: LabelFonts | undefined;

function load(file: string, name: string): TrueTypeFont {
  const path = createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
  return parseTrueTypeFont(readFileSync(path), name);
}

/** The label fonts, read from the package on first use. */
export function labelFonts(): LabelFonts {
  loaded ??= { regular: load('DejaVuSans.ttf', 'DejaVuSans'), bold: load('DejaVuSans-Bold.ttf', 'DejaVuSans-Bold') };
  return loaded;
}

/** The glyph printed for a code point: the font's own, else `?` (characters outside the font). */
export function printedGlyph(font: TrueTypeFont, codePoint: number): number {
  const glyph = font.glyphIndex(codePoint);
  return glyph !== 0 ? glyph : font.glyphIndex(0x3f);
}

/** Width of `text` in em (multiply by the font size); no kerning, as the PDF text is set without it. */
export function measureText(font: TrueTypeFont, text: string): number {
  let units = 0;
  for (const char of text) units += font.advanceWidth(printedGlyph(font, char.codePointAt(0) ?? 0x3f));
  return units / font.unitsPerEm;
}
