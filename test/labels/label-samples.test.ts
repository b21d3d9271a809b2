import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { renderLabelSamples } from '../../src/labels/label-samples.ts';

// Golden files: the committed samples must equal a fresh rendering of the sample job. After changing a
// label on purpose, regenerate them with `node --import tsx scripts/write-label-samples.ts`.
describe('docs/labels samples are up to date', async () => {
  const samples = await renderLabelSamples();
  for (const [name, bytes] of samples) {
    it(name, () => {
      const committed = readFileSync(new URL(`../../docs/labels/${name}`, import.meta.url));
      assert.ok(committed.equals(Buffer.from(bytes)), `${name} differs from a fresh rendering; run scripts/write-label-samples.ts`);
    });
  }
});
