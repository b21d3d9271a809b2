// Writes docs/errors.md from the error catalogue, so the published list cannot drift from the code.
// `npm run docs:errors` writes it; `--check` exits 1 when the file is stale (CI).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderErrorDocs } from '../src/contract/error-docs.ts';

const path = new URL('../docs/errors.md', import.meta.url);
const text = renderErrorDocs();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== text) {
    console.error('docs/errors.md is stale: run npm run docs:errors');
    process.exit(1);
  }
} else {
  writeFileSync(path, text);
  console.log('wrote docs/errors.md');
}
