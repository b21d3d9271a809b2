// Golden files (test/golden/<binding>/): exact wire text, compared byte for byte. JSON and SOAP answers
// are stored indented one element per line (golden-layout.ts), so that a diff shows the field that
// changed; the comparison undoes the indentation and compares the wire text itself. Regenerate them
// after an intended change with `npm run golden:soap` or `npm run golden:rest` (UPDATE_GOLDEN=1).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { indentedWireText, wireTextOf } from './golden-layout.ts';

const updating = process.env.UPDATE_GOLDEN === '1';

/** The golden files of one binding. */
export interface GoldenFiles {
  /** The wire text a golden file keeps. */
  readonly read: (name: string) => string;
  /** Asserts `actual` equals the golden file `name`, or rewrites the file when UPDATE_GOLDEN=1. */
  readonly check: (name: string, actual: string) => void;
}

/** The golden files under test/golden/`binding`/. */
export function goldenFiles(binding: 'soap' | 'rest'): GoldenFiles {
  const directory = fileURLToPath(new URL(`../golden/${binding}/`, import.meta.url));
  const regenerate = `npm run golden:${binding}`;
  return {
    read: (name) => wireTextOf(name, readFileSync(`${directory}${name}`, 'utf8')),
    check: (name, actual) => {
      const path = `${directory}${name}`;
      if (updating) {
        writeFileSync(path, indentedWireText(name, actual));
        return;
      }
      assert.ok(existsSync(path), `${name} has no golden file yet: run ${regenerate}`);
      const stored = readFileSync(path, 'utf8');
      // The indented forms first, so that a difference reads field by field; then the wire text itself.
      assert.equal(
        indentedWireText(name, actual),
        stored,
        `${name} differs from test/golden/${binding}/${name}; if intended, run ${regenerate}`,
      );
      assert.equal(actual, wireTextOf(name, stored), `${name}: the wire text differs in layout alone`);
    },
  };
}
