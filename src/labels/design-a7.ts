// The A7 landscape return label (105 × 74 mm): a compact version of the A6 zones. The caller asks for A7
// only for return parcels (spec printOptions.paperFormat); the bars are 15 mm tall to fit.
import { box, lines, text, type LabelDrawing, type Mark } from './label-drawing.ts';
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

function routingZone(layout: LabelLayout): Mark[] {
  // References two to a line and info1 with its label on lines of their own, as on A6, under the parcel number.
  const texts = layout.infoLine === undefined ? layout.referenceLines : [...layout.referenceLines, layout.infoLine];
  return [
    { kind: 'qr', x: 4, y: 35.2, size: 11.5, payload: layout.twoDimensionalPayload },
    text(20, 42.5, 6.5, layout.routing, { bold: true, maxWidth: 33 }),
    text(20, 46.2, 2.2, `Depot ${layout.depot} · Product ${layout.product}`, { maxWidth: 35 }),
    text(RIGHT, 38.6, 3.7, layout.parcelNumber, { align: 'right', bold: true, maxWidth: 42 }),
    ...lines(RIGHT, 41.5, 2.45, 2.1, texts, 3, { align: 'right', maxWidth: 46 }),
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
