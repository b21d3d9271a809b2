import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LabelJob } from '../../src/labels/label-input.ts';
import { renderLabels, type DropOffType } from '../../src/labels/render-labels.ts';
import { SAMPLE_PARCELS, SAMPLE_RETURN_PARCEL, sampleLabelJob } from '../../src/labels/sample-label-job.ts';

type Kind = 'PDF' | 'ZPL' | 'PNG' | null;

function kindOf(bytes: Uint8Array | null): Kind {
  if (bytes === null) return null;
  const start = Buffer.from(bytes.subarray(0, 8));
  if (start.toString('latin1').startsWith('%PDF-')) return 'PDF';
  if (start.toString('latin1').startsWith('^XA')) return 'ZPL';
  if (start.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'PNG';
  throw new Error(`unknown output ${start.toString('hex')}`);
}

describe('renderLabels', () => {
  // docs/decisions.md "Labels on the wire": QR_CODE → PNG only; FULL_LABEL → labels; BOTH → both; absent → labels.
  const CASES: { dropOffType?: DropOffType; printerLanguage: LabelJob['printerLanguage']; labels: Kind; eLabel: Kind }[] = [
    { dropOffType: undefined, printerLanguage: 'PDF', labels: 'PDF', eLabel: null },
    { dropOffType: 'FULL_LABEL', printerLanguage: 'PDF', labels: 'PDF', eLabel: null },
    { dropOffType: 'QR_CODE', printerLanguage: 'PDF', labels: null, eLabel: 'PNG' },
    { dropOffType: 'BOTH', printerLanguage: 'PDF', labels: 'PDF', eLabel: 'PNG' },
    { dropOffType: undefined, printerLanguage: 'ZPL', labels: 'ZPL', eLabel: null },
    { dropOffType: 'QR_CODE', printerLanguage: 'ZPL', labels: null, eLabel: 'PNG' },
    { dropOffType: 'BOTH', printerLanguage: 'ZPL', labels: 'ZPL', eLabel: 'PNG' },
  ];
  for (const c of CASES) {
    it(`${c.printerLanguage}, dropOffType ${c.dropOffType ?? 'absent'} → labels ${c.labels}, e-label ${c.eLabel}`, async () => {
      const rendered = await renderLabels(sampleLabelJob(SAMPLE_PARCELS, { printerLanguage: c.printerLanguage }), c.dropOffType);
      assert.equal(kindOf(rendered.labels), c.labels);
      assert.equal(kindOf(rendered.eLabel), c.eLabel);
    });
  }

  it("uses the job's ZPL resolution, 203 dpi when absent", async () => {
    const zpl = async (printerResolution?: 203 | 300 | 600) =>
      Buffer.from(
        (await renderLabels(sampleLabelJob(SAMPLE_PARCELS.slice(0, 1), { printerLanguage: 'ZPL', printerResolution }))).labels ?? [],
      ).toString('latin1');
    assert.match(await zpl(), /\^PW839\n/);
    assert.match(await zpl(300), /\^PW1240\n/);
    assert.match(await zpl(600), /\^PW2480\n/);
  });

  const REFUSED = [
    {
      name: 'A7 with a parcel that is not a return',
      job: sampleLabelJob([SAMPLE_RETURN_PARCEL, SAMPLE_PARCELS[0]], { paperFormat: 'A7' }),
      code: 'LABEL_A7_NOT_RETURN',
    },
    { name: 'ZPL on A4', job: sampleLabelJob(SAMPLE_PARCELS, { printerLanguage: 'ZPL', paperFormat: 'A4' }), code: 'LABEL_ZPL_NOT_A6' },
    { name: 'no parcels', job: sampleLabelJob([]), code: 'LABEL_NO_PARCELS' },
  ] as const;
  for (const { name, job, code } of REFUSED) {
    it(`refuses ${name} with ${code}`, async () => {
      await assert.rejects(renderLabels(job), { name: 'LabelError', code });
    });
  }
});
