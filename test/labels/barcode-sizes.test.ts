// The cached symbol sizes ZPL uses equal the sizes of the real encodings, whatever the payload.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import bwipjs from 'bwip-js';
import fc from 'fast-check';
import { code128Modules, encodeCode128, encodeQr, qrSize } from '../../src/labels/barcode-modules.ts';
import { decodeBarcodes } from '../support/label-reading.ts';

const postcode = fc.stringMatching(/^[0-9A-Z]{7}$/);
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const sortPayload = fc
  .tuple(postcode, digits(14), digits(3), digits(3))
  .map(([zip, number, service, country]) => `%${zip}${number}${service}${country}`);

describe('cached barcode sizes', () => {
  it('code128Modules equals the encoded width for sort payloads and any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          sortPayload,
          fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[\x20-\x7e]+$/.test(s)),
        ),
        (payload) => {
          assert.equal(code128Modules(payload), encodeCode128(payload).modules);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the Code 128 encoder is as short as bwip-js', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          sortPayload,
          fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[\x20-\x7e]+$/.test(s)),
        ),
        (payload) => {
          const [reference] = bwipjs.raw('code128', payload, {});
          assert.ok(reference !== undefined && 'sbs' in reference);
          assert.equal(
            encodeCode128(payload).modules,
            reference.sbs.reduce((sum: number, width: number) => sum + width, 0),
            payload,
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('the Code 128 encoder spells the text: a real reader decodes it back', async () => {
    // Drawn 2 pixels per module with 10-module quiet zones, 20 pixels high.
    const draw = (widths: readonly number[]) => {
      const modules = 20 + widths.reduce((sum, width) => sum + width, 0);
      const width = modules * 2;
      const height = 20;
      const data = new Uint8Array(width * height * 4).fill(255);
      let x = 20;
      widths.forEach((run, index) => {
        if (index % 2 === 0) {
          for (let row = 0; row < height; row++)
            for (let column = x; column < x + run * 2; column++) data.fill(0, (row * width + column) * 4, (row * width + column) * 4 + 3);
        }
        x += run * 2;
      });
      return { width, height, data };
    };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          sortPayload,
          fc.string({ minLength: 1, maxLength: 30 }).filter((s) => /^[\x20-\x7e]+$/.test(s) && s.trim() === s),
        ),
        async (payload) => {
          const decoded = await decodeBarcodes(draw(encodeCode128(payload).widths));
          assert.deepEqual(decoded, [{ format: 'Code128', text: payload }]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('qrSize equals the encoded size for 2D payloads and any text', () => {
    const twoD = fc.tuple(sortPayload, digits(14), digits(8)).map(([sort, number, date]) => `${sort}|MPS${number}${date}`);
    fc.assert(
      fc.property(fc.oneof(twoD, fc.string({ minLength: 1, maxLength: 120 })), (payload) => {
        assert.equal(qrSize(payload), encodeQr(payload).size);
      }),
      { numRuns: 300 },
    );
  });
});
