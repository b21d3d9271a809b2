// A minimal PDF 1.7 file writer (ISO 32000-1 §7.5): numbered objects, Flate-compressed streams, the
// cross-reference table and trailer. Label PDFs are small and regular, so nothing more is needed.
import { deflateSync } from 'node:zlib';

// §7.5.2: a comment line with four bytes ≥ 0x80 right after the header marks the file as binary.
const HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

// Level 1 compresses label streams (fonts, content) only ~4 % worse than the default 6 at a third of the
// time; deflating is the largest cost of a label, so speed wins (docs/decisions.md "Performance").
const DEFLATE_LEVEL = 1;

/** Writes one PDF file: reserve object numbers, write objects in any order, then finish. */
export class PdfWriter {
  readonly #chunks: Uint8Array[] = [HEADER];
  readonly #offsets: number[] = [];
  #length = HEADER.length;
  #nextId = 1;

  /** A new object number, to reference before the object is written. */
  reserve(): number {
    return this.#nextId++;
  }

  /** Writes object `id` with a body of PDF syntax (ASCII). */
  object(id: number, body: string): void {
    this.#offsets[id] = this.#length;
    this.#push(Buffer.from(`${id} 0 obj\n${body}\nendobj\n`, 'latin1'));
  }

  /** Writes stream object `id`: `dictionary` holds the entries besides /Length and /Filter; data is Flate-compressed. */
  stream(id: number, dictionary: string, data: Uint8Array | string): void {
    const compressed = deflateSync(typeof data === 'string' ? Buffer.from(data, 'latin1') : data, { level: DEFLATE_LEVEL });
    this.#offsets[id] = this.#length;
    const entries = dictionary === '' ? '' : `${dictionary} `;
    this.#push(Buffer.from(`${id} 0 obj\n<< ${entries}/Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
    this.#push(compressed);
    this.#push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }

  /** Appends the cross-reference table and trailer; `fileId` is 32 hex digits. Returns the file. */
  finish(root: number, info: number, fileId: string): Uint8Array {
    const xrefOffset = this.#length;
    const entries = ['0000000000 65535 f \n'];
    for (let id = 1; id < this.#nextId; id++) {
      const offset = this.#offsets[id];
      if (offset === undefined) throw new Error(`PDF object ${id} was reserved but never written`);
      entries.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
    }
    this.#push(
      Buffer.from(
        `xref\n0 ${this.#nextId}\n${entries.join('')}trailer\n` +
          `<< /Size ${this.#nextId} /Root ${root} 0 R /Info ${info} 0 R /ID [<${fileId}> <${fileId}>] >>\n` +
          `startxref\n${xrefOffset}\n%%EOF\n`,
        'latin1',
      ),
    );
    return Buffer.concat(this.#chunks, this.#length);
  }

  #push(chunk: Uint8Array): void {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
  }
}
