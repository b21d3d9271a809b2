// The service's own request ids (bindings/http/time-ordered-uuid.ts): version-7 UUIDs, each sorting
// after the one made before it, within a millisecond, across milliseconds and when the clock goes back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { timeOrderedUuid } from '../../src/bindings/http/time-ordered-uuid.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a version-7 UUID whose first 48 bits are the time in milliseconds', () => {
  const at = Date.UTC(2026, 11, 7, 17, 0, 0, 123);
  const id = timeOrderedUuid(at + 10_000);
  assert.match(id, V7);
  assert.equal(Number.parseInt(id.replace('-', '').slice(0, 12), 16), at + 10_000);
});

test('each id sorts after the one before: 10,000 in one millisecond, then the clock going back', () => {
  const at = Date.UTC(2027, 0, 1);
  const ids = [...Array.from({ length: 10_000 }, () => timeOrderedUuid(at)), timeOrderedUuid(at - 5_000), timeOrderedUuid(at + 60_000)];
  for (const id of ids) assert.match(id, V7);
  for (let index = 1; index < ids.length; index++) assert.ok(ids[index - 1] < ids[index], `${ids[index - 1]} before ${ids[index]}`);
  assert.equal(new Set(ids).size, ids.length);
});
