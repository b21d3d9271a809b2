// test:fuzz — the OpenAPI document's property-based run on a stage server (openapi-fuzz.ts).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fuzzOpenApi } from './openapi-fuzz.ts';

it('stage: every generated call is answered as the OpenAPI document says', async (t) => {
  const report = await fuzzOpenApi('stage', (line) => t.diagnostic(line));
  assert.deepEqual(report.failures.slice(0, 40), [], `${report.failures.length} failures`);
});
