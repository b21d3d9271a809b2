// A read-only TrueType font (Apple TrueType Reference Manual / OpenType 1.9 table formats): the tables a
// PDF label needs — character map, advance widths, vertical metrics and outlines without hinting.

/** One glyph's outline as it goes into a subset: instructions removed, composite component references located. */
export interface GlyphOutline {
  /** The `glyf` record without TrueType instructions; empty for glyphs without contours (space). */
  readonly data: Uint8Array;
  /** Byte offsets in `data` of each component's glyph index (composite glyphs only). */
  readonly componentOffsets: readonly number[];
  /** The original glyph index of each component, in the same order. */
  readonly components: readonly number[];
}

/** A parsed TrueType font. */
export interface TrueTypeFont {
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly ascender: number;
  readonly descender: number;
  readonly capHeight: number;
  readonly bbox: readonly [number, number, number, number];
  /** The font's PostScript-style name used in the PDF (`DejaVuSans`). */
  readonly name: string;
  /** The raw `head`, `hhea` and `maxp` tables, copied into subsets. */
  readonly tables: { readonly head: Uint8Array; readonly hhea: Uint8Array; readonly maxp: Uint8Array };
  /** Glyph index of a Unicode code point, or 0 (.notdef) when the font has none. */
  glyphIndex(codePoint: number): number;
  advanceWidth(glyph: number): number;
  leftSideBearing(glyph: number): number;
  outline(glyph: number): GlyphOutline;
}

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const WE_HAVE_INSTRUCTIONS = 0x0100;

function tableDirectory(view: DataView): Map<string, { offset: number; length: number }> {
  const tables = new Map<string, { offset: number; length: number }>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(view.getUint8(record), view.getUint8(record + 1), view.getUint8(record + 2), view.getUint8(record + 3));
    tables.set(tag, { offset: view.getUint32(record + 8), length: view.getUint32(record + 12) });
  }
  return tables;
}

/** Reads the Unicode `cmap` subtable (format 12 preferred, else format 4) into a code point → glyph map. */
function readCharacterMap(view: DataView, cmapOffset: number): Map<number, number> {
  const map = new Map<number, number>();
  const count = view.getUint16(cmapOffset + 2);
  let format4 = -1;
  let format12 = -1;
  for (let i = 0; i < count; i++) {
    const record = cmapOffset + 4 + i * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const subtable = cmapOffset + view.getUint32(record + 4);
    const format = view.getUint16(subtable);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && format === 12) format12 = subtable;
    if (unicode && format === 4) format4 = subtable;
  }
  if (format12 >= 0) {
    const groups = view.getUint32(format12 + 12);
    for (let g = 0; g < groups; g++) {
      const at = format12 + 16 + g * 12;
      const start = view.getUint32(at);
      const end = view.getUint32(at + 4);
      const glyph = view.getUint32(at + 8);
      for (let c = start; c <= end; c++) map.set(c, glyph + c - start);
    }
    return map;
  }
  if (format4 < 0) throw new Error('font has no Unicode cmap subtable');
  const segments = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const start = view.getUint16(starts + s * 2);
    const end = view.getUint16(ends + s * 2);
    const delta = view.getInt16(deltas + s * 2);
    const rangeOffset = view.getUint16(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (c + delta) & 0xffff;
      } else {
        const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
        const raw = view.getUint16(at);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(c, glyph);
    }
  }
  return map;
}

