// test:fuzz — the OpenAPI document's property-based run on a live server (openapi-fuzz.ts).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fuzzOpenApi } from './openapi-fuzz.ts';

it('live: every generated call is answered as the OpenAPI document says', async (t) => {
  const report = await fuzzOpenApi('live', (line) => t.diagnostic(line));
  assert.deepEqual(report.failures.slice(0, 40), [], `${report.failures.length} failures`);
});
