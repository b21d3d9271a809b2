import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { computeCheckCharacter, isValidWithCheckCharacter } from '../../src/labels/check-character.ts';

// Published MOD 37,36 examples, each computed by someone else.
const VECTORS = [
  { input: 'A12425GABC1234002', check: 'M', source: 'GRid standard example A1-2425G-ABC1234002-M' },
  { input: '00000000C36D002B', check: 'K', source: 'ISAN root 0000-0000-C36D-002B-K' },
  { input: '000393206219912345678101040', check: '9', source: 'DPD label specification (DPDAPPD 4.0.2, illustration 7)' },
  { input: '008182709980000020028101276', check: 'B', source: 'DPD Parcel Label Specification section 4' },
  { input: '007110601632532948375179276', check: 'A', source: 'DPD Parcel Label Specification section 4.6' },
  { input: '001990009980000020084109203', check: '1', source: 'DPD Parcel Label Specification section 5.1' },
  { input: '007855009980000020041302840', check: 'U', source: 'DPD Parcel Label Specification section 8.5.6' },
] as const;

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const alphanumeric = fc.string({ unit: fc.constantFrom(...ALPHANUMERIC), minLength: 1, maxLength: 40 });

describe('ISO/IEC 7064 MOD 37,36 check character', () => {
  for (const { input, check, source } of VECTORS) {
    it(`${input} → ${check} (${source})`, () => {
      assert.equal(computeCheckCharacter(input), check);
      assert.equal(isValidWithCheckCharacter(input + check), true);
    });
  }

  it('appending the check character always satisfies the validity condition', () => {
    fc.assert(fc.property(alphanumeric, (text) => isValidWithCheckCharacter(text + computeCheckCharacter(text))));
  });

  it('detects every single-character substitution', () => {
    fc.assert(
      fc.property(alphanumeric, fc.nat(), fc.integer({ min: 1, max: 35 }), (text, position, shift) => {
        const full = text + computeCheckCharacter(text);
        const at = position % full.length;
        const replaced = ALPHANUMERIC[(ALPHANUMERIC.indexOf(full[at]) + shift) % 36];
        return !isValidWithCheckCharacter(full.slice(0, at) + replaced + full.slice(at + 1));
      }),
    );
  });

  it('rejects characters outside 0-9 and A-Z', () => {
    assert.throws(() => computeCheckCharacter('0522-1234'), RangeError);
    assert.throws(() => computeCheckCharacter('abc'), RangeError);
  });
});
