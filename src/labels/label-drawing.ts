// A label as a list of marks in millimetres (origin top left), drawn the same way by the PDF and the ZPL
// renderer: one design, several output languages.

/** An A4 page in mm (the A4 labels' sheet and the end-of-day manifest). */
export const A4_WIDTH = 210;
export const A4_HEIGHT = 297;

/** Text on one line. `y` is the baseline; `x` is the left edge, centre or right edge as `align` says. */
export interface TextMark {
  readonly kind: 'text';
  readonly x: number;
  readonly y: number;
  /** Font size (em height) in mm. */
  readonly size: number;
  readonly text: string;
  readonly bold: boolean;
  readonly align: 'left' | 'center' | 'right';
  /** Text wider than this is condensed to fit. */
  readonly maxWidth: number;
  /** White text, drawn over a filled box. */
  readonly inverse: boolean;
}

/** A filled rectangle (rules are thin boxes). */
export interface BoxMark {
  readonly kind: 'box';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A Code 128 symbol centred in the area, bars `height` tall, module width at most `moduleWidth` and
 * narrower when needed to keep a 10-module quiet zone on both sides inside the area.
 */
export interface Code128Mark {
  readonly kind: 'code128';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly moduleWidth: number;
  readonly payload: string;
}

/** A QR code (error correction M) filling a `size` × `size` square; the design keeps a quiet zone around it. */
export interface QrMark {
  readonly kind: 'qr';
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly payload: string;
}

/** Anything drawn on a label. */
export type Mark = TextMark | BoxMark | Code128Mark | QrMark;

/** One label: its size in mm and its marks, drawn in order. */
export interface LabelDrawing {
  readonly width: number;
  readonly height: number;
  readonly marks: readonly Mark[];
}

/**
 * The narrowest a reference may be condensed to, as a share of its width: below about 80 % the letters of
 * a 35-character reference run together on a 2 mm line. A6 keeps two of them on its 99 mm line above it;
 * A7 gives each its own line when a pair would fall below it (design-a7.ts).
 */
export const MIN_READABLE_SCALE = 0.8;

/** Options of a text mark; defaults: regular, left aligned, normal colour, no width limit but the label's. */
export interface TextOptions {
  readonly bold?: boolean;
  readonly align?: TextMark['align'];
  readonly maxWidth?: number;
  readonly inverse?: boolean;
}

/** A text mark with defaults filled in. */
export function text(x: number, y: number, size: number, content: string, options: TextOptions = {}): TextMark {
  return {
    kind: 'text',
    x,
    y,
    size,
    text: content,
    bold: options.bold ?? false,
    align: options.align ?? 'left',
    maxWidth: options.maxWidth ?? 99,
    inverse: options.inverse ?? false,
  };
}

/** A filled box. */
export function box(x: number, y: number, width: number, height: number): BoxMark {
  return { kind: 'box', x, y, width, height };
}

/** Text lines from `y` downwards, `spacing` apart, at most `max` of them. */
export function lines(
  x: number,
  y: number,
  spacing: number,
  size: number,
  content: readonly string[],
  max: number,
  options: TextOptions = {},
): TextMark[] {
  return content.slice(0, max).map((line, i) => text(x, y + i * spacing, size, line, options));
}
