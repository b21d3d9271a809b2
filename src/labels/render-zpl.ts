// ZPL II labels for direct printing (docs/decisions.md "Labels on the wire"): A6 only, one ^XA…^XZ format per parcel, all
// coordinates scaled to the printer resolution (203, 300 or 600 dpi), UTF-8 (^CI28). Every caller string is
// written as ^FH hex escapes, so field data can never contain `^` or `~` and cannot start a command.
import { code128Modules, qrSize } from './barcode-modules.ts';
import { A6_FIXED_MARKS, designA6 } from './design-a6.ts';
import { LabelError } from './label-error.ts';
import { leftToRightText } from './label-fonts.ts';
import type { BoxMark, Code128Mark, LabelDrawing, Mark, QrMark, TextMark } from './label-drawing.ts';
import type { LabelLayout } from './label-layout.ts';
import { fitUnicodeWidth, font0TextWidth, FONT0_MIN_WIDTH } from './zpl-font-widths.ts';

/** Printer resolutions in dpi; 203 is the default (spec printOptions.printerResolution). */
export type PrinterResolution = 203 | 300 | 600;

/** The ^BY bar height set before each QR code, in dots: the downward shift the printer applies to it. */
const QR_SHIFT = 10;
/** Bytes written as themselves in field data; everything else (`^`, `~`, `_`, non-ASCII) as `_XX`. */
const SAFE_CHARACTERS = "0-9A-Za-z .,\\-/:()+&'#@!?*%=|";
const SAFE = new RegExp(`[${SAFE_CHARACTERS}]`);
/** Text made of SAFE characters only, which is its own field data (most field data is). */
const ALL_SAFE = new RegExp(`^[${SAFE_CHARACTERS}]*$`);
/** Whether each ASCII code is SAFE, and each ASCII character as a string. */
const SAFE_ASCII = Array.from({ length: 0x80 }, (_, code) => SAFE.test(String.fromCharCode(code)));
const ASCII = Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code));
/**
 * The field data of each BMP character that is not SAFE (lone surrogates included), made on first use:
 * encoding each field with Buffer.from cost more than the rest of the field. At most 65,536 entries.
 */
const escapedUnits: (string | undefined)[] = [];
/**
 * Field data of text that is not all SAFE, by text: most such text comes back on label after label (the
 * sender block, a city, a service text), and escaping it costs as much as the rest of its command.
 */
const escapedTexts = new Map<string, string>();
const MAX_ESCAPED_TEXTS = 10_000;
/** Zebra's downloadable Unicode font (Latin, Greek, Cyrillic), mapped to font name T in each format. */
const UNICODE_FONT = 'E:TT0003M_.FNT';
/** Width of font T characters relative to their height (a condensed look, like font 0). */
const UNICODE_WIDTH_RATIO = 0.62;
/** Room left for rounding in the printer's font 0 scaling: a fitted text may take this share of its field. */
const FONT0_FILL = 0.98;

/** The field data of one character: its UTF-8 bytes, SAFE ones as themselves, the others as `_XX`. */
function escapeCharacter(char: string): string {
  let out = '';
  for (const byte of Buffer.from(char, 'utf8')) {
    out += byte < 0x80 && SAFE_ASCII[byte] ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The field data of `text`, character by character. Joined from one-byte pieces, not slices of `text`: a
 * slice of a two-byte string is two-byte, and would make the whole format two-byte before Buffer.from.
 */
function escapeText(text: string): string {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80 && SAFE_ASCII[unit]) {
      pieces.push(ASCII[unit]);
    } else if ((text.codePointAt(i) ?? unit) > 0xffff) {
      pieces.push(escapeCharacter(text.slice(i, i + 2)));
      i++;
    } else {
      pieces.push((escapedUnits[unit] ??= escapeCharacter(text[i])));
    }
  }
  return pieces.join('');
}

/** Field data as ^FH hex escapes (indicator `_`): UTF-8 bytes outside a small safe set become `_XX`. */
export function escapeFieldData(text: string): string {
  if (ALL_SAFE.test(text)) return text;
  let data = escapedTexts.get(text);
  if (data === undefined) {
    data = escapeText(text);
    if (escapedTexts.size >= MAX_ESCAPED_TEXTS) escapedTexts.clear();
    escapedTexts.set(text, data);
  }
  return data;
}

/**
 * The font 0 character width in dots for text `font0TextWidth` thousandths wide: its height, condensed when
 * the text would not fit `maxWidth`, never below ZPL's minimum (the designs keep every field's longest text
 * within it).
 */
