import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { LabelParcel } from '../../src/labels/label-input.ts';
import { createLabelLayout } from '../../src/labels/label-layout.ts';
import { designA6 } from '../../src/labels/design-a6.ts';
import { designA7 } from '../../src/labels/design-a7.ts';
import { MIN_READABLE_SCALE } from '../../src/labels/label-drawing.ts';
import { labelFonts, measureText } from '../../src/labels/label-fonts.ts';
import { renderPdf, type PdfFormat } from '../../src/labels/render-pdf.ts';
import { SAMPLE_PARCELS, SAMPLE_RETURN_PARCEL } from '../../src/labels/sample-label-job.ts';
import { crop, decodeBarcodes, extractPdfText, extractPdfWords, pdfInfo, rasterisePdf, type Decoded } from '../support/label-reading.ts';

const DPI = 300;
const mmToPixels = (mm: number): number => Math.round((mm * DPI) / 25.4);

function expectedCodes(parcel: LabelParcel): Decoded[] {
  const layout = createLabelLayout(parcel, true);
  return [
    { format: 'Code128', text: layout.sortBarcode.payload },
    { format: 'QRCode', text: layout.twoDimensionalPayload },
  ];
}

function render(parcels: readonly LabelParcel[], format: PdfFormat, stage = true): Uint8Array {
  return renderPdf(
    parcels.map((parcel) => createLabelLayout(parcel, stage)),
    format,
  );
}

