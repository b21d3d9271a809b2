// The end-of-day manifest as a PDF file (A4), written by the labels' PDF writer with the labels' faces.
import { designManifest } from './design-manifest.ts';
import { A4_HEIGHT } from './label-drawing.ts';
import type { ManifestJob } from './manifest-input.ts';
import { drawPdfLabel } from './pdf/pdf-content.ts';
import { documentFonts, writePdfDocument } from './pdf/pdf-document.ts';

/** Renders `job` as one PDF file: equal jobs give equal bytes. */
export function renderManifest(job: ManifestJob): Uint8Array {
  const fonts = documentFonts();
  const pages = designManifest(job).map((drawing) => ({
    width: drawing.width,
    height: drawing.height,
    content: drawPdfLabel(drawing, fonts, { left: 0, top: 0, pageHeight: A4_HEIGHT }),
  }));
  return writePdfDocument(pages, fonts, { producer: 'parcel-shipment-service manifest', date: job.madeAt, identity: job });
}
