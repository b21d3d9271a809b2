// Writes the README's operations table from the operation table. `npm run docs:operations` writes it;
// `--check` exits 1 when the README's table is stale (CI).
import { readFileSync, writeFileSync } from 'node:fs';
import { withOperationsTable } from '../src/bindings/docs/operation-docs.ts';

const path = new URL('../README.md', import.meta.url);
const current = readFileSync(path, 'utf8');
const text = withOperationsTable(current);
if (text === undefined) {
  console.error('README.md has no operations table markers');
  process.exit(1);
}
if (process.argv.includes('--check')) {
  if (current !== text) {
    console.error('the operations table in README.md is stale: run npm run docs:operations');
    process.exit(1);
  }
} else {
  writeFileSync(path, text);
  console.log('wrote the operations table of README.md');
}
