// The A7 landscape return label (105 × 74 mm): a compact version of the A6 zones. The caller asks for A7
// only for return parcels (spec printOptions.paperFormat); the bars are 15 mm tall to fit.
import { box, lines, MIN_READABLE_SCALE, text, type LabelDrawing, type Mark } from './label-drawing.ts';
import { labelFonts, measureText } from './label-fonts.ts';
import type { LabelLayout } from './label-layout.ts';

/** Label width in mm (landscape). */
export const A7_WIDTH = 105;
/** Label height in mm (landscape). */
export const A7_HEIGHT = 74;

const LEFT = 3;
const RIGHT = 102;
const RULE = 0.3;

function headerZone(layout: LabelLayout): Mark[] {
  return [
    box(LEFT, 2.5, 25, 6.5),
    text(15.5, 7.4, 4, layout.returnMark ?? '', { align: 'center', bold: true, inverse: true, maxWidth: 23 }),
    text(31, 7.6, 4.2, `${layout.serviceCode} ${layout.serviceText}`, { bold: true, maxWidth: 48 }),
    text(RIGHT, 5, 2.4, layout.date, { align: 'right', maxWidth: 20 }),
    text(RIGHT, 9, 3.2, `${layout.sequence}  ${layout.weight}`, { align: 'right', bold: true, maxWidth: 20 }),
    box(LEFT, 10.5, RIGHT - LEFT, RULE),
  ];
}

/** The TO block holds six lines under the name: every address line (a US address has six), then contact and phone when room is left. */
const TO_LINES = 6;

function addressZone(layout: LabelLayout): Mark[] {
  const [name, ...rest] = layout.recipient;
  const toLines = layout.recipientContact === '' || rest.length >= TO_LINES ? rest : [...rest, layout.recipientContact];
  return [
    text(LEFT, 13.4, 1.8, 'FROM', { bold: true }),
    ...lines(LEFT, 16.4, 2.6, 2.2, layout.sender, 6, { maxWidth: 44 }),
    box(49, 11, RULE, 21.5),
    text(51, 13.4, 1.8, 'TO', { bold: true }),
    text(51, 16.8, 3.2, name ?? '', { bold: true, maxWidth: 51 }),
    ...lines(51, 19.8, 2.5, 2.4, toLines, TO_LINES, { maxWidth: 51 }),
    box(LEFT, 33, RIGHT - LEFT, RULE),
  ];
}

/** The reference column, right-aligned beside the routing: as wide as the space right of the routing allows. */
const REFERENCE_WIDTH = 46;
const REFERENCE_SIZE = 2.1;
/** Four references each on a line of its own and info1. */
const REFERENCE_LINES = 5;

/**
 * The references as A6 prints them, two to a line, except that a pair the column would condense below
 * MIN_READABLE_SCALE is split into one reference per line: a 35-character reference as real ones look
 * (capitals, digits, dashes) then fits at full width. One wider still (35 capital Ws) is condensed to fit,
 * as any text is. A7 is a PDF label only, so the PDF font measures exactly what will be drawn.
 */
function referenceLines(layout: LabelLayout): string[] {
  const font = labelFonts().regular;
  const readable = (line: string) => measureText(font, line) * REFERENCE_SIZE * MIN_READABLE_SCALE <= REFERENCE_WIDTH;
  // referenceLines[i] is references 2i and 2i + 1 joined (label-layout.ts).
  return layout.referenceLines.flatMap((line, i) => (readable(line) ? [line] : layout.references.slice(2 * i, 2 * i + 2)));
}

function routingZone(layout: LabelLayout): Mark[] {
  // The parcel number sits above the routing, so the references and info1 have the right column to themselves.
  const references = referenceLines(layout);
  const texts = layout.infoLine === undefined ? references : [...references, layout.infoLine];
  return [
    { kind: 'qr', x: 4, y: 35.2, size: 11.5, payload: layout.twoDimensionalPayload },
    text(20, 36.6, 3, layout.parcelNumber, { bold: true, maxWidth: 34 }),
    text(20, 42.5, 6.5, layout.routing, { bold: true, maxWidth: 33 }),
    text(20, 46.2, 2.2, `Depot ${layout.depot} · Product ${layout.product}`, { maxWidth: 34 }),
    ...lines(RIGHT, 36.1, 2.45, REFERENCE_SIZE, texts, REFERENCE_LINES, { align: 'right', maxWidth: REFERENCE_WIDTH }),
  ];
}

function barcodeZone(layout: LabelLayout): Mark[] {
  const marks: Mark[] = [
    { kind: 'code128', x: 0, y: 48.5, width: A7_WIDTH, height: 15, moduleWidth: 0.375, payload: layout.sortBarcode.payload },
    text(52.5, 66.6, 2.6, layout.sortBarcode.humanReadable, { align: 'center' }),
  ];
  if (layout.stageMark !== undefined) {
    marks.push(box(LEFT, 68, RIGHT - LEFT, 5), text(52.5, 71.8, 3.5, layout.stageMark, { align: 'center', bold: true, inverse: true }));
  }
  return marks;
}

/** The A7 landscape drawing of one return parcel's label. */
export function designA7(layout: LabelLayout): LabelDrawing {
  return {
    width: A7_WIDTH,
    height: A7_HEIGHT,
    marks: [...headerZone(layout), ...addressZone(layout), ...routingZone(layout), ...barcodeZone(layout)],
  };
}
