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
