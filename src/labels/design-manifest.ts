// The end-of-day manifest's pages (A4 portrait, black on white): the handover list a shipper prints at
// day end and the driver signs when collecting the parcels. The first page opens with the shipper, the
// period and when it was made; every page repeats the column heads and ends with "Page N of M". The
// parcels are grouped by product, each group headed by its count and weight, each line with the parcel
// number as the label prints it and a Code 128 of its 14 digits for the depot's scanner; then the totals
// and the signature fields of shipper and driver. Drawn as the labels are (label-drawing.ts), so the
// labels' PDF writer writes it.
import { A4_HEIGHT, A4_WIDTH, box, text, type LabelDrawing, type Mark } from './label-drawing.ts';
import { formatParcelNumber, STAGE_MARK, toPrintable } from './label-layout.ts';
import type { ManifestJob, ManifestParcel, ManifestPeriod } from './manifest-input.ts';

const LEFT = 12;
const RIGHT = 198;
const WIDTH = RIGHT - LEFT;
/** Where the body of a page ends: below it only the footer. */
const BODY_BOTTOM = 281;
const FOOTER_Y = 288;
const THIN = 0.25;
const RULE = 0.4;

/** Column positions of a parcel line. */
const COLUMN = Object.freeze({ index: 19, number: 21, receiver: 66, service: 126, weight: 156, barcode: 158 });
const ROW_HEIGHT = 9.5;
const GROUP_HEIGHT = 8;

/** Something placed on a page: its height and how it draws itself at `y` (its top). */
interface Block {
  readonly height: number;
  draw(y: number, marks: Mark[]): void;
  /** A parcel line of this product's group: a page that starts with it repeats the group's head. */
  readonly continues?: string;
  /** Kept on the same page as the block after it (a group's head with its first line). */
  readonly keepWithNext?: boolean;
}

