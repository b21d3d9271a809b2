// Checks shared by the serial tests.
import assert from 'node:assert/strict';
import { MAX_SERIAL } from '../../src/store/serial-source.ts';

/** `count` serials, each one more than the one before, all within 1 … MAX_SERIAL. */
export function assertConsecutive(serials: readonly number[], count: number): void {
  assert.equal(serials.length, count);
  serials.forEach((serial, index) => {
    assert.ok(Number.isSafeInteger(serial) && serial >= 1 && serial <= MAX_SERIAL, `serial ${serial} out of range`);
    assert.equal(serial, serials[0] + index, `not consecutive: ${serials.join(',')}`);
  });
}

/** No serial appears twice across all the calls. */
export function assertDisjoint(calls: readonly (readonly number[])[]): void {
  const seen = new Set<number>();
  for (const serial of calls.flat()) {
    assert.ok(!seen.has(serial), `serial ${serial} was issued twice`);
    seen.add(serial);
  }
}
