import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { LabelParcel } from '../../src/labels/label-input.ts';
import { leftToRightText } from '../../src/labels/label-fonts.ts';
import { createLabelLayout } from '../../src/labels/label-layout.ts';
import { escapeFieldData, renderZpl, type PrinterResolution } from '../../src/labels/render-zpl.ts';
import { SAMPLE_PARCELS } from '../../src/labels/sample-label-job.ts';
import { decodeBarcodes, renderZplImages, type Image } from '../support/label-reading.ts';

const layoutsOf = (parcels: readonly LabelParcel[]) => parcels.map((parcel) => createLabelLayout(parcel, true));
const zplText = (parcels: readonly LabelParcel[], resolution: PrinterResolution = 203): string =>
  Buffer.from(renderZpl(layoutsOf(parcels), 'A6', resolution)).toString('latin1');

/** The text of every ^FH^FD field, with its hex escapes decoded as UTF-8. */
function fieldTexts(zpl: string): string[] {
  return [...zpl.matchAll(/\^FH\^FD([^^]*)\^FS/g)].map(([, data]) =>
    Buffer.from(
      data.replace(/_([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

/** The font (`0` or `T`) of every text field, by its decoded text. */
function textFonts(zpl: string): Map<string, string> {
  return new Map(
    [...zpl.matchAll(/\^A([0T])N,\d+,\d+(?:\^FR)?(?:\^FB[^^]*)?\^FH\^FD([^^]*)\^FS/g)].map(([, font, data]) => [
      Buffer.from(
        data.replace(/_([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
      font,
    ]),
  );
}

/** Names in the Latin scripts of Europe, Greek and Cyrillic, with the letters font 0 lacks. */
const EUROPEAN_NAMES = [
  'Ğüzel Şişli İstanbul ığ',
  'Ștefan Țară Brașov Ăă',
  'Āraiši Ēvele Ūdens Ķīpsala Ģirts Ļaudona Ņ',
  'Kůň Ďáblice Ěř Ňů',
  'Ľubica Ĺadová Ŕačany',
  'Őrség Űrhajós',
  'Żółć Ąę Ćń Śź Łódź',
  'Ærøskøbing Åse Øster',
  'Straße Müller Öhringen',
  'François Œuvre Ÿvette Ça',
  'Šiauliai Ąžuolas Ėglė Įvairūs Ųsa',
  'Đakovo Čakovec Ćićarija',
  'Þórshöfn Ísafjörður',
  'Għajnsielem Ħamrun Ċirkewwa',
  'Ŵyddgrug Ŷnys',
  'Θεσσαλονίκη Ελλάδα',
  'Москва Ёлкино',
  'Київ Їжак Ґанок Єва',
  'Ђурђевац Љиг Њ Џеп Ћуприја',
];

/** Size of a glyph's cell in dots; characters are drawn 36 dots tall from 12, 16 inside it. */
const GLYPH_CELL = 72;

/**
 * Whether the cell at (`left`, `top`) holds a glyph: some ink that is not a box (a hollow rectangle, what
 * zebrash draws for a character its font lacks).
 */
function isGlyph(image: Image, left: number, top: number): boolean {
  const ink = (x: number, y: number) => image.data[((top + y) * image.width + left + x) * 4] < 128;
  let [x0, y0, x1, y1] = [GLYPH_CELL, GLYPH_CELL, -1, -1];
  for (let y = 0; y < GLYPH_CELL; y++) {
    for (let x = 0; x < GLYPH_CELL; x++)
      if (ink(x, y)) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  if (x1 < 0) return false;
  if (x1 - x0 < 8 || y1 - y0 < 8) return true;
  for (let x = x0; x <= x1; x++) if (!ink(x, y0) || !ink(x, y1)) return true;
  for (let y = y0; y <= y1; y++) if (!ink(x0, y) || !ink(x1, y)) return true;
  const [insetX, insetY] = [Math.ceil((x1 - x0) / 4), Math.ceil((y1 - y0) / 4)];
  for (let y = y0 + insetY; y <= y1 - insetY; y++) for (let x = x0 + insetX; x <= x1 - insetX; x++) if (ink(x, y)) return true;
  return false;
}

/** A parcel whose every printed caller field has its maximum length, written in `letter`. */
function longestParcel(letter: string): LabelParcel {
  const of = (length: number) => letter.repeat(length);
  const address = {
    name1: of(35),
    name2: of(35),
    street: of(35),
    houseNo: of(8),
    street2: of(35),
    zipCode: of(9),
    city: of(35),
    contact: of(35),
    phone: of(30),
  };
  return {
    ...SAMPLE_PARCELS[0],
    sender: { ...address, country: 'NL' },
    recipient: { ...address, country: 'US', state: 'NY' },
    references: [of(35), of(35), of(35), of(35)],
    info1: of(30),
  };
}

/** The (x, y) pixels with ink inside a rectangle given in mm; empty when it is clear. */
function inkIn(image: Image, dotsPerMm: number, area: { left: number; right: number; top: number; bottom: number }): [number, number][] {
  const found: [number, number][] = [];
  for (let y = Math.round(area.top * dotsPerMm); y < Math.round(area.bottom * dotsPerMm); y++) {
    for (let x = Math.round(area.left * dotsPerMm); x < Math.min(image.width, Math.round(area.right * dotsPerMm)); x++) {
      if (image.data[(y * image.width + x) * 4] < 128) found.push([x, y]);
    }
  }
  return found.slice(0, 5);
}

const EVIL: LabelParcel = {
  ...SAMPLE_PARCELS[0],
  recipient: { ...SAMPLE_PARCELS[0].recipient, name1: 'X^XZ^XA^FDevil', name2: '~JA~DGR:EVIL.GRF', city: 'Ærø_5E' },
  references: ['^XZ', '~HS'],
  info1: '^FS^FO0,0^GB800,800,800^FS',
};

describe('ZPL labels', () => {
  const RESOLUTIONS = [
    { dpi: 203, width: 839, height: 1183 },
    { dpi: 300, width: 1240, height: 1748 },
    { dpi: 600, width: 2480, height: 3496 },
  ] as const;
  for (const { dpi, width, height } of RESOLUTIONS) {
    it(`${dpi} dpi: the label is ${width} × ${height} dots (A6)`, () => {
      const zpl = zplText([SAMPLE_PARCELS[0]], dpi);
      assert.ok(zpl.includes(`^PW${width}\n^LL${height}\n`));
    });
  }

  // 600 dpi renders slowly in zebrash, so one parcel there.
  const SCANS = [
    { dpi: 203, parcels: SAMPLE_PARCELS },
    { dpi: 300, parcels: SAMPLE_PARCELS },
    { dpi: 600, parcels: SAMPLE_PARCELS.slice(3) },
  ] as const;
  for (const { dpi, parcels } of SCANS) {
    it(`${dpi} dpi: every parcel's format scans to its sort barcode and QR code (rendered by zebrash)`, async () => {
      const images = await renderZplImages(renderZpl(layoutsOf(parcels), 'A6', dpi), dpi);
      assert.equal(images.length, parcels.length);
      for (const [i, image] of images.entries()) {
        const layout = createLabelLayout(parcels[i], true);
        assert.deepEqual(
          await decodeBarcodes(image),
          [
            { format: 'Code128', text: layout.sortBarcode.payload },
            { format: 'QRCode', text: layout.twoDimensionalPayload },
          ],
          `label ${i + 1}`,
        );
      }
    });
  }

  it('one ^XA…^XZ format per parcel, UTF-8 selected, ASCII bytes only', () => {
    const zpl = zplText(SAMPLE_PARCELS);
    assert.equal(zpl.match(/\^XA/g)?.length, SAMPLE_PARCELS.length);
    assert.equal(zpl.match(/\^XZ/g)?.length, SAMPLE_PARCELS.length);
    assert.equal(zpl.match(/\^CI28/g)?.length, SAMPLE_PARCELS.length);
    assert.match(zpl, /^[\x20-\x7e\n]*$/);
  });

  it('caller text cannot inject commands: ^ and ~ only appear as hex escapes', () => {
    const zpl = zplText([EVIL]);
    assert.equal(zpl.match(/\^XA/g)?.length, 1);
    assert.equal(zpl.match(/\^XZ/g)?.length, 1);
    assert.ok(!zpl.includes('~'));
    assert.ok(zpl.includes('^FH^FDX_5EXZ_5EXA_5EFDevil^FS'));
    assert.ok(zpl.includes('^FH^FD_7EJA_7EDGR:EVIL.GRF^FS'));
    const texts = fieldTexts(zpl);
    for (const value of ['X^XZ^XA^FDevil', '~JA~DGR:EVIL.GRF', 'Info: ^FS^FO0,0^GB800,800,800^FS']) {
      assert.ok(texts.includes(value), `${value} does not come back from its field`);
    }
    assert.ok(
      texts.some((field) => field.includes('Ærø_5E')),
      'a literal _5E in caller text stays text',
    );
  });

  it('Latin, Greek and Cyrillic text comes back exactly from the escaped fields', () => {
    const texts = fieldTexts(zplText(SAMPLE_PARCELS)).join('\n');
    for (const name of ['Łódź', 'Ærøskøbing', 'Θεσσαλονίκη', 'Москва', 'ООО «Северный ветер»']) assert.ok(texts.includes(name), name);
  });

  // A printer sets field data left to right without bidi reordering or Arabic shaping, as the PDF does:
  // Hebrew and Arabic sent as written would print backwards, so they print as ?, as on the PDF.
  it('sends right-to-left text (Hebrew, Arabic) as ?, as the PDF prints it, never to be printed backwards', () => {
    const parcel: LabelParcel = {
      ...SAMPLE_PARCELS[0],
      recipient: { ...SAMPLE_PARCELS[0].recipient, name1: 'שלום Levi', name2: 'محمد', country: 'IL', zipCode: '6100000', city: 'תל אביב' },
    };
    const texts = fieldTexts(zplText([parcel]));
    for (const line of ['???? Levi', '????', '6100000 ?? ????'])
      assert.ok(texts.includes(line), `${line} missing from ${JSON.stringify(texts)}`);
    assert.ok(
      texts.every((text) => !/[\u0590-\u08ff]/.test(text)),
      'right-to-left letters sent to the printer',
    );
  });

  // Each character in a cell of its own, drawn in the font renderZpl chose for the whole name.
  it('every character of European names prints as a glyph in the font chosen for it, not as a box (zebrash)', async () => {
    const cells: { name: string; character: string; font: string }[] = [];
    for (const name of EUROPEAN_NAMES) {
      const parcel: LabelParcel = { ...SAMPLE_PARCELS[0], recipient: { ...SAMPLE_PARCELS[0].recipient, name1: name } };
      const font = textFonts(zplText([parcel])).get(name);
      assert.ok(font !== undefined, `${name} has no field of its own`);
      for (const character of new Set(name.replace(/ /g, ''))) cells.push({ name, character, font });
    }
    const columns = 16;
    const rows = Math.ceil(cells.length / columns);
    let zpl = `^XA^CI28^PW${GLYPH_CELL * columns}^LL${GLYPH_CELL * rows}^LH0,0^CWT,E:TT0003M_.FNT`;
    for (const [i, { character, font }] of cells.entries()) {
      zpl += `^FO${(i % columns) * GLYPH_CELL + 12},${Math.floor(i / columns) * GLYPH_CELL + 16}^A${font}N,36,${font === '0' ? 36 : 22}^FH^FD${escapeFieldData(character)}^FS`;
    }
    const [image] = await renderZplImages(Buffer.from(`${zpl}^XZ`), 203, {
      width: (GLYPH_CELL * columns) / 8,
      height: (GLYPH_CELL * rows) / 8,
    });
    const unprinted = cells
      .filter((_, i) => !isGlyph(image, (i % columns) * GLYPH_CELL, Math.floor(i / columns) * GLYPH_CELL))
      .map(({ name, character, font }) => `${character} (U+${character.codePointAt(0)?.toString(16)}) of ${name} in font ${font}`);
    assert.deepEqual(unprinted, []);
  });

  // Every caller field at its maximum length (spec "address", "parcel", "generalShipmentData") in its
  // widest letter, so the fitted widths are tried where they matter most.
  for (const [script, letter] of [
    ['Latin', 'W'],
    ['Cyrillic', 'Ш'],
    ['Greek', 'Ω'],
  ] as const) {
    for (const dpi of [203, 300] as const) {
      it(`${dpi} dpi, ${script}: text at maximum length is condensed into its field, clear of the divider and the label's edge`, async () => {
        const [image] = await renderZplImages(renderZpl([createLabelLayout(longestParcel(letter), true)], 'A6', dpi), dpi);
        const dotsPerMm = dpi / 25.4;
        // Sender lines end at 67 mm, before the divider at 68 mm; every other field ends at 102 mm (zebrash sets
        // right-aligned text up to half a millimetre further), 3 mm before the edge.
        assert.deepEqual(inkIn(image, dotsPerMm, { left: 67.2, right: 67.9, top: 3, bottom: 25 }), [], 'ink left of the divider');
        assert.deepEqual(inkIn(image, dotsPerMm, { left: 103, right: 105, top: 0, bottom: 110 }), [], 'ink at the right edge');
      });
    }
  }

  const ESCAPES = [
    ['Plain 12', 'Plain 12'],
    ['^', '_5E'],
    ['~', '_7E'],
    ['_', '_5F'],
    ['\\', '_5C'],
    ['ø', '_C3_B8'],
    ['Д', '_D0_94'],
  ] as const;
  for (const [input, output] of ESCAPES) {
    it(`escapes ${JSON.stringify(input)} as ${output}`, () => assert.equal(escapeFieldData(input), output));
  }

  it('any caller text: one format, no ~, fields of safe characters and hex escapes that decode back to the text as printed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), (name, city) => {
        const parcel: LabelParcel = {
          ...SAMPLE_PARCELS[0],
          recipient: { ...SAMPLE_PARCELS[0].recipient, name1: name, city },
          references: [name],
        };
        const zpl = zplText([parcel]);
        const fields = [...zpl.matchAll(/\^FH\^FD([^^]*)\^FS/g)].map(([, data]) => data);
        return (
          zpl.match(/\^XA/g)?.length === 1 &&
          zpl.match(/\^XZ/g)?.length === 1 &&
          !zpl.includes('~') &&
          fields.every((data) => /^(?:[0-9A-Za-z .,\-/:()+&'#@!?*%=|]|_[0-9A-F]{2})*$/.test(data)) &&
          createLabelLayout(parcel, true).references.every((reference) => fieldTexts(zpl).includes(leftToRightText(reference)))
        );
      }),
      { numRuns: 200 },
    );
  });

  it('refuses paper formats other than A6 with LABEL_ZPL_NOT_A6', () => {
    assert.throws(() => renderZpl(layoutsOf(SAMPLE_PARCELS), 'A4'), { name: 'LabelError', code: 'LABEL_ZPL_NOT_A6' });
  });
});
