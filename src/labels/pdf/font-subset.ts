// A TrueType subset holding only the glyphs one PDF uses, renumbered 0..n-1 in the order given (so a PDF
// CIDFontType2 can use CIDToGIDMap /Identity). Hinting is dropped: labels are printed, not shown on
// screens at small sizes, and the subset stays a few kilobytes.
import type { TrueTypeFont } from './truetype-font.ts';

/** A subset font file and the original glyph index of each of its glyphs. */
export interface FontSubset {
  readonly bytes: Uint8Array;
  /** `glyphs[newIndex]` = original glyph index; starts with the given glyphs, then composite components. */
  readonly glyphs: readonly number[];
}

const TABLE_ORDER = ['glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'post'] as const;

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  const full = bytes.length & ~3;
  for (let i = 0; i < full; i += 4) {
    sum = (sum + ((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3])) >>> 0;
  }
  if (full < bytes.length) {
    let last = 0;
    for (let i = full; i < full + 4; i++) last = (last << 8) | (bytes[i] ?? 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

function withComponents(font: TrueTypeFont, glyphs: readonly number[]): number[] {
  const order = [...glyphs];
  const seen = new Set(order);
  for (let i = 0; i < order.length; i++) {
    for (const component of font.outline(order[i]).components) {
      if (!seen.has(component)) {
        seen.add(component);
        order.push(component);
      }
    }
  }
  return order;
}

function glyfAndLoca(font: TrueTypeFont, order: readonly number[]): { glyf: Uint8Array; loca: Uint8Array } {
  const newIndex = new Map(order.map((glyph, index) => [glyph, index]));
  const sizes = order.map((glyph) => (font.outline(glyph).data.length + 3) & ~3);
  const glyf = new Uint8Array(sizes.reduce((a, b) => a + b, 0));
  const loca = new Uint8Array((order.length + 1) * 4);
  const locaView = new DataView(loca.buffer);
  let offset = 0;
  order.forEach((glyph, index) => {
    const outline = font.outline(glyph);
    glyf.set(outline.data, offset);
    outline.componentOffsets.forEach((at, c) => {
      const target = newIndex.get(outline.components[c]) ?? 0;
      glyf[offset + at] = target >> 8;
      glyf[offset + at + 1] = target & 0xff;
    });
    locaView.setUint32(index * 4, offset);
    offset += sizes[index];
  });
  locaView.setUint32(order.length * 4, offset);
  return { glyf, loca };
}

function metricsTables(font: TrueTypeFont, order: readonly number[]): Record<'head' | 'hhea' | 'hmtx' | 'maxp' | 'post', Uint8Array> {
  const head = font.tables.head.slice();
  const headView = new DataView(head.buffer);
  headView.setUint32(8, 0);
  headView.setInt16(50, 1);
  const hhea = font.tables.hhea.slice();
  new DataView(hhea.buffer).setUint16(34, order.length);
  const maxp = font.tables.maxp.slice();
  new DataView(maxp.buffer).setUint16(4, order.length);
  const hmtx = new Uint8Array(order.length * 4);
  const hmtxView = new DataView(hmtx.buffer);
  order.forEach((glyph, index) => {
    hmtxView.setUint16(index * 4, font.advanceWidth(glyph));
    hmtxView.setInt16(index * 4 + 2, font.leftSideBearing(glyph));
  });
  const post = new Uint8Array(32);
  new DataView(post.buffer).setUint32(0, 0x00030000);
  return { head, hhea, hmtx, maxp, post };
}

/** Builds a subset of `font` with `glyphs` (glyph 0, .notdef, first) plus the components they reference. */
export function createFontSubset(font: TrueTypeFont, glyphs: readonly number[]): FontSubset {
  if (glyphs[0] !== 0) throw new Error('a font subset must start with glyph 0 (.notdef)');
  const order = withComponents(font, glyphs);
  const tables: Record<(typeof TABLE_ORDER)[number], Uint8Array> = { ...glyfAndLoca(font, order), ...metricsTables(font, order) };
  const directorySize = 12 + TABLE_ORDER.length * 16;
  const total = directorySize + TABLE_ORDER.reduce((sum, tag) => sum + ((tables[tag].length + 3) & ~3), 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, TABLE_ORDER.length);
  view.setUint16(6, 64);
  view.setUint16(8, 2);
  view.setUint16(10, TABLE_ORDER.length * 16 - 64);
  let offset = directorySize;
  let headOffset = 0;
  TABLE_ORDER.forEach((tag, i) => {
    const data = tables[tag];
    const record = 12 + i * 16;
    for (let c = 0; c < 4; c++) bytes[record + c] = tag.charCodeAt(c);
    view.setUint32(record + 4, checksum(data));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, data.length);
    bytes.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += (data.length + 3) & ~3;
  });
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(bytes)) >>> 0);
  return { bytes, glyphs: order };
}
