// Writes the label samples under docs/labels (generated; regenerate after changing a label):
//   node --import tsx scripts/write-label-samples.ts
// PDF, ZPL and e-label PNG come from src/labels/label-samples.ts; sample-a6.png is the first A6 page
// rasterised by pdftoppm (poppler-utils, see scripts/install-label-test-deps.sh) and sample-zpl.png the
// first ZPL label rendered by zpl-renderer-js at 203 dpi.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderLabelSamples } from '../src/labels/label-samples.ts';

const OUT = new URL('../docs/labels/', import.meta.url);

function rasteriseFirstPage(pdf: Uint8Array, dpi: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'label-sample-'));
  try {
    writeFileSync(join(dir, 'sample.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', '1', '-singlefile', join(dir, 'sample.pdf'), join(dir, 'page')]);
    return readFileSync(join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function renderFirstZplLabel(zpl: Uint8Array): Promise<Buffer> {
  const { ready } = await import('zpl-renderer-js');
  const { api } = await ready;
  const [first] = await api.zplToBase64MultipleAsync(Buffer.from(zpl).toString('latin1'), 105, 148, 8);
  return Buffer.from(first, 'base64');
}

const samples = await renderLabelSamples();
for (const [name, bytes] of samples) writeFileSync(new URL(name, OUT), bytes);
writeFileSync(new URL('sample-a6.png', OUT), rasteriseFirstPage(samples.get('sample-a6.pdf') ?? new Uint8Array(), 203));
writeFileSync(new URL('sample-zpl.png', OUT), await renderFirstZplLabel(samples.get('sample.zpl') ?? new Uint8Array()));
console.log(`wrote ${samples.size + 2} files to docs/labels`);
process.exit(0);
