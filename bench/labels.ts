// Label rendering throughput, in-process on one thread: PDF A6 and ZPL, one parcel per job as
// storeOrders renders it, every label with its own parcel number. Printed per wall-clock second and per
// CPU-second of this process (the per-core figure, steady even when other work shares the machine). For
// scale, the same A6 content drawn the plain way with pdfkit and an embedded DejaVu font.
//   npm run bench:labels
import { availableParallelism, cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { encodeCode128 } from '../src/labels/barcode-modules.ts';
import type { LabelJob, LabelParcel } from '../src/labels/label-input.ts';
import { createLabelLayout } from '../src/labels/label-layout.ts';
import { renderLabels } from '../src/labels/render-labels.ts';
import { SAMPLE_PARCELS, sampleLabelJob } from '../src/labels/sample-label-job.ts';

/** Labels rendered before measuring: at least this many, and a tenth of the measured count. */
const WARM_UP = 300;
const LABELS = 2000;
/**
 * ZPL labels are measured over more labels: 2,000 of them take well under 0.1 s of CPU, a window in which
 * the compiler's and the garbage collector's background threads weigh as much as the labels themselves.
 */
const ZPL_LABELS = 20_000;
const BASELINE_LABELS = 300;
const FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

function parcelNumber(i: number): string {
  return `0522${String(1_000_000 + i).padStart(10, '0')}`;
}

function jobFor(i: number, overrides: Partial<LabelJob>): LabelJob {
  const parcel: LabelParcel = { ...SAMPLE_PARCELS[i % SAMPLE_PARCELS.length], parcelLabelNumber: parcelNumber(i) };
  return sampleLabelJob([parcel], overrides);
}

async function measure(name: string, count: number, render: (i: number) => Promise<unknown>): Promise<number> {
  const warmUp = Math.max(WARM_UP, count / 10);
  for (let i = 0; i < Math.min(warmUp, count); i++) await render(i);
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < count; i++) await render(warmUp + i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  // Per core: labels per second of this process's CPU time, which other load on the machine does not dilute.
  const perCore = count / cpuSeconds;
  console.log(
    `${name.padEnd(34)} ${(count / seconds).toFixed(0).padStart(6)} labels/s wall, ` +
      `${perCore.toFixed(0).padStart(6)} labels per CPU-second  (${count} labels, ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU)`,
  );
  return perCore;
}

/** One A6 label the straightforward way: a new pdfkit document embedding DejaVu Sans, bars as rectangles. */
function plainPdfkitLabel(i: number): Promise<Buffer> {
  const layout = createLabelLayout(jobFor(i, {}).parcels[0], true);
  const doc = new PDFDocument({ size: 'A6', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font(FONT).fontSize(8);
  [...layout.sender, ...layout.recipient, layout.routing, layout.parcelNumber, layout.sortBarcode.humanReadable].forEach((line, n) =>
    doc.text(line, 10, 10 + n * 12, { lineBreak: false }),
  );
  let x = 30;
  encodeCode128(layout.sortBarcode.payload).widths.forEach((width, n) => {
    if (n % 2 === 0) doc.rect(x, 300, width, 70);
    x += width;
  });
  doc.fill('black');
  doc.end();
  return done;
}

console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}; one thread measured`,
);
const pdf = await measure('PDF A6 (renderLabels)', LABELS, (i) => renderLabels(jobFor(i, {})));
const zpl = await measure('ZPL 203 dpi (renderLabels)', ZPL_LABELS, (i) => renderLabels(jobFor(i, { printerLanguage: 'ZPL' })));
const plain = await measure('plain pdfkit A6, for comparison', BASELINE_LABELS, plainPdfkitLabel);
console.log(
  `\nper core: PDF A6 ${pdf.toFixed(0)} labels/s (target ≥ 500), ZPL ${zpl.toFixed(0)} labels/s; ` +
    `PDF A6 is ${(pdf / plain).toFixed(1)}× the plain pdfkit label`,
);
