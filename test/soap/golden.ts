// Golden files of the SOAP binding (test/golden/soap/): exact wire text. Regenerate after an
// intended change with `UPDATE_GOLDEN=1 node --import tsx --test test/soap/*.test.ts`.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const GOLDEN_DIR = fileURLToPath(new URL('../golden/soap/', import.meta.url));

const updating = process.env.UPDATE_GOLDEN === '1';

/** The golden file's text. */
export function readGolden(name: string): string {
  return readFileSync(`${GOLDEN_DIR}${name}`, 'utf8');
}

/** Asserts `actual` equals the golden file `name`, or rewrites the file when UPDATE_GOLDEN=1. */
export function assertGolden(name: string, actual: string): void {
  const path = `${GOLDEN_DIR}${name}`;
  if (updating) {
    writeFileSync(path, actual);
    return;
  }
  assert.ok(existsSync(path), `${name} has no golden file yet: run UPDATE_GOLDEN=1 node --import tsx --test test/soap/*.test.ts`);
  assert.equal(
    actual,
    readFileSync(path, 'utf8'),
    `${name} differs from test/golden/soap/${name}; if intended, regenerate with UPDATE_GOLDEN=1`,
  );
}
