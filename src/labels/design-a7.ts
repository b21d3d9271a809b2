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

function addressZone(layout: LabelLayout): Mark[] {
  const [name, ...rest] = layout.recipient;
  return [
    text(LEFT, 13.4, 1.8, 'FROM', { bold: true }),
    ...lines(LEFT, 16.4, 2.6, 2.2, layout.sender, 6, { maxWidth: 44 }),
    box(49, 11, RULE, 21.5),
    text(51, 13.4, 1.8, 'TO', { bold: true }),
    text(51, 16.8, 3.2, name ?? '', { bold: true, maxWidth: 51 }),
    ...lines(51, 19.9, 2.85, 2.6, rest, 5, { maxWidth: 51 }),
    box(LEFT, 33, RIGHT - LEFT, RULE),
  ];
}

function routingZone(layout: LabelLayout): Mark[] {
  const references = [...layout.references, ...(layout.info1 === undefined ? [] : [layout.info1])].join(' · ');
  return [
    { kind: 'qr', x: 4, y: 35.2, size: 11.5, payload: layout.twoDimensionalPayload },
    text(20, 42.5, 6.5, layout.routing, { bold: true, maxWidth: 36 }),
    text(20, 46.2, 2.2, `Depot ${layout.depot} · Product ${layout.product}`, { maxWidth: 38 }),
    text(RIGHT, 40, 3.7, layout.parcelNumber, { align: 'right', bold: true, maxWidth: 42 }),
    text(RIGHT, 44.6, 2.2, references, { align: 'right', maxWidth: 42 }),
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
