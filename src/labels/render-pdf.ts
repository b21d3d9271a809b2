// PDF labels (docs/decisions.md "Labels on the wire"): A6 one label per page in request order; A4 four A6 labels per page
// filled from the start position; A7 landscape for return labels only. The fonts are DejaVu subsets
// embedded once per file; creation date and file ID come from the input, so equal input gives equal bytes.
import { A6_HEIGHT, A6_WIDTH, designA6 } from './design-a6.ts';
import { designA7 } from './design-a7.ts';
import { A4_HEIGHT, A4_WIDTH } from './label-drawing.ts';
import { LabelError } from './label-error.ts';
import type { LabelJob } from './label-input.ts';
import type { LabelLayout } from './label-layout.ts';
import { drawPdfLabel, type PdfFonts } from './pdf/pdf-content.ts';
import { documentFonts, writePdfDocument, type PdfPage } from './pdf/pdf-document.ts';

/** How the PDF is laid out: the job's paper format and, for A4, the first of the four positions. */
export type PdfFormat = Pick<LabelJob, 'paperFormat' | 'startPosition'>;

/** A4 slots in fill order, as top-left corners in mm. */
const A4_SLOTS = {
  UPPER_LEFT: { left: 0, top: 0 },
  UPPER_RIGHT: { left: A6_WIDTH, top: 0 },
  LOWER_LEFT: { left: 0, top: A6_HEIGHT },
  LOWER_RIGHT: { left: A6_WIDTH, top: A6_HEIGHT },
} as const;
const SLOT_ORDER = ['UPPER_LEFT', 'UPPER_RIGHT', 'LOWER_LEFT', 'LOWER_RIGHT'] as const;

function singleLabelPages(layouts: readonly LabelLayout[], fonts: PdfFonts, a7: boolean): PdfPage[] {
  return layouts.map((layout) => {
    const drawing = a7 ? designA7(layout) : designA6(layout);
    return {
      width: drawing.width,
      height: drawing.height,
      content: drawPdfLabel(drawing, fonts, { left: 0, top: 0, pageHeight: drawing.height }),
    };
  });
}

function a4Pages(layouts: readonly LabelLayout[], fonts: PdfFonts, start: PdfFormat['startPosition']): PdfPage[] {
  const pages: PdfPage[] = [];
  let slot = SLOT_ORDER.indexOf(start ?? 'UPPER_LEFT');
  let content: string[] = [];
  for (const layout of layouts) {
    content.push(drawPdfLabel(designA6(layout), fonts, { ...A4_SLOTS[SLOT_ORDER[slot]], pageHeight: A4_HEIGHT }));
    slot++;
    if (slot === SLOT_ORDER.length) {
      pages.push({ width: A4_WIDTH, height: A4_HEIGHT, content: content.join('\n') });
      content = [];
      slot = 0;
    }
  }
  if (content.length > 0) pages.push({ width: A4_WIDTH, height: A4_HEIGHT, content: content.join('\n') });
  return pages;
}

/** Renders the labels of `layouts` (one per parcel, in request order) as one PDF file. */
export function renderPdf(layouts: readonly LabelLayout[], format: PdfFormat): Uint8Array {
  if (layouts.length === 0) throw new LabelError('LABEL_NO_PARCELS', 'a label job needs at least one parcel');
  if (format.paperFormat === 'A7' && layouts.some((layout) => layout.returnMark === undefined)) {
    throw new LabelError(
      'LABEL_A7_NOT_RETURN',
      'paper format A7 is only for return labels, and this job has a parcel that is not a return',
    );
  }
  const fonts = documentFonts();
  const pages =
    format.paperFormat === 'A4'
      ? a4Pages(layouts, fonts, format.startPosition)
      : singleLabelPages(layouts, fonts, format.paperFormat === 'A7');
  return writePdfDocument(pages, fonts, { producer: 'parcel-shipment-service labels', date: layouts[0].date, identity: [format, layouts] });
}
