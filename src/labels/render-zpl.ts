// ZPL II labels for direct printing (DESIGN "Labels"): A6 only, one ^XA…^XZ format per parcel, all
// coordinates scaled to the printer resolution (203, 300 or 600 dpi), UTF-8 (^CI28). Every caller string is
// written as ^FH hex escapes, so field data can never contain `^` or `~` and cannot start a command.
import { code128Modules, qrSize } from './barcode-modules.ts';
import { designA6 } from './design-a6.ts';
import { LabelError } from './label-error.ts';
import type { Code128Mark, LabelDrawing, QrMark, TextMark } from './label-drawing.ts';
import { labelFonts, measureText } from './label-fonts.ts';
import type { LabelLayout } from './label-layout.ts';

/** Printer resolutions in dpi; 203 is the default (spec printOptions.printerResolution). */
export type PrinterResolution = 203 | 300 | 600;

/** The ^BY bar height set before each QR code, in dots: the downward shift the printer applies to it. */
const QR_SHIFT = 10;
/** Bytes written as themselves in field data; everything else (`^`, `~`, `_`, non-ASCII) as `_XX`. */
const SAFE = /[0-9A-Za-z .,\-/:()+&'#@!?*%=|]/;
/** Font 0 (CG Triumvirate Bold Condensed) prints Latin; other scripts use the Unicode TrueType font. */
const LATIN = /^[\u0020-\u024f\u2010-\u2027]*$/;
/** Zebra's downloadable Unicode font (Latin, Greek, Cyrillic), mapped to font name T in each format. */
const UNICODE_FONT = 'E:TT0003M_.FNT';
/** Font 0 prints about 0.8 of DejaVu's width at the same height; used to fit text into its field. */
const FONT0_WIDTH_RATIO = 0.8;
/** Width of font T characters relative to their height (a condensed look, like font 0). */
const UNICODE_WIDTH_RATIO = 0.62;

/** Field data as ^FH hex escapes (indicator `_`): UTF-8 bytes outside a small safe set become `_XX`. */
export function escapeFieldData(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && SAFE.test(char) ? char : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

class ZplBuilder {
  readonly out: string[] = [];
  readonly #dotsPerMm: number;

  constructor(resolution: PrinterResolution) {
    this.#dotsPerMm = resolution / 25.4;
  }

  dots(mm: number): number {
    return Math.round(mm * this.#dotsPerMm);
  }

  box(x: number, y: number, width: number, height: number): void {
    const [w, h] = [Math.max(1, this.dots(width)), Math.max(1, this.dots(height))];
    this.out.push(`^FO${this.dots(x)},${this.dots(y)}^GB${w},${h},${Math.min(w, h)}^FS`);
  }

  text(mark: TextMark): void {
    if (mark.text === '') return;
    const height = this.dots(mark.size);
    const latin = LATIN.test(mark.text);
    const maxWidth = this.dots(mark.maxWidth);
    const font = mark.bold ? labelFonts().bold : labelFonts().regular;
    const width = latin
      ? Math.min(height, Math.floor(maxWidth / (measureText(font, mark.text) * FONT0_WIDTH_RATIO)))
      : Math.min(Math.round(height * UNICODE_WIDTH_RATIO), Math.floor(maxWidth / [...mark.text].length));
    const select = `${latin ? '^A0' : '^AT'}N,${height},${Math.max(1, width)}`;
    const reverse = mark.inverse ? '^FR' : '';
    const data = `^FH^FD${escapeFieldData(mark.text)}^FS`;
    if (mark.align === 'left') {
      this.out.push(`^FT${this.dots(mark.x)},${this.dots(mark.y)}${select}${reverse}${data}`);
      return;
    }
    // Centred and right-aligned text: a one-line field block lets the printer justify with its own metrics.
    const left = mark.align === 'center' ? mark.x - mark.maxWidth / 2 : mark.x - mark.maxWidth;
    const top = mark.y - mark.size * 0.8;
    this.out.push(`^FO${this.dots(left)},${this.dots(top)}${select}${reverse}^FB${maxWidth},1,0,${mark.align === 'center' ? 'C' : 'R'},0${data}`);
  }

  code128(mark: Code128Mark): void {
    const modules = code128Modules(mark.payload);
    const module = Math.max(1, Math.min(this.dots(mark.moduleWidth), Math.floor(this.dots(mark.width) / (modules + 20))));
    const x = this.dots(mark.x) + Math.round((this.dots(mark.width) - modules * module) / 2);
    const height = this.dots(mark.height);
    // Mode A: the printer picks code sets B and C itself, so the decoded text is exactly the payload.
    this.out.push(`^FO${x},${this.dots(mark.y)}^BY${module},3,${height}^BCN,${height},N,N,N,A^FD${mark.payload}^FS`);
  }

  qr(mark: QrMark): void {
    const magnification = Math.max(1, Math.min(10, Math.floor(this.dots(mark.size) / qrSize(mark.payload))));
    // Zebra printers (and the Labelary/zebrash emulators) print a QR code lower than its ^FO by the current
    // ^BY bar height, which persists from the previous ^BC; set it here and move the origin up to match.
    this.out.push(`^BY2,3,${QR_SHIFT}^FO${this.dots(mark.x)},${this.dots(mark.y) - QR_SHIFT}`
      + `^BQN,2,${magnification}^FH^FDMA,${escapeFieldData(mark.payload)}^FS`);
  }
}

function labelFormat(drawing: LabelDrawing, resolution: PrinterResolution): string {
  const zpl = new ZplBuilder(resolution);
  zpl.out.push('^XA', '^CI28', `^PW${zpl.dots(drawing.width)}`, `^LL${zpl.dots(drawing.height)}`, '^LH0,0', `^CWT,${UNICODE_FONT}`);
  for (const mark of drawing.marks) {
    switch (mark.kind) {
      case 'box':
        zpl.box(mark.x, mark.y, mark.width, mark.height);
        break;
      case 'text':
        zpl.text(mark);
        break;
      case 'code128':
        zpl.code128(mark);
        break;
      case 'qr':
        zpl.qr(mark);
        break;
    }
  }
  zpl.out.push('^XZ');
  return zpl.out.join('\n');
}

/** Renders one ZPL format per layout, in order, for an A6 label at `resolution` dpi; ASCII bytes. */
export function renderZpl(layouts: readonly LabelLayout[], paperFormat: 'A4' | 'A6' | 'A7', resolution: PrinterResolution = 203): Uint8Array {
  if (layouts.length === 0) throw new LabelError('LABEL_NO_PARCELS', 'a label job needs at least one parcel');
  if (paperFormat !== 'A6') throw new LabelError('LABEL_ZPL_NOT_A6', `ZPL labels are A6 only, not ${paperFormat}`);
  const formats = layouts.map((layout) => labelFormat(designA6(layout), resolution));
  return Buffer.from(`${formats.join('\n')}\n`, 'latin1');
}

