// The decoder's notion of "not given", and that it never rewrites the text a caller sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decode, isAbsent } from '../../src/contract/schema/decode.ts';
import { string, type } from '../../src/contract/schema/model.ts';
import { FindParcelShopsByGeoData } from '../../src/contract/parcel-shop-finder-service.ts';
import { Address } from '../../src/contract/shipment-service/shipment-requests.ts';

const REST = { binding: 'rest', source: 'json' } as const;

describe('absent values', () => {
  const absent: ReadonlyArray<[string, unknown]> = [
    ['undefined', undefined],
    ['null', null],
    ['""', ''],
    ['spaces', '   '],
    ['tab and line breaks', '\t\r\n'],
    ['NBSP', '\u00a0'],
    ['ideographic space', '\u3000'],
    ['line separator', '\u2028'],
    ['narrow NBSP', '\u202f'],
    ['zero width space', '\u200b'],
    ['ZWNJ and ZWJ', '\u200c\u200d'],
    ['word joiner', '\u2060'],
    ['BOM', '\ufeff'],
  ];
  for (const [name, value] of absent) it(`${name} is absent`, () => assert.equal(isAbsent(value), true));

  const present: ReadonlyArray<[string, unknown]> = [
    ['a letter', 'a'],
    ['a letter between spaces', ' a '],
    ['NBSP and a digit', '\u00a01'],
    ['zero', 0],
    ['false', false],
    ['a soft hyphen (visible where it breaks)', '\u00ad'],
    ['a combining mark', '\u0301'],
    ['an object', {}],
  ];
  for (const [name, value] of present) it(`${name} is given`, () => assert.equal(isAbsent(value), false));
});

describe('decoded text', () => {
  it('keeps what the caller sent, spaces included', () => {
    const sent = { name1: '  Jan  Jansen ', street: 'Kerkstraat\u00a0', country: 'nl', zipCode: '2011AB', city: ' Haarlem' };
    const { value, violations } = decode(Address, sent, REST);
    assert.deepEqual(violations, []);
    assert.deepEqual(value, { ...sent, country: 'NL' });
  });

  it('upper-cases the letters a to z of a code only: no other character becomes one of them', () => {
    const address = { name1: 'Jan', street: 'Kerkstraat', zipCode: '2011AB', city: 'Haarlem' };
    assert.equal(decode(Address, { ...address, country: 'nL' }, REST).value?.country, 'NL');
    // Unicode upper-casing makes the ligature ﬁ "FI" (Finland), a dotless ı "I" and ß "SS" (South Sudan).
    for (const country of ['\ufb01', '\u0131t', '\u00df']) {
      assert.deepEqual(
        decode(Address, { ...address, country }, REST).violations.map((v) => v.path),
        ['country'],
        country,
      );
    }
  });

  it('reports a required field of blanks as missing and leaves it out', () => {
    const { value, violations } = decode(
      Address,
      { name1: '\u200b ', street: 'Kerkstraat', country: 'NL', zipCode: '2011AB', city: 'Haarlem' },
      REST,
    );
    assert.deepEqual(
      violations.map((v) => [v.code, v.path]),
      [['error_missing_field', 'name1']],
    );
    assert.equal(value !== undefined && 'name1' in value, false);
  });
});

describe('numbers given as XML text', () => {
  const SOAP = { binding: 'soap', source: 'xml' } as const;
  it('reads an xs:double in any of its lexical forms, an exponent included, and nothing else', () => {
    for (const [text, latitude] of [
      ['52.37', 52.37],
      ['5.237E1', 52.37],
      ['+5237e-2', 52.37],
      ['.5', 0.5],
    ] as const) {
      const { value, violations } = decode(FindParcelShopsByGeoData, { latitude: text, longitude: '4.89' }, SOAP);
      assert.deepEqual(violations, [], text);
      assert.equal(value?.latitude, latitude, text);
    }
    for (const text of ['INF', 'NaN', '5.2.1', '1e', '0x1A']) {
      assert.equal(decode(FindParcelShopsByGeoData, { latitude: text, longitude: '4.89' }, SOAP).violations[0]?.path, 'latitude', text);
    }
  });
});

describe('text lengths', () => {
  // A minimum without a maximum: a text of at least twice the minimum in UTF-16 units skips the count.
  const Code = type('code', { code: string({ minLength: 3 }) });
  it('passes a text well above a minimum that has no maximum, and refuses one below it', () => {
    for (const [text, ok] of [
      ['abc', true],
      ['abcdefgh', true],
      ['📦📦📦', true],
      ['ab', false],
      ['📦📦', false],
    ] as const) {
      assert.deepEqual(
        decode(Code, { code: text }, REST).violations.map((v) => v.code),
        ok ? [] : ['error_field_too_short'],
        text,
      );
    }
  });
});
