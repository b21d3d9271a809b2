// The A6 portrait label (105 × 148 mm), zones from top to bottom: sender and parcel facts, recipient,
// references (two to a line) and info1, 2D code with service and routing, stage band, parcel number with
// the sort barcode.
// Bar height 25 mm and X ≤ 0.375 mm follow the DPD Parcel Label Specification (4.6.1.2).
import { box, lines, text, type LabelDrawing, type Mark } from './label-drawing.ts';
import type { LabelLayout } from './label-layout.ts';

/** Label width in mm. */
export const A6_WIDTH = 105;
/** Label height in mm. */
export const A6_HEIGHT = 148;

const LEFT = 3;
const RIGHT = 102;
const RULE = 0.4;

function rule(y: number): Mark {
  return box(LEFT, y, RIGHT - LEFT, RULE);
}

// The marks that are the same on every label, shared by all drawings (so frozen).
const FROM = Object.freeze(text(LEFT, 5.2, 2, 'FROM', { bold: true }));
const FACTS_DIVIDER = Object.freeze(box(68, 3, RULE, 22));
const RETURN_BOX = Object.freeze(box(70, 20.5, 32, 4.5));
const SENDER_RULE = Object.freeze(rule(25.5));
const TO = Object.freeze(text(LEFT, 28.6, 2, 'TO', { bold: true }));
const RECIPIENT_RULE = Object.freeze(rule(60.4));
const REFERENCE_RULE = Object.freeze(rule(70.4));
const ROUTING_DIVIDER = Object.freeze(box(30.5, 70.8, RULE, 28));
const ROUTING_RULE = Object.freeze(rule(98.8));
const STAGE_BAND = Object.freeze(box(LEFT, 100.2, RIGHT - LEFT, 6));

/**
 * The marks drawn the same on every A6 label, whatever the layout: a renderer may prepare them once
 * (ZPL keeps their commands per resolution).
 */
export const A6_FIXED_MARKS: ReadonlySet<Mark> = new Set([
  FROM,
  FACTS_DIVIDER,
  RETURN_BOX,
  SENDER_RULE,
  TO,
  RECIPIENT_RULE,
  REFERENCE_RULE,
  ROUTING_DIVIDER,
  ROUTING_RULE,
  STAGE_BAND,
]);

// Each zone appends its marks to the drawing's: one array per label.

function senderZone(layout: LabelLayout, marks: Mark[]): void {
  marks.push(
    FROM,
    ...lines(LEFT, 8.4, 2.75, 2.4, layout.sender, 6, { maxWidth: 64 }),
    FACTS_DIVIDER,
    text(RIGHT, 6, 2.8, layout.date, { align: 'right', maxWidth: 32 }),
    text(RIGHT, 13, 5.5, layout.sequence, { align: 'right', bold: true, maxWidth: 32 }),
    text(RIGHT, 19, 3.5, layout.weight, { align: 'right', bold: true, maxWidth: 32 }),
  );
  if (layout.returnMark !== undefined) {
    marks.push(RETURN_BOX, text(86, 24, 3.4, layout.returnMark, { align: 'center', bold: true, inverse: true, maxWidth: 30 }));
  }
  marks.push(SENDER_RULE);
}

function recipientZone(layout: LabelLayout, marks: Mark[]): void {
  const [name, ...rest] = layout.recipient;
  // A shop delivery names its shop on the TO line, where the driver reads where the parcel goes.
  if (layout.parcelShop !== undefined) marks.push(text(RIGHT, 28.8, 2.8, layout.parcelShop, { align: 'right', bold: true, maxWidth: 60 }));
  marks.push(
    TO,
    text(LEFT, 33, 4.4, name ?? '', { bold: true }),
    ...lines(LEFT, 37.4, 3.7, 3.5, rest, 6),
    text(LEFT, 59.2, 2.6, layout.recipientContact),
    RECIPIENT_RULE,
  );
}

function referenceZone(layout: LabelLayout, marks: Mark[]): void {
  const texts = layout.infoLine === undefined ? layout.referenceLines : [...layout.referenceLines, layout.infoLine];
  marks.push(...lines(LEFT, 63.6, 2.9, 2.5, texts, 3), REFERENCE_RULE);
}

function routingZone(layout: LabelLayout, marks: Mark[]): void {
  marks.push(
    { kind: 'qr', x: 5, y: 74.2, size: 21, payload: layout.twoDimensionalPayload },
    ROUTING_DIVIDER,
    text(33, 82, 10.5, layout.serviceCode, { bold: true, maxWidth: 22 }),
    text(57, 77.4, 4.4, layout.serviceText, { bold: true, maxWidth: 45 }),
    text(57, 82, 2.8, `Product ${layout.product}`, { maxWidth: 45 }),
    text(33, 93, 8.5, layout.routing, { bold: true, maxWidth: 69 }),
    text(33, 97.4, 2.8, `Depot ${layout.depot}`, { maxWidth: 69 }),
    ROUTING_RULE,
  );
}

function stageZone(layout: LabelLayout, marks: Mark[]): void {
  if (layout.stageMark === undefined) return;
  marks.push(STAGE_BAND, text(52.5, 104.7, 4.2, layout.stageMark, { align: 'center', bold: true, inverse: true }));
}

function barcodeZone(layout: LabelLayout, marks: Mark[]): void {
  marks.push(
    text(52.5, 112.2, 5.6, layout.parcelNumber, { align: 'center', bold: true }),
    { kind: 'code128', x: 0, y: 114.5, width: A6_WIDTH, height: 25, moduleWidth: 0.375, payload: layout.sortBarcode.payload },
    text(52.5, 143.4, 3, layout.sortBarcode.humanReadable, { align: 'center' }),
  );
}

/** The A6 drawing of one parcel's label. */
export function designA6(layout: LabelLayout): LabelDrawing {
  const marks: Mark[] = [];
  senderZone(layout, marks);
  recipientZone(layout, marks);
  referenceZone(layout, marks);
  routingZone(layout, marks);
  stageZone(layout, marks);
  barcodeZone(layout, marks);
  return { width: A6_WIDTH, height: A6_HEIGHT, marks };
}
