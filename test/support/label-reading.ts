// Reading rendered labels back as a scanner and a reader would: PDF pages rasterised with poppler's
// pdftoppm, ZPL rendered with zpl-renderer-js (zebrash), barcodes decoded with zxing-wasm, PDF text
// extracted with pdftotext. Run scripts/install-label-test-deps.sh once for poppler-utils.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { escapeFieldData } from '../../src/labels/render-zpl.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** A decoded barcode: zxing's format name and text. */
export interface Decoded {
  readonly format: string;
  readonly text: string;
}

/** An RGBA image. */
export interface Image {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

let prepared: Promise<unknown> | undefined;

function prepareReader(): Promise<unknown> {
  // The wasm file comes from node_modules; nothing is fetched over the network.
  prepared ??= prepareZXingModule({
    overrides: { wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer },
    fireImmediately: true,
  });
  return prepared;
}

/** Decodes a PNG file's bytes. */
export function readPng(png: Uint8Array): Image {
  const { width, height, data } = PNG.sync.read(Buffer.from(png));
  return { width, height, data };
}

/** The part of `image` inside the rectangle (pixels). */
export function crop(image: Image, left: number, top: number, width: number, height: number): Image {
  const data = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((top + row) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data };
}

/** Every Code 128 and QR code zxing finds in the image. */
export async function decodeBarcodes(image: Image): Promise<Decoded[]> {
  await prepareReader();
  const results = await readBarcodes(
    {
      data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      width: image.width,
      height: image.height,
      colorSpace: 'srgb',
    } as ImageData,
    { formats: ['Code128', 'QRCode'], tryHarder: true, maxNumberOfSymbols: 8 },
  );
  return results
    .filter((result) => result.isValid)
    .map((result) => ({ format: result.format, text: result.text }))
    .sort((a, b) => a.format.localeCompare(b.format) || a.text.localeCompare(b.text));
}

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'label-test-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each page of the PDF as a PNG, rasterised by pdftoppm at `dpi`. */
export function rasterisePdf(pdf: Uint8Array, dpi = 300): Promise<Image[]> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'label.pdf'), pdf);
    const { stderr } = await run('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'label.pdf'), join(dir, 'page')]);
    if (stderr !== '') throw new Error(`pdftoppm reported: ${stderr}`);
    const pages = (await readdir(dir)).filter((name) => name.startsWith('page')).sort();
    return Promise.all(pages.map(async (page) => readPng(await readFile(join(dir, page)))));
  });
}

/** pdfinfo's fields (Pages, Page size, Producer, ...) of the PDF. */
export function pdfInfo(pdf: Uint8Array): Promise<Record<string, string>> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'label.pdf'), pdf);
    const { stdout } = await run('pdfinfo', [join(dir, 'label.pdf')]);
    return Object.fromEntries(
      stdout
        .split('\n')
        .filter((line) => line.includes(':'))
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
    );
  });
}

/** A rectangle on a page in mm from its top left corner. */
export interface Area {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The PDF's text as pdftotext extracts it (UTF-8), pages separated by form feeds; only inside `area` when given. */
export function extractPdfText(pdf: Uint8Array, area?: Area): Promise<string> {
  // At pdftotext's default 72 dpi the crop is in points.
  const points = (mm: number) => String(Math.round((mm * 72) / 25.4));
  const crop = area === undefined ? [] : ['-x', points(area.x), '-y', points(area.y), '-W', points(area.width), '-H', points(area.height)];
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'label.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', ...crop, join(dir, 'label.pdf'), '-']);
    return stdout;
  });
}

/** A word of a PDF page as pdftotext places it: its text and its box in mm from the page's top left corner. */
export interface PdfWord {
  readonly text: string;
  readonly page: number;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/**
 * Every word of the PDF with its box, as `pdftotext -bbox` reports it: from the pen's start to its end
 * (so a condensed word is narrower) and from the font's ascent to its descent at the drawn size.
 */
export function extractPdfWords(pdf: Uint8Array): Promise<PdfWord[]> {
  const mm = (points: string) => (Number(points) * 25.4) / 72;
  const unescape = (html: string) =>
    html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&');
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'label.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-bbox', join(dir, 'label.pdf'), '-']);
    const words: PdfWord[] = [];
    let page = 0;
    for (const line of stdout.split('\n')) {
      if (line.includes('<page ')) page++;
      const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
      if (word !== null)
        words.push({ text: unescape(word[5]), page, xMin: mm(word[1]), yMin: mm(word[2]), xMax: mm(word[3]), yMax: mm(word[4]) });
    }
    return words;
  });
}

/** Each ^XA…^XZ format of the ZPL rendered by zebrash at the printer's resolution, on A6 unless `size` (mm) says. */
export async function renderZplImages(zpl: Uint8Array, dpi: 203 | 300 | 600, size = { width: 105, height: 148 }): Promise<Image[]> {
  const { ready } = await import('zpl-renderer-js');
  const { api } = await ready;
  const dotsPerMm = { 203: 8, 300: 12, 600: 24 }[dpi];
  const pngs = await api.zplToBase64MultipleAsync(Buffer.from(zpl).toString('latin1'), size.width, size.height, dotsPerMm);
  return pngs.map((png) => readPng(Buffer.from(png, 'base64')));
}

/** Columns of the grid printedWidths sets its texts in. */
const TEXT_GRID_COLUMNS = 4;

/**
 * How far each text prints with ZPL `font` (`0` or `T`) at `height` × `width` dots: the right edge of its
 * ink, in dots from its field origin. Each text gets a cell `cellWidth` dots wide, three heights tall, so
 * accents above and below stay in it; all are rendered by zebrash at once.
 */
export async function printedWidths(
  font: '0' | 'T',
  texts: readonly string[],
  height: number,
  width: number,
  { dpi = 203, cellWidth = 2000 }: { dpi?: 203 | 300; cellWidth?: number } = {},
): Promise<number[]> {
  const cellHeight = height * 3;
  const rows = Math.ceil(texts.length / TEXT_GRID_COLUMNS);
  const [labelWidth, labelHeight] = [cellWidth * TEXT_GRID_COLUMNS, cellHeight * rows];
  let zpl = `^XA^CI28^PW${labelWidth}^LL${labelHeight}^LH0,0^CWT,E:TT0003M_.FNT`;
  for (const [i, text] of texts.entries()) {
    zpl += `^FO${(i % TEXT_GRID_COLUMNS) * cellWidth + 20},${Math.floor(i / TEXT_GRID_COLUMNS) * cellHeight + height}^A${font}N,${height},${width}^FH^FD${escapeFieldData(text)}^FS`;
  }
  const dotsPerMm = dpi === 203 ? 8 : 12;
  // zebrash centres a label narrower than its image; at 8 or 12 pixels per mm the image is exactly the label.
  const [image] = await renderZplImages(Buffer.from(`${zpl}^XZ`), dpi, { width: labelWidth / dotsPerMm, height: labelHeight / dotsPerMm });
  return texts.map((_, i) => {
    const [left, top] = [(i % TEXT_GRID_COLUMNS) * cellWidth, Math.floor(i / TEXT_GRID_COLUMNS) * cellHeight];
    let right = -1;
    for (let y = top; y < top + cellHeight; y++) {
      for (let x = left; x < left + cellWidth; x++) if (image.data[(y * image.width + x) * 4] < 128) right = Math.max(right, x);
    }
    return right < 0 ? 0 : right - left - 20 + 1;
  });
}
