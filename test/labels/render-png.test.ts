import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeQr } from '../../src/labels/barcode-modules.ts';
import { createLabelLayout } from '../../src/labels/label-layout.ts';
import { renderPng } from '../../src/labels/render-png.ts';
import { SAMPLE_PARCELS } from '../../src/labels/sample-label-job.ts';
import { crop, decodeBarcodes, readPng, type Image } from '../support/label-reading.ts';

const MODULE = 8;

/** Bounding box of the dark pixels of an image. */
function darkBox(image: Image, top = 0, bottom = image.height): { left: number; top: number; right: number; bottom: number } {
  const box = { left: image.width, top: bottom, right: -1, bottom: -1 };
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.data[(y * image.width + x) * 4] >= 128) continue;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return box;
}

describe('e-label PNG', () => {
  const CASES = [
    { name: 'one parcel', parcels: SAMPLE_PARCELS.slice(0, 1) },
    { name: 'four parcels stacked in request order', parcels: SAMPLE_PARCELS },
  ];
  for (const { name, parcels } of CASES) {
    it(`${name}: each panel holds a QR code of the parcel's 2D payload`, async () => {
      const layouts = parcels.map((parcel) => createLabelLayout(parcel, true));
      const image = readPng(renderPng(layouts));
      const panelHeight = Math.round((image.height + 2) / parcels.length);
      for (const [i, layout] of layouts.entries()) {
        const top = i * panelHeight;
        const panel = crop(image, 0, top, image.width, Math.min(panelHeight - 2, image.height - top));
        assert.deepEqual(await decodeBarcodes(panel), [{ format: 'QRCode', text: layout.twoDimensionalPayload }], `panel ${i + 1}`);
      }
    });
  }

  const layout = createLabelLayout(SAMPLE_PARCELS[0], true);
  const qrBand = (encodeQr(layout.twoDimensionalPayload).size + 8) * MODULE;

  it('keeps a white quiet zone of at least 4 modules around the QR code, on a white background', () => {
    const image = readPng(renderPng([layout]));
    const qr = darkBox(image, 0, qrBand);
    assert.ok(qr.left >= 4 * MODULE && qr.top >= 4 * MODULE, `quiet zone ${qr.left} × ${qr.top} px`);
    assert.ok(image.width - 1 - qr.right >= 4 * MODULE && qrBand - 1 - qr.bottom >= 4 * MODULE);
    assert.deepEqual([...image.data.subarray(0, 4)], [255, 255, 255, 255]);
  });

  it('prints the parcel number with its check character under the QR code, outside its quiet zone', () => {
    const image = readPng(renderPng([layout]));
    const qr = darkBox(image, 0, qrBand);
    const text = darkBox(image, qrBand);
    assert.ok(text.bottom > text.top, 'no text under the QR code');
    assert.ok(text.right - text.left > qr.right - qr.left, 'the number line is about as wide as the QR code');
  });
});
