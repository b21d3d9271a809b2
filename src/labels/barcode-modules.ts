// Barcode symbols as modules, for renderers that draw the bars and squares themselves (PDF, PNG):
// Code 128 from bwip-js (its encoder picks the shortest code set sequence), QR from `qrcode`.
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

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
  const [symbol] = bwipjs.raw('code128', payload, {});
  if (symbol === undefined || !('sbs' in symbol)) throw new Error('bwip-js returned no Code 128 symbol');
  return { widths: symbol.sbs, modules: symbol.sbs.reduce((sum, width) => sum + width, 0) };
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

/** Code 128 code sets follow digits (C), capitals and controls (A) and lower case (B). */
function code128Class(char: string): string {
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return 'n';
  if (code < 32) return 'c';
  if (code >= 96 && code < 128) return 'l';
  return code < 128 ? 'p' : `x${code}`;
}

/** QR segments follow numeric, alphanumeric (0-9 A-Z space $%*+-./:) and byte characters. */
function qrClass(char: string): string {
  if (char >= '0' && char <= '9') return 'n';
  if (/[A-Z $%*+\-./:]/.test(char)) return 'a';
  return `b${Buffer.byteLength(char)}`;
}

/** Width in modules of the Code 128 symbol of `payload` (as `encodeCode128(payload).modules`). */
export function code128Modules(payload: string): number {
  return cachedSize(`c:${[...payload].map(code128Class).join('')}`, () => encodeCode128(payload).modules);
}

/** Side in modules of the QR code of `payload` (as `encodeQr(payload).size`). */
export function qrSize(payload: string): number {
  return cachedSize(`q:${[...payload].map(qrClass).join('')}`, () => encodeQr(payload).size);
}