function font0Width(textWidth: number, height: number, maxWidth: number): number {
  const fitting = Math.floor((maxWidth * FONT0_FILL * 1000) / textWidth);
  return Math.max(FONT0_MIN_WIDTH, Math.min(height, fitting));
}

/** Number of code points (characters as printed) in `text`. */
function codePointCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** How a text command sets its text, in dots: font 0 (`latin`) or T, character size, field block. */
interface TextStyle {
  readonly latin: boolean;
  readonly height: number;
  readonly width: number;
  readonly fieldWidth: number;
  readonly align: TextMark['align'];
  readonly inverse: boolean;
}

/** All of a text command before its field data: its origin at (`x`, `y`) dots, font, size and field block. */
function textHead(x: number, y: number, { latin, height, width, fieldWidth, align, inverse }: TextStyle): string {
  const font = `${latin ? '^A0' : '^AT'}N,${height},${width}${inverse ? '^FR' : ''}`;
  if (align === 'left') return `^FT${x},${y}${font}^FH^FD`;
  return `^FO${x},${y}${font}^FB${fieldWidth},1,0,${align === 'center' ? 'C' : 'R'},0^FH^FD`;
}

/** Numbers from 0 to below this pack into the keys of text heads (an A6 label at 600 dpi is 2480 × 3496 dots). */
const KEY_LIMIT = 4096;
/** A design has a few dozen text places, each with a few styles (the width changes with condensed text). */
const MAX_TEXT_HEADS = 10_000;

/** The ZPL commands drawing marks at one printer resolution. */
class ZplCommands {
  readonly #dotsPerMm: number;
  /** The commands of A6_FIXED_MARKS, made once: the same on every label. */
  readonly #fixed = new Map<Mark, string>();
  /**
   * Text heads (textHead) by place, then by style: a design sets its text in the same few places and
   * styles label after label, and a head is a dozen concatenations, as much as the rest of the command.
   */
  readonly #textHeads = new Map<number, Map<number, string>>();
  #textHeadCount = 0;

  constructor(resolution: PrinterResolution) {
    this.#dotsPerMm = resolution / 25.4;
    for (const mark of A6_FIXED_MARKS) this.#fixed.set(mark, this.#draw(mark));
  }

  dots(mm: number): number {
    return Math.round(mm * this.#dotsPerMm);
  }

  /** ^XA and the set-up of a `width` × `height` mm label: UTF-8 field data, label size, font T. */
  start(width: number, height: number): string {
    return `^XA\n^CI28\n^PW${this.dots(width)}\n^LL${this.dots(height)}\n^LH0,0\n^CWT,${UNICODE_FONT}`;
  }

  /** The command drawing `mark`; empty for a mark that draws nothing (empty text). */
  draw(mark: Mark): string {
    return this.#fixed.get(mark) ?? this.#draw(mark);
  }

  #draw(mark: Mark): string {
    switch (mark.kind) {
      case 'box':
        return this.#box(mark);
      case 'text':
        return this.#text(mark);
      case 'code128':
        return this.#code128(mark);
      case 'qr':
        return this.#qr(mark);
    }
  }

