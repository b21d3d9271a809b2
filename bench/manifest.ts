// End-of-day manifest rendering, in-process on one thread: the time of a 1,000-parcel manifest (about
// 40 A4 pages) with the labels' PDF writer, per wall-clock and per CPU-second of this process. For scale,
// measured in the same run: the same 1,000 parcels' lines drawn the plain way with pdfkit (text and
// Code 128 bars, one embedded DejaVu font), and 1,000 A6 labels of one storeOrders job.
//   npm run bench:manifest
import { availableParallelism, cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { encodeCode128 } from '../src/labels/barcode-modules.ts';
import { formatParcelNumber } from '../src/labels/label-layout.ts';
import { renderLabels } from '../src/labels/render-labels.ts';
import { renderManifest } from '../src/labels/render-manifest.ts';
import { SAMPLE_PARCELS, sampleLabelJob } from '../src/labels/sample-label-job.ts';
import { sampleManifestJob } from '../src/labels/sample-manifest-job.ts';

const PARCELS = 1000;
const ROUNDS = 8;
const WARM_UP = 2;
const FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

const job = sampleManifestJob(PARCELS);

/** Seconds of wall and CPU time per round of `render`, after the warm-up rounds. */
async function measure(name: string, render: () => unknown): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await render();
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) await render();
  const wall = Number(process.hrtime.bigint() - start) / 1e9 / ROUNDS;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6 / ROUNDS;
  console.log(
    `${name.padEnd(46)} ${(wall * 1000).toFixed(0).padStart(6)} ms wall, ${(cpuSeconds * 1000).toFixed(0).padStart(6)} ms CPU each`,
  );
  return cpuSeconds;
}

/** The manifest's lines the straightforward way: a pdfkit document, 24 lines a page, each with its bars. */
function plainPdfkitManifest(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font(FONT).fontSize(8);
  job.parcels.forEach((parcel, i) => {
    if (i > 0 && i % 24 === 0) doc.addPage();
    const y = 60 + (i % 24) * 30;
    const texts = [
      formatParcelNumber(parcel.parcelLabelNumber),
      parcel.reference ?? '',
      parcel.receiverName,
      `${parcel.zipCode} ${parcel.city}`,
    ];
    texts.forEach((line, n) => doc.text(line, 30 + n * 100, y, { lineBreak: false }));
    let x = 440;
    encodeCode128(parcel.parcelLabelNumber).widths.forEach((width, n) => {
      if (n % 2 === 0) doc.rect(x, y, width * 0.7, 18);
      x += width * 0.7;
    });
    doc.fill('black');
  });
  doc.end();
  return done;
}

const labelJob = sampleLabelJob(
  Array.from({ length: PARCELS }, (_, i) => ({
    ...SAMPLE_PARCELS[i % SAMPLE_PARCELS.length],
    parcelLabelNumber: `0522${String(1_000_000 + i).padStart(10, '0')}`,
  })),
  {},
);

console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}; one thread measured, ${ROUNDS} rounds each`,
);
const manifest = await measure(`manifest of ${PARCELS} parcels (renderManifest)`, () => renderManifest(job));
const plain = await measure(`the same lines with plain pdfkit, for comparison`, plainPdfkitManifest);
const labels = await measure(`${PARCELS} A6 labels in one job (renderLabels)`, () => renderLabels(labelJob));
console.log(
  `\nper 1,000-parcel manifest: ${(manifest * 1000).toFixed(0)} ms CPU; ` +
    `${(plain / manifest).toFixed(1)}× faster than the plain pdfkit lines, ${(manifest / labels).toFixed(2)}× the CPU of the same parcels' labels`,
);