describe('PDF labels', () => {
  it('A6: one page per parcel in request order, each scanning to its sort barcode and 2D code', async () => {
    const pdf = render(SAMPLE_PARCELS, { paperFormat: 'A6' });
    const info = await pdfInfo(pdf);
    assert.equal(info.Pages, '4');
    assert.match(info['Page size'], /^297\.64 x 419\.53 pts/);
    const pages = await rasterisePdf(pdf, DPI);
    assert.equal(pages.length, 4);
    for (const [i, page] of pages.entries()) {
      assert.deepEqual(await decodeBarcodes(page), expectedCodes(SAMPLE_PARCELS[i]), `page ${i + 1}`);
    }
  });

  // Slots in fill order: upper left, upper right, lower left, lower right (docs/decisions.md "Labels on the wire").
  const SLOTS = [
    [0, 0],
    [105, 0],
    [0, 148],
    [105, 148],
  ] as const;
  const STARTS = ['UPPER_LEFT', 'UPPER_RIGHT', 'LOWER_LEFT', 'LOWER_RIGHT'] as const;
  for (const [startIndex, startPosition] of STARTS.entries()) {
    it(`A4 from ${startPosition}: four A6 labels per page, filled in order from the start position`, async () => {
      const pages = await rasterisePdf(render(SAMPLE_PARCELS, { paperFormat: 'A4', startPosition }), DPI);
      assert.equal(pages.length, startIndex === 0 ? 1 : 2);
      assert.ok(Math.abs(pages[0].width - mmToPixels(210)) <= 1 && Math.abs(pages[0].height - mmToPixels(297)) <= 1, 'A4 page');
      for (let slot = 0; slot < pages.length * 4; slot++) {
        const parcelIndex = slot - startIndex;
        const [left, top] = SLOTS[slot % 4];
        const quadrant = crop(pages[Math.floor(slot / 4)], mmToPixels(left), mmToPixels(top), mmToPixels(105), mmToPixels(148));
        const expected = parcelIndex >= 0 && parcelIndex < SAMPLE_PARCELS.length ? expectedCodes(SAMPLE_PARCELS[parcelIndex]) : [];
        assert.deepEqual(await decodeBarcodes(quadrant), expected, `slot ${slot}`);
      }
    });
  }

  it('A7 landscape for a return parcel scans too', async () => {
    const pdf = render([SAMPLE_RETURN_PARCEL], { paperFormat: 'A7' });
    assert.match((await pdfInfo(pdf))['Page size'], /^297\.64 x 209\.76 pts/);
    const [page] = await rasterisePdf(pdf, DPI);
    assert.deepEqual(await decodeBarcodes(page), expectedCodes(SAMPLE_RETURN_PARCEL));
  });

  it('A7 for a parcel that is not a return is refused with LABEL_A7_NOT_RETURN', () => {
    assert.throws(() => render([SAMPLE_RETURN_PARCEL, SAMPLE_PARCELS[0]], { paperFormat: 'A7' }), {
      name: 'LabelError',
      code: 'LABEL_A7_NOT_RETURN',
    });
  });

  // Four references and info1 at their maximum lengths (spec "parcel": 35 and 30 characters), as real ones look.
  const REFERENCES = [
    'ORD-2026-11-22-0001234567-ABCDEF-01',
    'INV-2026/11/000987654-NL-ROTTERDAM1',
    'SKU-4711-0815-BLUE-XL-2026-LOT-4242',
    'PO-998877665544332211009988776655',
  ];
  const LONG_REFERENCES: LabelParcel = {
    ...SAMPLE_RETURN_PARCEL,
    references: REFERENCES,
    info1: 'Bitte nicht stapeln - fragile!',
    recipient: { ...SAMPLE_RETURN_PARCEL.recipient, contact: 'J. van der Berg', phone: '+31 10 123 45 67' },
  };
  // Read back from the PDF: each reference's drawn width against its width at the drawn size. A6's 99 mm line
  // holds two of them; A7's 46 mm column only one, so A7 splits the pairs (design-a7.ts).
  const INFO = 'Info: Bitte nicht stapeln - fragile!';
  const READABLE_CASES = [
    { format: 'A6', lines: [`${REFERENCES[0]} · ${REFERENCES[1]}`, `${REFERENCES[2]} · ${REFERENCES[3]}`, INFO] },
    { format: 'A7', lines: [...REFERENCES, INFO] },
  ] as const;
  for (const { format, lines } of READABLE_CASES) {
    it(`${format}: four 35-character references and info1 keep at least ${MIN_READABLE_SCALE * 100} % of their width, and the label still scans`, async () => {
      const pdf = render([LONG_REFERENCES], { paperFormat: format });
      const words = await extractPdfWords(pdf);
      const font = labelFonts().regular;
      const emHeight = (font.ascender - font.descender) / font.unitsPerEm;
      for (const reference of REFERENCES) {
        const word = words.find((candidate) => candidate.text === reference);
        assert.ok(word !== undefined, `${reference} is not in the PDF's text`);
        const size = (word.yMax - word.yMin) / emHeight;
        const scale = (word.xMax - word.xMin) / (measureText(font, reference) * size);
        assert.ok(scale >= MIN_READABLE_SCALE - 0.005, `${reference}: drawn at ${(scale * 100).toFixed(0)} % of its width`);
      }
      const [page] = await rasterisePdf(pdf, DPI);
      assert.deepEqual(await decodeBarcodes(page), expectedCodes(LONG_REFERENCES));
      const design = format === 'A6' ? designA6 : designA7;
      const marks = design(createLabelLayout(LONG_REFERENCES, true)).marks;
      assert.deepEqual(
        marks
          .filter((mark) => mark.kind === 'text' && (REFERENCES.some((reference) => mark.text.includes(reference)) || mark.text === INFO))
          .map((mark) => mark.kind === 'text' && mark.text),
        lines,
      );
    });
  }

  it("A7 prints info1 with its label and the recipient's contact and phone, as A6 does", async () => {
    const text = await extractPdfText(render([LONG_REFERENCES], { paperFormat: 'A7' }));
    assert.ok(text.includes('Info: Bitte nicht stapeln - fragile!'), text);
    assert.ok(text.includes('J. van der Berg · +31 10 123 45 67'), text);
  });

  it('prints Latin, Greek and Cyrillic names exactly as written (extracted text)', async () => {
    const text = await extractPdfText(render(SAMPLE_PARCELS, { paperFormat: 'A4' }));
    for (const name of [
      'Łódź',
      'Ærøskøbing',
      'Θεσσαλονίκη',
      'Москва',
      'Γεώργιος Παπαδόπουλος',
      'ООО «Северный ветер»',
      'Søren Kjærgaard',
    ]) {
      assert.ok(text.includes(name), `${name} missing from extracted text`);
    }
  });

  // The PDF sets text left to right, glyph by glyph, without bidi reordering or Arabic shaping: Hebrew and
  // Arabic drawn so would read backwards (pdftotext then extracts them reversed), a wrong name rather than none.
  it('prints right-to-left text (Hebrew, Arabic) as ?, as it prints characters the fonts lack, never backwards', async () => {
    const parcel: LabelParcel = {
      ...SAMPLE_PARCELS[0],
      recipient: { ...SAMPLE_PARCELS[0].recipient, name1: 'שלום Levi', name2: 'محمد', country: 'IL', zipCode: '6100000', city: 'תל אביב' },
    };
    const lines = (await extractPdfText(render([parcel], { paperFormat: 'A6' }))).split('\n');
    for (const line of ['???? Levi', '????', '6100000 ?? ????'])
      assert.ok(lines.includes(line), `${line} missing from ${JSON.stringify(lines)}`);
    assert.ok(
      lines.every((line) => !/[\u0590-\u08ff]/.test(line)),
      'right-to-left letters drawn left to right',
    );
  });

  const STAGES = [
    { stage: true, marked: true },
    { stage: false, marked: false },
  ] as const;
  for (const { stage, marked } of STAGES) {
    it(`${stage ? 'stage' : 'live'} labels ${marked ? 'carry' : 'do not carry'} the NOT VALID FOR SHIPPING mark`, async () => {
      const text = await extractPdfText(render([SAMPLE_PARCELS[0]], { paperFormat: 'A6' }, stage));
      assert.equal(text.includes('NOT VALID FOR SHIPPING'), marked);
    });
  }

  it('renders any caller text (controls, emoji, lone surrogates, long lines) into a complete file', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (name) => {
        const parcel: LabelParcel = {
          ...SAMPLE_PARCELS[0],
          recipient: { ...SAMPLE_PARCELS[0].recipient, name1: name, street: name },
          references: [name],
          info1: name,
        };
        const pdf = Buffer.from(render([parcel], { paperFormat: 'A6' }));
        return pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.subarray(-6).toString('latin1') === '%%EOF\n';
      }),
      { numRuns: 100 },
    );
  });

  it('starts with the header and a binary comment line of bytes ≥ 0x80', () => {
    const pdf = Buffer.from(render([SAMPLE_PARCELS[0]], { paperFormat: 'A6' }));
    const [header, comment] = [pdf.subarray(0, 9).toString('latin1'), pdf.subarray(9, pdf.indexOf(0x0a, 9))];
    assert.equal(header, '%PDF-1.7\n');
    assert.equal(comment[0], 0x25);
    assert.ok(comment.length >= 5 && [...comment.subarray(1)].every((byte) => byte >= 0x80));
  });

  it('is deterministic: equal input gives equal bytes, with creation date and ID from the input', () => {
    const first = Buffer.from(render(SAMPLE_PARCELS, { paperFormat: 'A6' }));
    const second = Buffer.from(render(SAMPLE_PARCELS, { paperFormat: 'A6' }));
    assert.ok(first.equals(second));
    assert.match(first.toString('latin1'), /\/CreationDate \(D:20250115000000Z\)/);
    assert.ok(!first.equals(Buffer.from(render(SAMPLE_PARCELS.slice(1), { paperFormat: 'A6' }))));
  });
});
