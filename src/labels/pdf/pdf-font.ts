// A TrueType font embedded in one PDF as a Type0/CIDFontType2 font (ISO 32000-1 §9.7): the glyphs the
// document uses are collected while its pages are drawn, then written as a subset with widths and a
// ToUnicode map so the text can be searched and extracted.
import { createFontSubset } from './font-subset.ts';
import { fontGlyph, measureText, printedGlyph } from '../label-fonts.ts';
import type { PdfWriter } from './pdf-writer.ts';
import type { TrueTypeFont } from './truetype-font.ts';

const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A 16-bit value as four hex digits. */
function hex4(value: number): string {
  return BYTE_HEX[value >> 8] + BYTE_HEX[value & 0xff];
}

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}

function toUnicodeCMap(unicode: readonly string[]): string {
  const entries: string[] = [];
  unicode.forEach((text, cid) => {
    if (cid > 0) entries.push(`<${hex4(cid)}> <${utf16Hex(text)}>`);
  });
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    '1 begincodespacerange\n<0000> <ffff>\nendcodespacerange\n' +
    `${blocks.join('\n')}\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n`
  );
}

/** Six capital letters naming the subset (§9.6.4), derived from its glyphs so output stays deterministic. */
function subsetTag(glyphs: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const glyph of glyphs) hash = Math.imul(hash ^ glyph, 0x01000193) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + i * 7919;
  }
  return tag;
}

/** One font as used by one PDF document: CID n is glyph `glyphs[n]` of the font. */
export class PdfFont {
  readonly font: TrueTypeFont;
  readonly #cids = new Map<number, number>([[0, 0]]);
  readonly #glyphs: number[] = [0];
  readonly #unicode: string[] = [''];

  constructor(font: TrueTypeFont) {
    this.font = font;
  }

  /** The text as a hex string of CIDs for a `Tj` operator, recording the glyphs it needs. */
  encode(text: string): string {
    let hex = '';
    for (const char of text) {
      const glyph = printedGlyph(this.font, char.codePointAt(0) ?? 0x3f);
      let cid = this.#cids.get(glyph);
      if (cid === undefined) {
        cid = this.#glyphs.length;
        this.#cids.set(glyph, cid);
        this.#glyphs.push(glyph);
        this.#unicode.push(fontGlyph(this.font, char.codePointAt(0) ?? 0) === 0 ? '?' : char);
      }
      hex += hex4(cid);
    }
    return hex;
  }

  /** Width of `text` in em. */
  measure(text: string): number {
    return measureText(this.font, text);
  }

  /** Writes the font objects; `id` is the Type0 font object the pages reference. */
  write(writer: PdfWriter, id: number): void {
    const font = this.font;
    const subset = createFontSubset(font, this.#glyphs);
    const scale = 1000 / font.unitsPerEm;
    const name = `${subsetTag(subset.glyphs)}+${font.name}`;
    const [descendant, descriptor, file, toUnicode] = [writer.reserve(), writer.reserve(), writer.reserve(), writer.reserve()];
    const widths = subset.glyphs.map((glyph) => Math.round(font.advanceWidth(glyph) * scale)).join(' ');
    const bbox = font.bbox.map((v) => Math.round(v * scale)).join(' ');
    writer.object(
      id,
      `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H ` +
        `/DescendantFonts [${descendant} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
    );
    writer.object(
      descendant,
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} ` +
        `/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R ` +
        `/CIDToGIDMap /Identity /DW 1000 /W [0 [${widths}]] >>`,
    );
    writer.object(
      descriptor,
      `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [${bbox}] /ItalicAngle 0 ` +
        `/Ascent ${Math.round(font.ascender * scale)} /Descent ${Math.round(font.descender * scale)} ` +
        `/CapHeight ${Math.round(font.capHeight * scale)} /StemV 80 /FontFile2 ${file} 0 R >>`,
    );
    writer.stream(file, `/Length1 ${subset.bytes.length}`, subset.bytes);
    writer.stream(toUnicode, '', toUnicodeCMap(this.#unicode));
  }
}
