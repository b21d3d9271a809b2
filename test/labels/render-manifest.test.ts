// The end-of-day manifest as a PDF: every parcel's line (number as the label prints it, reference,
// receiver, place, product and service, weight, cash on delivery), its product group's count and
// weight, the totals, the signature fields and "Page N of M" on every page; a 1,000-parcel manifest
// paginates; each line's barcode scans to the parcel's 14 digits.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { designManifest } from '../../src/labels/design-manifest.ts';
import { A4_HEIGHT, A4_WIDTH } from '../../src/labels/label-drawing.ts';
import { formatParcelNumber } from '../../src/labels/label-layout.ts';
import { renderManifest } from '../../src/labels/render-manifest.ts';
import { sampleManifestJob } from '../../src/labels/sample-manifest-job.ts';
import { crop, decodeBarcodes, extractPdfText, pdfInfo, rasterisePdf } from '../support/label-reading.ts';

const DPI = 300;
const mmToPixels = (mm: number): number => Math.round((mm * DPI) / 25.4);

describe('end-of-day manifest PDF', () => {
  it('a day of seven parcels: every line, both product groups, the totals and the signature fields on one A4 page', async () => {
    const job = sampleManifestJob(7, true);
    const pdf = renderManifest(job);
    const info = await pdfInfo(pdf);
    assert.equal(info.Pages, '1');
    assert.match(info['Page size'], /^595\.28 x 841\.89 pts/);
    const text = await extractPdfText(pdf);
    for (const parcel of job.parcels) {
      assert.ok(text.includes(formatParcelNumber(parcel.parcelLabelNumber)), parcel.parcelLabelNumber);
      assert.ok(text.includes(parcel.reference as string), parcel.reference);
      assert.ok(text.includes(parcel.receiverName), parcel.receiverName);
    }
    for (const expected of [
      'Pakketverzender BV',
      'Keizersgracht 1',
      'demo0001',
      '0522',
      '2026-11-23 00:00 – 2026-11-24 00:00 (Europe/Amsterdam)',
      '2026-11-23 18:05',
      'NOT VALID FOR SHIPPING',
      'Product B2B',
      '6 parcels, 21.29 kg',
      'Product B2C',
      '1 parcel, 3.98 kg',
      '190000 Санкт-Петербург RU',
      'B2C 327',
      'COD 12.53 EUR',
      'Parcels: 7',
      'Orders: 4',
      'Weight: 25.27 kg',
      'Shipper: handed over',
      'Driver: received',
      'Signature',
      'Page 1 of 1',
    ]) {
      assert.ok(text.includes(expected), `${expected} in\n${text}`);
    }
  });

  it("each line's barcode scans to the parcel's 14 digits", async () => {
    const job = sampleManifestJob(7);
    const [page] = await rasterisePdf(renderManifest(job), DPI);
    const column = crop(page, mmToPixels(155), 0, mmToPixels(A4_WIDTH - 155), mmToPixels(A4_HEIGHT));
    const found = (await decodeBarcodes(column)).filter((code) => code.format === 'Code128').map((code) => code.text);
    assert.deepEqual(found.sort(), job.parcels.map((parcel) => parcel.parcelLabelNumber).sort());
  });

  it('a parcel without a weight shows a dash and is counted apart in its group and the totals', async () => {
    const job = sampleManifestJob(14);
    assert.equal(job.parcels[13].weight, undefined);
    const weights = designManifest(job)[0].marks.filter((mark) => mark.kind === 'text' && / kg$|^–$/.test(mark.text));
    assert.deepEqual(weights.filter((mark) => mark.kind === 'text' && mark.text === '–').length, 1, 'one line shows a dash for its weight');
    const text = await extractPdfText(renderManifest(job));
    assert.match(text, /\(1 not weighed\)/);
    assert.match(text, /Weight: \d+\.\d\d kg \(1 not weighed\)/);
  });

  it('an empty period: a manifest that says so, with zero totals and the signature fields', async () => {
    const text = await extractPdfText(renderManifest(sampleManifestJob(0)));
    assert.match(text, /No parcels were transferred to the carrier in this period\./);
    assert.match(text, /Parcels: 0/);
    assert.match(text, /Orders: 0/);
    assert.match(text, /Weight: 0\.00 kg/);
    assert.match(text, /Driver: received/);
    assert.match(text, /Page 1 of 1/);
  });

  it('1,000 parcels paginate: every parcel once, "Page N of M" on every page, the totals on the last', async () => {
    const job = sampleManifestJob(1000);
    const pages = designManifest(job).length;
    assert.ok(pages > 30, `${pages} pages`);
    const pdf = renderManifest(job);
    assert.equal((await pdfInfo(pdf)).Pages, String(pages));
    const text = await extractPdfText(pdf);
    const pageTexts = text.split('\f').filter((page) => page.trim() !== '');
    assert.equal(pageTexts.length, pages);
    pageTexts.forEach((page, i) => {
      assert.ok(page.includes(`Page ${i + 1} of ${pages}`), `page ${i + 1}`);
      assert.ok(i === 0 || page.includes('Parcel number'), `column heads on page ${i + 1}`);
    });
    for (const parcel of job.parcels) {
      assert.equal(text.split(formatParcelNumber(parcel.parcelLabelNumber)).length, 2, parcel.parcelLabelNumber);
    }
    const last = pageTexts[pages - 1];
    assert.match(last, /Parcels: 1000/);
    assert.match(last, /Orders: 500/);
    assert.match(last, /Weight: 12240\.64 kg \(11 not weighed\)/);
    assert.match(last, /Driver: received/);
    // A group that runs onto a new page names itself again there.
    assert.ok(pageTexts.slice(1).some((page) => page.includes('Product B2B (continued)')));
  });

  it('equal jobs give equal bytes', () => {
    assert.deepEqual(renderManifest(sampleManifestJob(20)), renderManifest(sampleManifestJob(20)));
  });
});
