// Golden files (test/golden/<binding>/): exact wire text, compared byte for byte. Regenerate them after
// an intended change with `npm run golden:soap` or `npm run golden:rest` (UPDATE_GOLDEN=1).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const updating = process.env.UPDATE_GOLDEN === '1';

/** The golden files of one binding. */
export interface GoldenFiles {
  /** The golden file's text. */
  readonly read: (name: string) => string;
  /** Asserts `actual` equals the golden file `name`, or rewrites the file when UPDATE_GOLDEN=1. */
  readonly check: (name: string, actual: string) => void;
}

/** The golden files under test/golden/`binding`/. */
export function goldenFiles(binding: 'soap' | 'rest'): GoldenFiles {
  const directory = fileURLToPath(new URL(`../golden/${binding}/`, import.meta.url));
  const regenerate = `npm run golden:${binding}`;
  return {
    read: (name) => readFileSync(`${directory}${name}`, 'utf8'),
    check: (name, actual) => {
      const path = `${directory}${name}`;
      if (updating) {
        writeFileSync(path, actual);
        return;
      }
      assert.ok(existsSync(path), `${name} has no golden file yet: run ${regenerate}`);
      assert.equal(
        actual,
        readFileSync(path, 'utf8'),
        `${name} differs from test/golden/${binding}/${name}; if intended, run ${regenerate}`,
      );
    },
  };
}