  #box(mark: BoxMark): string {
    const w = Math.max(1, this.dots(mark.width));
    const h = Math.max(1, this.dots(mark.height));
    return `^FO${this.dots(mark.x)},${this.dots(mark.y)}^GB${w},${h},${Math.min(w, h)}^FS`;
  }

  #text(mark: TextMark): string {
    if (mark.text === '') return '';
    const height = this.dots(mark.size);
    const fieldWidth = this.dots(mark.maxWidth);
    const text = leftToRightText(mark.text);
    const data = escapeFieldData(text);
    const textWidth = font0TextWidth(text);
    const latin = textWidth >= 0;
    const width = latin
      ? font0Width(textWidth, height, fieldWidth)
      : fitUnicodeWidth(codePointCount(text), Math.round(height * UNICODE_WIDTH_RATIO), fieldWidth);
    const style: TextStyle = { latin, height, width: Math.max(1, width), fieldWidth, align: mark.align, inverse: mark.inverse };
    // Centred and right-aligned text: a one-line field block lets the printer justify with its own metrics.
    const left = mark.align === 'left' ? mark.x : mark.align === 'center' ? mark.x - mark.maxWidth / 2 : mark.x - mark.maxWidth;
    const top = mark.align === 'left' ? mark.y : mark.y - mark.size * 0.8;
    return `${this.#textHead(this.dots(left), this.dots(top), style)}${data}^FS`;
  }

  /** textHead, kept by its numbers packed into two exact integer keys (place, style) when they are in KEY_LIMIT. */
  #textHead(x: number, y: number, style: TextStyle): string {
    const { latin, height, width, fieldWidth, align, inverse } = style;
    const packable = Math.min(x, y, height, width, fieldWidth) >= 0 && Math.max(x, y, height, width, fieldWidth) < KEY_LIMIT;
    if (!packable) return textHead(x, y, style);
    const placeKey = ((x * KEY_LIMIT + y) * 3 + (align === 'left' ? 0 : align === 'center' ? 1 : 2)) * 2 + (inverse ? 1 : 0);
    const styleKey = ((height * KEY_LIMIT + width) * KEY_LIMIT + fieldWidth) * 2 + (latin ? 1 : 0);
    let heads = this.#textHeads.get(placeKey);
    let head = heads?.get(styleKey);
    if (head !== undefined) return head;
    head = textHead(x, y, style);
    if (this.#textHeadCount >= MAX_TEXT_HEADS) {
      this.#textHeads.clear();
      this.#textHeadCount = 0;
      heads = undefined;
    }
    if (heads === undefined) {
      heads = new Map();
      this.#textHeads.set(placeKey, heads);
    }
    heads.set(styleKey, head);
    this.#textHeadCount++;
    return head;
  }

  #code128(mark: Code128Mark): string {
    const modules = code128Modules(mark.payload);
    const module = Math.max(1, Math.min(this.dots(mark.moduleWidth), Math.floor(this.dots(mark.width) / (modules + 20))));
    const x = this.dots(mark.x) + Math.round((this.dots(mark.width) - modules * module) / 2);
    const height = this.dots(mark.height);
    // Mode A: the printer picks code sets B and C itself, so the decoded text is exactly the payload.
    return `^FO${x},${this.dots(mark.y)}^BY${module},3,${height}^BCN,${height},N,N,N,A^FD${mark.payload}^FS`;
  }

  #qr(mark: QrMark): string {
    const magnification = Math.max(1, Math.min(10, Math.floor(this.dots(mark.size) / qrSize(mark.payload))));
    // Zebra printers (and the Labelary/zebrash emulators) print a QR code lower than its ^FO by the current
    // ^BY bar height, which persists from the previous ^BC; set it here and move the origin up to match.
    return (
      `^BY2,3,${QR_SHIFT}^FO${this.dots(mark.x)},${this.dots(mark.y) - QR_SHIFT}` +
      `^BQN,2,${magnification}^FH^FDMA,${escapeFieldData(mark.payload)}^FS`
    );
  }
}

/** ZplCommands per printer resolution, made on first use. */
const commandsByResolution = new Map<PrinterResolution, ZplCommands>();
/** The three printer resolutions; more only from a caller outside the type, which then just costs a rebuild. */
const MAX_RESOLUTIONS = 3;

function commandsAt(resolution: PrinterResolution): ZplCommands {
  let commands = commandsByResolution.get(resolution);
  if (commands === undefined) {
    commands = new ZplCommands(resolution);
    if (commandsByResolution.size >= MAX_RESOLUTIONS) commandsByResolution.clear();
    commandsByResolution.set(resolution, commands);
  }
  return commands;
}

/** One ^XA…^XZ format, its commands one a line. */
function labelFormat(drawing: LabelDrawing, commands: ZplCommands): string {
  let zpl = commands.start(drawing.width, drawing.height);
  for (const mark of drawing.marks) {
    const command = commands.draw(mark);
    if (command !== '') zpl += `\n${command}`;
  }
  return `${zpl}\n^XZ`;
}

/** Renders one ZPL format per layout, in order, for an A6 label at `resolution` dpi; ASCII bytes. */
export function renderZpl(
  layouts: readonly LabelLayout[],
  paperFormat: 'A4' | 'A6' | 'A7',
  resolution: PrinterResolution = 203,
): Uint8Array {
  if (layouts.length === 0) throw new LabelError('LABEL_NO_PARCELS', 'a label job needs at least one parcel');
  if (paperFormat !== 'A6') throw new LabelError('LABEL_ZPL_NOT_A6', `ZPL labels are A6 only, not ${paperFormat}`);
  const commands = commandsAt(resolution);
  const formats = layouts.map((layout) => labelFormat(designA6(layout), commands));
  return Buffer.from(`${formats.join('\n')}\n`, 'latin1');
}
