// A whole PDF document of drawn pages (labels, the end-of-day manifest): the two label faces embedded
// once as subsets, one content stream per page, the page tree, catalog and info. Equal input gives
// equal bytes: the dates and the file ID come from the caller.
import { createHash } from 'node:crypto';
import { labelFonts } from '../label-fonts.ts';
import type { PdfFonts } from './pdf-content.ts';
import { PdfFont } from './pdf-font.ts';
import { PdfWriter } from './pdf-writer.ts';

const PT_PER_MM = 72 / 25.4;

/** A page: its size in mm and its content stream. */
export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly content: string;
}

/** What the document says about itself. */
export interface PdfInfo {
  readonly producer: string;
  /** `YYYY-MM-DD`, or `YYYY-MM-DD hh:mm` (UTC). */
  readonly date: string;
  /** What the file ID is derived from: the document's whole input. */
  readonly identity: unknown;
}

/** Fonts for one document: the glyphs its pages use are collected while they are drawn. */
export function documentFonts(): PdfFonts {
  const faces = labelFonts();
  return { regular: new PdfFont(faces.regular), bold: new PdfFont(faces.bold) };
}

/** `D:YYYYMMDDhhmmssZ` of `YYYY-MM-DD` or `YYYY-MM-DD hh:mm`. */
function pdfDate(date: string): string {
  const digits = date.replace(/[^0-9]/g, '');
  return `D:${digits.padEnd(14, '0')}Z`;
}

/** Writes `pages`, drawn with `fonts`, as one PDF file. */
export function writePdfDocument(pages: readonly PdfPage[], fonts: PdfFonts, info: PdfInfo): Uint8Array {
  const writer = new PdfWriter();
  const [catalog, pageTree, infoId, regular, bold] = [
    writer.reserve(),
    writer.reserve(),
    writer.reserve(),
    writer.reserve(),
    writer.reserve(),
  ];
  const pageIds = pages.map((page) => {
    const [pageId, contentId] = [writer.reserve(), writer.reserve()];
    writer.stream(contentId, '', page.content);
    writer.object(
      pageId,
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${(page.width * PT_PER_MM).toFixed(2)} ` +
        `${(page.height * PT_PER_MM).toFixed(2)}] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> ` +
        `/Contents ${contentId} 0 R >>`,
    );
    return pageId;
  });
  fonts.regular.write(writer, regular);
  fonts.bold.write(writer, bold);
  writer.object(pageTree, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
  writer.object(catalog, `<< /Type /Catalog /Pages ${pageTree} 0 R >>`);
  const date = pdfDate(info.date);
  writer.object(infoId, `<< /Producer (${info.producer}) /CreationDate (${date}) /ModDate (${date}) >>`);
  const fileId = createHash('md5').update(JSON.stringify(info.identity)).digest('hex');
  return writer.finish(catalog, infoId, fileId);
}
