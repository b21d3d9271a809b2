// The e-label PNG (spec dropOffType QR_CODE / BOTH): per parcel a QR code of the parcel's 2D payload
// with a 4-module quiet zone on white, and the parcel number with its check character beneath it in
// OCR-B (bwip-js's built-in font), then the stage mark on stage labels. Several parcels are stacked top to bottom in request order in one PNG,
// separated by a thin grey rule outside the quiet zones.
import bwipjs from 'bwip-js';
import { PNG } from 'pngjs';
import { encodeQr } from './barcode-modules.ts';
import { LabelError } from './label-error.ts';
import type { LabelLayout } from './label-layout.ts';

/** Pixels per QR module. */
const MODULE = 8;
/** Quiet zone in modules on every side (ISO/IEC 18004 asks for 4). */
const QUIET = 4;
const TEXT_SIZE = 40;
const MARK_SIZE = 26;
const TEXT_GAP = 8;
const PANEL_BOTTOM = 24;
const RULE = 2;
const RULE_GREY = 0xc0;

interface Panel {
  readonly qr: { readonly size: number; readonly dark: Uint8Array };
  readonly text: string;
  readonly stageMark: string | undefined;
  readonly width: number;
  readonly height: number;
}

interface Canvas {
  readonly width: number;
  readonly grey: Uint8Array;
}

function textWidth(text: string, font: number, size: number): number {
  let width = 0;
  for (const char of text) width += bwipjs.FontLib.getglyph(font, char.charCodeAt(0), size, size).advance;
  return width;
}

function drawText(canvas: Canvas, text: string, font: number, size: number, baseline: number): void {
  let x = Math.floor((canvas.width - textWidth(text, font, size)) / 2);
  for (const char of text) {
    const glyph = bwipjs.FontLib.getglyph(font, char.charCodeAt(0), size, size);
    for (let row = 0; row < glyph.height; row++) {
      for (let column = 0; column < glyph.width; column++) {
        const alpha = glyph.bytes[glyph.offset + row * glyph.width + column];
        const at = (baseline - glyph.top + row) * canvas.width + x + glyph.left + column;
        canvas.grey[at] = Math.min(canvas.grey[at], 255 - alpha);
      }
    }
    x += glyph.advance;
  }
}

function drawPanel(canvas: Canvas, panel: Panel, top: number, font: number): void {
  const qrPixels = (panel.qr.size + 2 * QUIET) * MODULE;
  const qrLeft = Math.floor((canvas.width - qrPixels) / 2) + QUIET * MODULE;
  const qrTop = top + QUIET * MODULE;
  for (let row = 0; row < panel.qr.size; row++) {
    for (let column = 0; column < panel.qr.size; column++) {
      if (panel.qr.dark[row * panel.qr.size + column] === 0) continue;
      for (let y = 0; y < MODULE; y++) {
        const at = (qrTop + row * MODULE + y) * canvas.width + qrLeft + column * MODULE;
        canvas.grey.fill(0, at, at + MODULE);
      }
    }
  }
  const baseline = top + qrPixels + TEXT_GAP + TEXT_SIZE;
  drawText(canvas, panel.text, font, TEXT_SIZE, baseline);
  if (panel.stageMark !== undefined) drawText(canvas, panel.stageMark, font, MARK_SIZE, baseline + TEXT_GAP + MARK_SIZE);
}

/** Renders the e-label PNG of `layouts` (one panel per parcel, stacked in order). */
export function renderPng(layouts: readonly LabelLayout[]): Uint8Array {
  if (layouts.length === 0) throw new LabelError('LABEL_NO_PARCELS', 'a label job needs at least one parcel');
  const font = bwipjs.FontLib.lookup('OCR-B');
  const panels: Panel[] = layouts.map((layout) => {
    const qr = encodeQr(layout.twoDimensionalPayload);
    const qrPixels = (qr.size + 2 * QUIET) * MODULE;
    const markHeight = layout.stageMark === undefined ? 0 : TEXT_GAP + MARK_SIZE;
    return {
      qr,
      text: layout.parcelNumber,
      stageMark: layout.stageMark,
      width: Math.max(
        qrPixels,
        textWidth(layout.parcelNumber, font, TEXT_SIZE) + 2 * QUIET * MODULE,
        textWidth(layout.stageMark ?? '', font, MARK_SIZE) + 2 * QUIET * MODULE,
      ),
      height: qrPixels + TEXT_GAP + TEXT_SIZE + markHeight + PANEL_BOTTOM,
    };
  });
  const width = Math.max(...panels.map((panel) => panel.width));
  const height = panels.reduce((sum, panel) => sum + panel.height, 0) + RULE * (panels.length - 1);
  const canvas: Canvas = { width, grey: new Uint8Array(width * height).fill(255) };
  let top = 0;
  panels.forEach((panel, i) => {
    if (i > 0) {
      canvas.grey.fill(RULE_GREY, top * width, (top + RULE) * width);
      top += RULE;
    }
    drawPanel(canvas, panel, top, font);
    top += panel.height;
  });
  const png = new PNG({ width, height });
  for (let i = 0; i < canvas.grey.length; i++) {
    png.data[i * 4] = png.data[i * 4 + 1] = png.data[i * 4 + 2] = canvas.grey[i];
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png, { colorType: 0 });
}
