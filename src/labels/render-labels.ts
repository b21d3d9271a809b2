// The one entry of the label renderers (docs/decisions.md "Labels on the wire"): the layout of each parcel is computed once,
// then drawn as PDF or ZPL (printerLanguage) and, for e-labels, as a PNG.
import type { LabelJob } from './label-input.ts';
import { createLabelLayout } from './label-layout.ts';
import { renderPdf } from './render-pdf.ts';
import { renderPng } from './render-png.ts';
import { renderZpl } from './render-zpl.ts';

/** Spec printOptions.dropOffType; undefined means a full label only. */
export type DropOffType = 'BOTH' | 'QR_CODE' | 'FULL_LABEL';

/** The rendered labels of one job. */
export interface RenderedLabels {
  /** PDF or ZPL bytes as the job's printerLanguage says; null for a QR_CODE e-label. */
  readonly labels: Uint8Array | null;
  /** The e-label PNG for QR_CODE and BOTH; else null. */
  readonly eLabel: Uint8Array | null;
}

/**
 * Renders a label job: QR_CODE → PNG only; FULL_LABEL or undefined → PDF/ZPL only; BOTH → both.
 * Throws LabelError for a job the print-option rules refuse (no parcels, A7 without returns, ZPL not A6).
 */
export async function renderLabels(job: LabelJob, dropOffType?: DropOffType): Promise<RenderedLabels> {
  const layouts = job.parcels.map((parcel) => createLabelLayout(parcel, job.stage));
  const wantsLabels = dropOffType !== 'QR_CODE';
  const wantsELabel = dropOffType === 'QR_CODE' || dropOffType === 'BOTH';
  let labels: Uint8Array | null = null;
  if (wantsLabels) {
    labels = job.printerLanguage === 'ZPL' ? renderZpl(layouts, job.paperFormat, job.printerResolution ?? 203) : renderPdf(layouts, job);
  }
  return { labels, eLabel: wantsELabel ? renderPng(layouts) : null };
}
