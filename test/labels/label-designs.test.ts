// Every mark of the A6 and A7 designs lies on the label and clear of every other: text as drawn (its
// glyphs' outlines, condensed to its field), the QR code with its 4-module quiet zone, the Code 128 area
// with its 10-module quiet zones; and no reference is left off. Run over full labels: long references,
// six-line addresses, info1.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeQr } from '../../src/labels/barcode-modules.ts';
import { designA6 } from '../../src/labels/design-a6.ts';
import { designA7 } from '../../src/labels/design-a7.ts';
import type { LabelDrawing, Mark } from '../../src/labels/label-drawing.ts';
import { labelFonts, measureText, printedGlyph } from '../../src/labels/label-fonts.ts';
import type { LabelAddress, LabelParcel } from '../../src/labels/label-input.ts';
import { createLabelLayout } from '../../src/labels/label-layout.ts';
import { SAMPLE_PARCELS, SAMPLE_RETURN_PARCEL } from '../../src/labels/sample-label-job.ts';

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** How far the glyphs of `text` reach above and below the baseline, in em; undefined when nothing is inked. */
function inkHeight(text: string, bold: boolean): { above: number; below: number } | undefined {
  const font = bold ? labelFonts().bold : labelFonts().regular;
  let [above, below] = [-Infinity, -Infinity];
  for (const character of text) {
    const outline = font.outline(printedGlyph(font, character.codePointAt(0) ?? 0)).data;
    if (outline.length < 10) continue;
    const header = new DataView(outline.buffer, outline.byteOffset, 10);
    above = Math.max(above, header.getInt16(8) / font.unitsPerEm);
    below = Math.max(below, -header.getInt16(4) / font.unitsPerEm);
  }
  return above === -Infinity ? undefined : { above, below };
}

/** Where a mark inks or must be kept clear, in mm. */
function areaOf(mark: Mark): Box | undefined {
  switch (mark.kind) {
    case 'box':
      return { left: mark.x, top: mark.y, right: mark.x + mark.width, bottom: mark.y + mark.height };
    case 'code128':
      return { left: mark.x, top: mark.y, right: mark.x + mark.width, bottom: mark.y + mark.height };
    case 'qr': {
      const quiet = (4 * mark.size) / encodeQr(mark.payload).size;
      return { left: mark.x - quiet, top: mark.y - quiet, right: mark.x + mark.size + quiet, bottom: mark.y + mark.size + quiet };
    }
    case 'text': {
      const ink = inkHeight(mark.text, mark.bold);
      if (ink === undefined) return undefined;
      // As render-pdf.ts draws it: condensed to maxWidth when wider.
      const width = Math.min(measureText(mark.bold ? labelFonts().bold : labelFonts().regular, mark.text) * mark.size, mark.maxWidth);
      const left = mark.align === 'left' ? mark.x : mark.align === 'center' ? mark.x - width / 2 : mark.x - width;
      return { left, top: mark.y - ink.above * mark.size, right: left + width, bottom: mark.y + ink.below * mark.size };
    }
  }
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const contains = (outer: Box, inner: Box): boolean =>
  outer.left <= inner.left && inner.right <= outer.right && outer.top <= inner.top && inner.bottom <= outer.bottom;
const describeMark = (mark: Mark): string =>
  mark.kind === 'text' ? `text ${JSON.stringify(mark.text)}` : `${mark.kind} at ${mark.x},${mark.y}`;

/** The marks that lie off the label or on each other; white text on its own box and rules meeting rules are meant to. */
function collisions(drawing: LabelDrawing): string[] {
  const areas = drawing.marks.flatMap((mark) => {
    const area = areaOf(mark);
    return area === undefined ? [] : [{ mark, area }];
  });
  const found: string[] = [];
  const label: Box = { left: 0, top: 0, right: drawing.width, bottom: drawing.height };
  for (const { mark, area } of areas) if (!contains(label, area)) found.push(`${describeMark(mark)} leaves the label`);
  for (const [i, first] of areas.entries()) {
    for (const second of areas.slice(i + 1)) {
      // Rules meet rules on purpose.
      if (!overlaps(first.area, second.area) || (first.mark.kind === 'box' && second.mark.kind === 'box')) continue;
      const inverseOnBox = [
        [first, second],
        [second, first],
      ].some(([text, box]) => text.mark.kind === 'text' && text.mark.inverse && box.mark.kind === 'box' && contains(box.area, text.area));
      if (!inverseOnBox) found.push(`${describeMark(first.mark)} overlaps ${describeMark(second.mark)}`);
    }
  }
  return found;
}

// Four references and info1 at their maximum lengths (spec "parcel": 35 and 30 characters).
const REFERENCES = [
  'ORD-2026-11-22-0001234567-ABCDEF-01',
  'INV-2026/11/000987654-NL-ROTTERDAM1',
  'SKU-4711-0815-BLUE-XL-2026-LOT-4242',
  'PO-998877665544332211009988776655',
];
/** Six lines under the name, as a US address has them. */
const SIX_LINES: LabelAddress = {
  name1: 'Empire Supplies Incorporated',
  name2: 'Attn. Receiving Department',
  street: 'Fifth Avenue',
  houseNo: '350',
  street2: 'Floor 42, Suite 4200',
  country: 'US',
  zipCode: '100011234',
  city: 'New York',
  state: 'NY',
  contact: 'Jay Gatsby',
  phone: '+1 212 555 0100',
};
const FULL: LabelParcel = { ...SAMPLE_RETURN_PARCEL, references: REFERENCES, info1: 'Bitte nicht stapeln - fragile!' };

const PARCELS: readonly { readonly name: string; readonly parcel: LabelParcel }[] = [
  { name: 'the sample return parcel', parcel: SAMPLE_RETURN_PARCEL },
  { name: 'four 35-character references and info1', parcel: FULL },
  { name: 'two 35-character references', parcel: { ...SAMPLE_RETURN_PARCEL, references: REFERENCES.slice(0, 2) } },
  { name: 'three 35-character references and info1', parcel: { ...FULL, references: REFERENCES.slice(0, 3) } },
  { name: 'short references that pair up', parcel: { ...FULL, references: ['RMA-55120', 'PO-2025-0117', 'Invoice 88123', 'Box 2'] } },
  {
    name: '35 capital Ws four times (condensed, never overlapping)',
    parcel: { ...FULL, references: ['W', 'M', 'W', 'M'].map((letter) => letter.repeat(35)) },
  },
  {
    name: 'six-line addresses both ways, contact and phone, full references',
    parcel: { ...FULL, sender: { ...SIX_LINES, country: 'CA', zipCode: 'K1A 0B1', city: 'Ottawa', state: 'ON' }, recipient: SIX_LINES },
  },
];

describe('label designs', () => {
  for (const [format, design] of [
    ['A6', designA6],
    ['A7', designA7],
  ] as const) {
    for (const { name, parcel } of PARCELS) {
      it(`${format}, ${name}: every reference printed, every mark on the label, none on another`, () => {
        const drawing = design(createLabelLayout(parcel, true));
        const printed = drawing.marks.map((mark) => (mark.kind === 'text' ? mark.text : '')).join('\n');
        for (const reference of parcel.references) assert.ok(printed.includes(reference), `${reference} is not printed`);
        assert.deepEqual(collisions(drawing), []);
      });
    }
  }

  it('A6 outbound sample parcels: every mark on the label, none on another', () => {
    for (const parcel of SAMPLE_PARCELS)
      assert.deepEqual(collisions(designA6(createLabelLayout(parcel, false))), [], parcel.parcelLabelNumber);
  });
});
