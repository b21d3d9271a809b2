// Barcode symbols as modules, for renderers that draw the bars and squares themselves (PDF, PNG):
// Code 128 from code128.ts (the shortest code set sequence), QR from `qrcode`.
import QRCode from 'qrcode';
import { code128 } from './code128.ts';

/** A Code 128 symbol: bar and space widths in modules, alternating and starting with a bar. */
export interface Code128Symbol {
  readonly widths: readonly number[];
  /** Total width in modules, without quiet zones. */
  readonly modules: number;
}

/** A QR code: `size` × `size` modules, `dark[row * size + column]` is 1 for a dark module. */
export interface QrSymbol {
  readonly size: number;
  readonly dark: Uint8Array;
}

/** The Code 128 symbol of `payload` (ISO/IEC 15417), start, data, check character and stop. */
export function encodeCode128(payload: string): Code128Symbol {
  return code128(payload);
}

/** The QR code of `payload` (ISO/IEC 18004) with error correction level M, the smallest version that fits. */
export function encodeQr(payload: string): QrSymbol {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: modules.data };
}

/**
 * Sizes only, for renderers whose printer draws the symbol itself (ZPL): a symbol's size depends on
 * which character classes stand where, not on the characters, so it is computed once per class
 * pattern. Encoding a QR code per label just to learn its version cost most of a ZPL label's time.
 */
const sizeCache = new Map<string, number>();
const MAX_CACHED_SIZES = 10_000;

function cachedSize(key: string, compute: () => number): number {
  let size = sizeCache.get(key);
  if (size === undefined) {
    size = compute();
    if (sizeCache.size >= MAX_CACHED_SIZES) sizeCache.clear();
    sizeCache.set(key, size);
  }
  return size;
}

/** Code 128 code sets follow digits (C), capitals and controls (A) and lower case (B); by a character's first UTF-16 unit. */
function code128Class(unit: number): string {
  if (unit >= 48 && unit <= 57) return 'n';
  if (unit < 32) return 'c';
  if (unit >= 96 && unit < 128) return 'l';
  return unit < 128 ? 'p' : `x${unit}`;
}

/** QR segments follow numeric, alphanumeric (0-9 A-Z space $%*+-./:) and byte characters (by UTF-8 length). */
function qrClass(codePoint: number): string {
  if (codePoint >= 48 && codePoint <= 57) return 'n';
  if (codePoint < 0x80) return /[A-Z $%*+\-./:]/.test(String.fromCharCode(codePoint)) ? 'a' : 'b1';
  if (codePoint < 0x800) return 'b2';
  // A lone surrogate is encoded as U+FFFD, three bytes.
  return codePoint < 0x10000 ? 'b3' : 'b4';
}

/** How a size key classes characters: ASCII ones from a table, the others from their code point or first UTF-16 unit. */
interface CharacterClasses {
  readonly ascii: readonly string[];
  other(codePoint: number, firstUnit: number): string;
}

const CODE128_CLASSES: CharacterClasses = {
  ascii: Array.from({ length: 0x80 }, (_, code) => code128Class(code)),
  other: (_, firstUnit) => code128Class(firstUnit),
};

const QR_CLASSES: CharacterClasses = {
  ascii: Array.from({ length: 0x80 }, (_, code) => qrClass(code)),
  other: qrClass,
};

/**
 * The size cache key of `payload`: the classes of its characters (code points) run-length coded, e.g.
 * `p*1n*27`, as payloads are long runs of few classes (a class starts with a letter, a count is digits).
 */
function classRuns(payload: string, classes: CharacterClasses): string {
  let key = '';
  let runClass = '';
  let runLength = 0;
  for (let at = 0; at < payload.length; at++) {
    const unit = payload.charCodeAt(at);
    let characterClass: string;
    if (unit < 0x80) {
      characterClass = classes.ascii[unit];
    } else {
      const codePoint = payload.codePointAt(at) ?? unit;
      characterClass = classes.other(codePoint, unit);
      if (codePoint > 0xffff) at++;
    }
    if (characterClass === runClass) {
      runLength++;
      continue;
    }
    if (runLength > 0) key += `${runClass}*${runLength}`;
    runClass = characterClass;
    runLength = 1;
  }
  return runLength > 0 ? `${key}${runClass}*${runLength}` : key;
}

/** Width in modules of the Code 128 symbol of `payload` (as `encodeCode128(payload).modules`). */
export function code128Modules(payload: string): number {
  return cachedSize(`c:${classRuns(payload, CODE128_CLASSES)}`, () => encodeCode128(payload).modules);
}

/** Side in modules of the QR code of `payload` (as `encodeQr(payload).size`). */
export function qrSize(payload: string): number {
  return cachedSize(`q:${classRuns(payload, QR_CLASSES)}`, () => encodeQr(payload).size);
}
