// The cached symbol sizes ZPL uses equal the sizes of the real encodings, whatever the payload.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { code128Modules, encodeCode128, encodeQr, qrSize } from '../../src/labels/barcode-modules.ts';

const postcode = fc.stringMatching(/^[0-9A-Z]{7}$/);
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const sortPayload = fc.tuple(postcode, digits(14), digits(3), digits(3)).map(([zip, number, service, country]) => `%${zip}${number}${service}${country}`);

describe('cached barcode sizes', () => {
  it('code128Modules equals the encoded width for sort payloads and any text', () => {
    fc.assert(fc.property(fc.oneof(sortPayload, fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[\x20-\x7e]+$/.test(s))), (payload) => {
      assert.equal(code128Modules(payload), encodeCode128(payload).modules);
    }), { numRuns: 300 });
  });

  it('qrSize equals the encoded size for 2D payloads and any text', () => {
    const twoD = fc.tuple(sortPayload, digits(14), digits(8)).map(([sort, number, date]) => `${sort}|MPS${number}${date}`);
    fc.assert(fc.property(fc.oneof(twoD, fc.string({ minLength: 1, maxLength: 120 })), (payload) => {
      assert.equal(qrSize(payload), encodeQr(payload).size);
    }), { numRuns: 300 });
  });
});
