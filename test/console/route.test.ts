// The console's route parsing: segments decoded from the fragment, and a fragment whose
// percent-encoding is not UTF-8 (`#/parcels/%E0%A4%A`) read as no page rather than thrown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { href, parseRoute } from '../../src/console/route.ts';

describe('parseRoute', () => {
  const cases: ReadonlyArray<{ hash: string; segments: readonly string[]; query?: Record<string, string>; malformed?: boolean }> = [
    { hash: '', segments: [] },
    { hash: '#/parcels', segments: ['parcels'] },
    { hash: '#/parcels/05229000000001', segments: ['parcels', '05229000000001'] },
    { hash: '#/parcels/a%2Fb', segments: ['parcels', 'a/b'] },
    { hash: '#/parcels?search=x%20y', segments: ['parcels'], query: { search: 'x y' } },
    { hash: '#/parcels/%E0%A4%A8', segments: ['parcels', '\u0928'] },
    { hash: '#/parcels/%E0%A4%A', segments: [], malformed: true },
    { hash: '#/%ZZ/parcels', segments: [], malformed: true },
    { hash: '#/parcels/%E0?search=x', segments: [], query: {}, malformed: true },
  ];
  for (const { hash, segments, query = {}, malformed } of cases) {
    it(`reads ${JSON.stringify(hash)}`, () => {
      const route = parseRoute(hash);
      assert.deepEqual(route.segments, segments);
      assert.deepEqual(Object.fromEntries(route.query), query);
      assert.equal(route.malformed ?? false, malformed ?? false);
    });
  }

  it('reads back every fragment href writes', () => {
    const segments = ['parcels', '%E0%A4%A', 'a/b c'];
    assert.deepEqual(parseRoute(href(segments, { search: 'x' })).segments, segments);
  });
});
