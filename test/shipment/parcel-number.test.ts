// Parcel label numbers (domain/core/parcel-number.ts): depot + 10-digit serial, from each environment's own range.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SERIAL, parcelLabelNumber, SERIAL_RANGES } from '../../src/domain/core/parcel-number.ts';

test('live numbers are the serials themselves, stage numbers start at 9,000,000,000', () => {
  assert.equal(parcelLabelNumber('0522', 1, 'live'), '05220000000001');
  assert.equal(parcelLabelNumber('0522', 1, 'stage'), '05229000000000');
  assert.equal(parcelLabelNumber('0174', 123_456, 'stage'), '01749000123455');
});

test('the two ranges do not overlap and together fill the 10 digits', () => {
  assert.equal(SERIAL_RANGES.live.offset + 1, 1);
  assert.equal(SERIAL_RANGES.stage.offset + 1, SERIAL_RANGES.live.last + 1, 'stage starts right after live ends');
  assert.equal(SERIAL_RANGES.stage.last, MAX_SERIAL);
});

test("a serial past its environment's range, or a malformed depot, is refused instead of wrapping into the other range", () => {
  assert.equal(parcelLabelNumber('0522', 8_999_999_999, 'live'), '05228999999999');
  assert.throws(() => parcelLabelNumber('0522', 9_000_000_000, 'live'), /out of the live range/);
  assert.equal(parcelLabelNumber('0522', 1_000_000_000, 'stage'), '05229999999999');
  assert.throws(() => parcelLabelNumber('0522', 1_000_000_001, 'stage'), /out of the stage range/);
  assert.throws(() => parcelLabelNumber('0522', 0, 'live'), RangeError);
  assert.throws(() => parcelLabelNumber('522', 1, 'live'), /4 digits/);
});
