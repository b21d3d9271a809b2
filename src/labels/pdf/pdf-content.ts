// A label drawing as PDF content stream operators (ISO 32000-1 §8, §9): boxes and bars as filled
// rectangles, text in the embedded fonts, condensed horizontally (Tz) when wider than its field.
import { encodeCode128, encodeQr } from '../barcode-modules.ts';
import type { Code128Mark, LabelDrawing, QrMark, TextMark } from '../label-drawing.ts';
import type { PdfFont } from './pdf-font.ts';

/** The fonts of one PDF document. */
export interface PdfFonts {
  readonly regular: PdfFont;
  readonly bold: PdfFont;
}

/** Where a label sits on its page: its top-left corner and the page height, in mm. */
export interface Placement {
  readonly left: number;
  readonly top: number;
  readonly pageHeight: number;
}

const PT_PER_MM = 72 / 25.4;

function n(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

class ContentBuilder {
  readonly ops: string[] = [];
  readonly #placement: Placement;

  constructor(placement: Placement) {
    this.#placement = placement;
  }

  /** A rectangle in label mm (top-left origin) as an `re` operator in page points. */
  rect(x: number, y: number, width: number, height: number): void {
    const { left, top, pageHeight } = this.#placement;
    this.ops.push(
      `${n((left + x) * PT_PER_MM)} ${n((pageHeight - top - y - height) * PT_PER_MM)} ` +
        `${n(width * PT_PER_MM)} ${n(height * PT_PER_MM)} re`,
    );
  }

  text(mark: TextMark, fonts: PdfFonts): void {
    if (mark.text === '') return;
    const font = mark.bold ? fonts.bold : fonts.regular;
    const natural = font.measure(mark.text) * mark.size;
    const scale = natural > mark.maxWidth ? mark.maxWidth / natural : 1;
    const width = natural * scale;
    const x = mark.align === 'left' ? mark.x : mark.align === 'center' ? mark.x - width / 2 : mark.x - width;
    const { left, top, pageHeight } = this.#placement;
    this.ops.push(
      `${mark.inverse ? '1' : '0'} g BT /${mark.bold ? 'F2' : 'F1'} ${n(mark.size * PT_PER_MM)} Tf ` +
        `${n(scale * 100)} Tz 1 0 0 1 ${n((left + x) * PT_PER_MM)} ${n((pageHeight - top - mark.y) * PT_PER_MM)} Tm ` +
        `<${font.encode(mark.text)}> Tj ET 0 g`,
    );
  }

  /**
   * Starts a grid whose unit is `unitX` × `unitY` mm with its origin at (x, y) of the label, y growing
   * downwards: barcode modules are then drawn with small integers, which keeps the content short.
   */
  grid(x: number, y: number, unitX: number, unitY: number): void {
    const { left, top, pageHeight } = this.#placement;
    this.ops.push(
      `q ${n(unitX * PT_PER_MM)} 0 0 ${n(-unitY * PT_PER_MM)} ${n((left + x) * PT_PER_MM)} ${n((pageHeight - top - y) * PT_PER_MM)} cm`,
    );
  }

  code128(mark: Code128Mark): void {
    const symbol = encodeCode128(mark.payload);
    const module = Math.min(mark.moduleWidth, mark.width / (symbol.modules + 20));
    this.grid(mark.x + (mark.width - symbol.modules * module) / 2, mark.y, module, mark.height);
    let x = 0;
    symbol.widths.forEach((width, i) => {
      if (i % 2 === 0) this.ops.push(`${x} 0 ${width} 1 re`);
      x += width;
    });
    this.ops.push('f Q');
  }

  qr(mark: QrMark): void {
    const { size, dark } = encodeQr(mark.payload);
    this.grid(mark.x, mark.y, mark.size / size, mark.size / size);
    for (let row = 0; row < size; row++) {
      let column = 0;
      while (column < size) {
        if (dark[row * size + column] === 0) {
          column++;
          continue;
        }
        const start = column;
        while (column < size && dark[row * size + column] !== 0) column++;
        this.ops.push(`${start} ${row} ${column - start} 1 re`);
      }
    }
    this.ops.push('f Q');
  }
}

/** The content stream operators drawing `drawing` at `placement`. */
export function drawPdfLabel(drawing: LabelDrawing, fonts: PdfFonts, placement: Placement): string {
  const builder = new ContentBuilder(placement);
  for (const mark of drawing.marks) {
    switch (mark.kind) {
      case 'box':
        builder.rect(mark.x, mark.y, mark.width, mark.height);
        builder.ops.push('f');
        break;
      case 'text':
        builder.text(mark, fonts);
        break;
      case 'code128':
        builder.code128(mark);
        break;
      case 'qr':
        builder.qr(mark);
        break;
    }
  }
  return builder.ops.join('\n');
}
