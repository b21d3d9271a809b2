// The sample files committed under docs/labels, each made from the fixed sample job: written by
// scripts/write-label-samples.ts and compared byte for byte by test/labels/label-samples.test.ts.
import { renderLabels } from './render-labels.ts';
import { SAMPLE_PARCELS, SAMPLE_RETURN_PARCEL, sampleLabelJob } from './sample-label-job.ts';

/** File name → bytes of every generated sample (stage-marked, deterministic). */
export async function renderLabelSamples(): Promise<ReadonlyMap<string, Uint8Array>> {
  const labels = async (job: Parameters<typeof renderLabels>[0]) => (await renderLabels(job)).labels;
  const eLabel = (await renderLabels(sampleLabelJob(SAMPLE_PARCELS.slice(0, 2)), 'QR_CODE')).eLabel;
  const files: [string, Uint8Array | null][] = [
    ['sample-a6.pdf', await labels(sampleLabelJob(SAMPLE_PARCELS))],
    ['sample-a4.pdf', await labels(sampleLabelJob(SAMPLE_PARCELS, { paperFormat: 'A4' }))],
    ['sample-a7-return.pdf', await labels(sampleLabelJob([SAMPLE_RETURN_PARCEL], { paperFormat: 'A7' }))],
    ['sample.zpl', await labels(sampleLabelJob(SAMPLE_PARCELS, { printerLanguage: 'ZPL' }))],
    ['sample-elabel.png', eLabel],
  ];
  return new Map(
    files.map(([name, bytes]) => {
      if (bytes === null) throw new Error(`sample ${name} rendered nothing`);
      return [name, bytes];
    }),
  );
}