/** `1250` decagrams → `12.50 kg`. */
export function formatManifestWeight(decagrams: number): string {
  return `${(decagrams / 100).toFixed(2)} kg`;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** `20261123`, `930` → `2026-11-23 09:30`. */
export function formatPeriodPoint(date: number, time: number): string {
  return `${pad(Math.floor(date / 10000), 4)}-${pad(Math.floor(date / 100) % 100, 2)}-${pad(date % 100, 2)} ${pad(Math.floor(time / 100), 2)}:${pad(time % 100, 2)}`;
}

/** The period as printed: `2026-11-23 00:00 – 2026-11-24 00:00 (Europe/Amsterdam)`. */
export function formatPeriod(period: ManifestPeriod): string {
  return `${formatPeriodPoint(period.dateFrom, period.timeFrom)} – ${formatPeriodPoint(period.dateTo, period.timeTo)} (${period.timeZone})`;
}

/** What a set of parcels weighs, and how many of them came without a weight. */
interface Weighed {
  readonly parcels: number;
  readonly decagrams: number;
  readonly unweighed: number;
}

function weigh(parcels: readonly ManifestParcel[]): Weighed {
  let decagrams = 0;
  let unweighed = 0;
  for (const parcel of parcels) {
    if (parcel.weight === undefined) unweighed++;
    else decagrams += parcel.weight;
  }
  return { parcels: parcels.length, decagrams, unweighed };
}

const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

/** `3 parcels, 12.50 kg` and, where some came without a weight, `(1 not weighed)`. */
function weighedText({ parcels, decagrams, unweighed }: Weighed): string {
  const base = `${plural(parcels, 'parcel', 'parcels')}, ${formatManifestWeight(decagrams)}`;
  return unweighed === 0 ? base : `${base} (${unweighed} not weighed)`;
}

/** The parcels by product, in the order each product first occurs. */
function groupByProduct(parcels: readonly ManifestParcel[]): Map<string, ManifestParcel[]> {
  const groups = new Map<string, ManifestParcel[]>();
  for (const parcel of parcels) {
    const group = groups.get(parcel.product);
    if (group === undefined) groups.set(parcel.product, [parcel]);
    else group.push(parcel);
  }
  return groups;
}

/** A rectangle's outline. */
function frame(x: number, y: number, width: number, height: number, marks: Mark[]): void {
  marks.push(
    box(x, y, width, THIN),
    box(x, y + height - THIN, width, THIN),
    box(x, y, THIN, height),
    box(x + width - THIN, y, THIN, height),
  );
}

function groupHead(product: string, weighed: Weighed, continued: boolean): Block {
  const label = `Product ${toPrintable(product)}${continued ? ' (continued)' : ''}`;
  return {
    height: GROUP_HEIGHT,
    keepWithNext: true,
    draw(y, marks) {
      marks.push(
        box(LEFT, y + 1, WIDTH, 5.6),
        text(LEFT + 2, y + 5.1, 3.4, label, { bold: true, inverse: true, maxWidth: 90 }),
        text(RIGHT - 2, y + 5.1, 3.2, weighedText(weighed), { align: 'right', bold: true, inverse: true, maxWidth: 90 }),
      );
    },
  };
}

function parcelLine(parcel: ManifestParcel, index: number): Block {
  const place = [toPrintable(parcel.zipCode), toPrintable(parcel.city), parcel.country].filter((part) => part !== '').join(' ');
  const service = `${toPrintable(parcel.product)} ${parcel.serviceCode}${parcel.returns ? ' return' : ''}`;
  const cod = parcel.cod === undefined ? '' : `COD ${(parcel.cod.amount / 100).toFixed(2)} ${toPrintable(parcel.cod.currency)}`;
  return {
    height: ROW_HEIGHT,
    continues: parcel.product,
    draw(y, marks) {
      marks.push(
        text(COLUMN.index, y + 3.6, 2.4, String(index), { align: 'right', maxWidth: 8 }),
        text(COLUMN.number, y + 3.6, 3, formatParcelNumber(parcel.parcelLabelNumber), { bold: true, maxWidth: 44 }),
        text(COLUMN.number, y + 7.4, 2.5, toPrintable(parcel.reference), { maxWidth: 44 }),
        text(COLUMN.receiver, y + 3.6, 2.8, toPrintable(parcel.receiverName), { maxWidth: 58 }),
        text(COLUMN.receiver, y + 7.4, 2.5, place, { maxWidth: 58 }),
        text(COLUMN.service, y + 3.6, 2.8, service, { maxWidth: 28 }),
        text(COLUMN.service, y + 7.4, 2.5, cod, { bold: true, maxWidth: 28 }),
        text(COLUMN.weight, y + 3.6, 2.8, parcel.weight === undefined ? '–' : formatManifestWeight(parcel.weight), {
          align: 'right',
          maxWidth: 28,
        }),
        // The 14 digits in Code 128 (set C, 0.25 mm modules): what a depot scanner ticks off.
        {
          kind: 'code128',
          x: COLUMN.barcode,
          y: y + 0.8,
          width: RIGHT - COLUMN.barcode,
          height: 6.6,
          moduleWidth: 0.25,
          payload: parcel.parcelLabelNumber,
        },
        box(LEFT, y + ROW_HEIGHT - THIN, WIDTH, THIN),
      );
    },
  };
}

function columnHeads(y: number, marks: Mark[]): number {
  const head = (x: number, label: string, align: 'left' | 'right' = 'left') =>
    text(x, y + 3.4, 2.4, label, { bold: true, align, maxWidth: 60 });
  marks.push(
    head(COLUMN.index, '#', 'right'),
    head(COLUMN.number, 'Parcel number · reference'),
    head(COLUMN.receiver, 'Receiver · postcode, town, country'),
    head(COLUMN.service, 'Product · COD'),
    head(COLUMN.weight, 'Weight', 'right'),
    head(COLUMN.barcode + 2, 'Parcel barcode'),
    box(LEFT, y + 4.6, WIDTH, RULE),
  );
  return y + 5.5;
}

function emptyNote(): Block {
  return {
    height: 14,
    draw(y, marks) {
      marks.push(text(LEFT, y + 8, 3.6, 'No parcels were transferred to the carrier in this period.', { bold: true, maxWidth: WIDTH }));
    },
  };
}

function totals(job: ManifestJob, groups: ReadonlyMap<string, readonly ManifestParcel[]>): Block {
  const all = weigh(job.parcels);
  const orders = new Set(job.parcels.map((parcel) => parcel.order)).size;
  const lines = [
    `Parcels: ${all.parcels}`,
    `Orders: ${orders}`,
    `Weight: ${formatManifestWeight(all.decagrams)}${all.unweighed === 0 ? '' : ` (${all.unweighed} not weighed)`}`,
  ];
  const products = [...groups].map(([product, parcels]) => `${toPrintable(product)}: ${weighedText(weigh(parcels))}`);
  return {
    height: 12 + Math.max(lines.length, products.length) * 5,
    draw(y, marks) {
      marks.push(box(LEFT, y + 1.5, WIDTH, RULE), text(LEFT, y + 7, 3.8, 'Totals', { bold: true }));
      lines.forEach((line, i) => marks.push(text(LEFT, y + 12.5 + i * 5, 3.4, line, { bold: true, maxWidth: 80 })));
      products.forEach((line, i) => marks.push(text(LEFT + 95, y + 12.5 + i * 5, 3, line, { maxWidth: WIDTH - 95 })));
    },
  };
}

function signatures(): Block {
  const half = (WIDTH - 6) / 2;
  const field = (x: number, y: number, title: string, marks: Mark[]) => {
    frame(x, y, half, 40, marks);
    marks.push(text(x + 3, y + 6, 3.4, title, { bold: true }));
    ['Name', 'Signature', 'Date and time'].forEach((label, i) => {
      const lineY = y + 16 + i * 10;
      marks.push(text(x + 3, lineY, 2.6, label), box(x + 28, lineY + 0.6, half - 32, THIN));
    });
  };
  return {
    height: 50,
    draw(y, marks) {
      field(LEFT, y + 6, 'Shipper: handed over', marks);
      field(LEFT + half + 6, y + 6, 'Driver: received', marks);
    },
  };
}

/** The first page's head: title, shipper, period, when made. Returns where the body starts. */
function firstHead(job: ManifestJob, marks: Mark[]): number {
  marks.push(text(LEFT, 20, 6.5, 'End of day manifest', { bold: true, maxWidth: 110 }));
  if (job.stage) marks.push(text(RIGHT, 20, 3.6, STAGE_MARK, { bold: true, align: 'right', maxWidth: 70 }));
  marks.push(
    text(LEFT, 28, 2.4, 'SHIPPER', { bold: true }),
    text(LEFT, 33, 3.8, toPrintable(job.shipper.name), { bold: true, maxWidth: 100 }),
  );
  const address = job.shipper.address.slice(0, 3).map((line) => toPrintable(line));
  address.forEach((line, i) => marks.push(text(LEFT, 37.6 + i * 4, 3, line, { maxWidth: 100 })));
  const facts: [string, string][] = [
    ['delisId', job.delisId],
    ['Sending depot', job.depots.join(', ')],
    ['Period', formatPeriod(job.period)],
    ['Made', `${job.madeAt} (${job.period.timeZone})`],
  ];
  facts.forEach(([label, value], i) => {
    marks.push(
      text(112, 28 + i * 5, 2.4, label.toUpperCase(), { bold: true, maxWidth: 27 }),
      text(141, 28 + i * 5, 3, value, { maxWidth: RIGHT - 141 }),
    );
  });
  marks.push(box(LEFT, 50.5, WIDTH, RULE));
  return 53;
}

/** A following page's head: title, delisId and period on one line. Returns where the body starts. */
function followingHead(job: ManifestJob, marks: Mark[]): number {
  marks.push(
    text(LEFT, 17, 4, 'End of day manifest', { bold: true, maxWidth: 60 }),
    text(RIGHT, 17, 2.8, `${job.delisId} · ${formatPeriod(job.period)}`, { align: 'right', maxWidth: WIDTH - 64 }),
    box(LEFT, 19.5, WIDTH, RULE),
  );
  if (job.stage) marks.push(text(RIGHT, 11, 2.8, STAGE_MARK, { bold: true, align: 'right', maxWidth: 70 }));
  return 22;
}

function footer(job: ManifestJob, page: number, pages: number, marks: Mark[]): void {
  marks.push(
    box(LEFT, FOOTER_Y - 4, WIDTH, THIN),
    text(LEFT, FOOTER_Y, 2.6, `${job.delisId} · ${formatPeriod(job.period)}`, { maxWidth: 130 }),
    text(RIGHT, FOOTER_Y, 3, `Page ${page} of ${pages}`, { bold: true, align: 'right', maxWidth: 50 }),
  );
}

/** The blocks of the body, in order. */
function bodyBlocks(
  job: ManifestJob,
  groups: ReadonlyMap<string, readonly ManifestParcel[]>,
): { blocks: Block[]; heads: Map<string, Block> } {
  const blocks: Block[] = [];
  const heads = new Map<string, Block>();
  let index = 0;
  for (const [product, parcels] of groups) {
    const weighed = weigh(parcels);
    heads.set(product, groupHead(product, weighed, true));
    blocks.push(groupHead(product, weighed, false));
    for (const parcel of parcels) blocks.push(parcelLine(parcel, ++index));
  }
  if (job.parcels.length === 0) blocks.push(emptyNote());
  blocks.push(totals(job, groups), signatures());
  return { blocks, heads };
}

/** The manifest's pages. */
export function designManifest(job: ManifestJob): LabelDrawing[] {
  const groups = groupByProduct(job.parcels);
  const { blocks, heads } = bodyBlocks(job, groups);
  const pages: Mark[][] = [];
  let marks: Mark[] = [];
  let y = 0;
  const newPage = () => {
    marks = [];
    pages.push(marks);
    y = pages.length === 1 ? firstHead(job, marks) : followingHead(job, marks);
    y = columnHeads(y, marks);
  };
  newPage();
  blocks.forEach((block, i) => {
    const next = blocks[i + 1];
    const needed = block.height + (block.keepWithNext === true && next !== undefined ? next.height : 0);
    if (y + needed > BODY_BOTTOM) {
      newPage();
      const head = block.continues === undefined ? undefined : heads.get(block.continues);
      if (head !== undefined) {
        head.draw(y, marks);
        y += head.height;
      }
    }
    block.draw(y, marks);
    y += block.height;
  });
  return pages.map((page, i) => {
    footer(job, i + 1, pages.length, page);
    return { width: A4_WIDTH, height: A4_HEIGHT, marks: page };
  });
}