/** Copies a glyph record without its instructions and finds its components (composite glyphs). */
function stripGlyph(bytes: Uint8Array): GlyphOutline {
  if (bytes.length === 0) return { data: bytes, componentOffsets: [], components: [] };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const contours = view.getInt16(0);
  if (contours >= 0) {
    const instructionAt = 10 + contours * 2;
    const instructionLength = view.getUint16(instructionAt);
    const out = new Uint8Array(bytes.length - instructionLength);
    out.set(bytes.subarray(0, instructionAt + 2));
    out[instructionAt] = 0;
    out[instructionAt + 1] = 0;
    out.set(bytes.subarray(instructionAt + 2 + instructionLength), instructionAt + 2);
    return { data: out, componentOffsets: [], components: [] };
  }
  const componentOffsets: number[] = [];
  const components: number[] = [];
  let at = 10;
  let flags: number;
  let lastFlagsAt: number;
  do {
    lastFlagsAt = at;
    flags = view.getUint16(at);
    componentOffsets.push(at + 2);
    components.push(view.getUint16(at + 2));
    at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) at += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
  } while (flags & MORE_COMPONENTS);
  const out = bytes.slice(0, at);
  const outView = new DataView(out.buffer);
  outView.setUint16(lastFlagsAt, flags & ~WE_HAVE_INSTRUCTIONS);
  return { data: out, componentOffsets, components };
}

/** Parses a TrueType (`glyf` outlines) font file; the bytes are copied, the caller's buffer is not kept. */
export function parseTrueTypeFont(input: Uint8Array, name: string): TrueTypeFont {
  // A plain copy: Buffer#slice shares memory, and outlines and subset tables are sliced then edited.
  const file = new Uint8Array(input);
  const view = new DataView(file.buffer);
  const tables = tableDirectory(view);
  const table = (tag: string): { offset: number; length: number } => {
    const entry = tables.get(tag);
    if (entry === undefined) throw new Error(`font ${name} has no ${tag} table`);
    return entry;
  };
  const bytesOf = (tag: string): Uint8Array => {
    const { offset, length } = table(tag);
    return file.subarray(offset, offset + length);
  };
  const head = table('head').offset;
  const hhea = table('hhea').offset;
  const unitsPerEm = view.getUint16(head + 18);
  const longLoca = view.getInt16(head + 50) === 1;
  const numGlyphs = view.getUint16(table('maxp').offset + 4);
  const numberOfHMetrics = view.getUint16(hhea + 34);
  const hmtx = table('hmtx').offset;
  const loca = table('loca').offset;
  const glyf = table('glyf').offset;
  const os2 = tables.get('OS/2');
  const capHeight = os2 !== undefined && view.getUint16(os2.offset) >= 2 ? view.getInt16(os2.offset + 88) : Math.round(unitsPerEm * 0.7);
  // A subset written by font-subset.ts has no cmap: PDF text addresses its glyphs by index.
  const cmap = tables.get('cmap');
  const characterMap = cmap === undefined ? new Map<number, number>() : readCharacterMap(view, cmap.offset);
  const outlines = new Map<number, GlyphOutline>();
  const glyphOffset = (glyph: number): number =>
    glyf + (longLoca ? view.getUint32(loca + glyph * 4) : view.getUint16(loca + glyph * 2) * 2);

  return {
    unitsPerEm,
    numGlyphs,
    ascender: view.getInt16(hhea + 4),
    descender: view.getInt16(hhea + 6),
    capHeight,
    bbox: [view.getInt16(head + 36), view.getInt16(head + 38), view.getInt16(head + 40), view.getInt16(head + 42)],
    name,
    tables: { head: bytesOf('head'), hhea: bytesOf('hhea'), maxp: bytesOf('maxp') },
    glyphIndex: (codePoint) => characterMap.get(codePoint) ?? 0,
    advanceWidth: (glyph) => view.getUint16(hmtx + Math.min(glyph, numberOfHMetrics - 1) * 4),
    leftSideBearing: (glyph) =>
      glyph < numberOfHMetrics
        ? view.getInt16(hmtx + glyph * 4 + 2)
        : view.getInt16(hmtx + numberOfHMetrics * 4 + (glyph - numberOfHMetrics) * 2),
    outline(glyph) {
      let outline = outlines.get(glyph);
      if (outline === undefined) {
        outline = stripGlyph(file.subarray(glyphOffset(glyph), glyphOffset(glyph + 1)));
        outlines.set(glyph, outline);
      }
      return outline;
    },
  };
}
