import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSortBarcode, formatSortPostcode } from '../../src/labels/sort-barcode.ts';

// The first four rows are barcodes printed in the DPD Parcel Label Specification (DPDPLS) and its
// predecessor DPDAPPD, with the human-readable line given there.
const CASES = [
  {
    zipCode: '3932',
    country: 'AT',
    parcel: '06219912345678',
    service: '101',
    payload: '%000393206219912345678101040',
    readable: '0003 932 0621 9912 3456 78 101 040 9',
  },
  {
    zipCode: '81827',
    country: 'DE',
    parcel: '09980000020028',
    service: '101',
    payload: '%008182709980000020028101276',
    readable: '0081 827 0998 0000 0200 28 101 276 B',
  },
  {
    zipCode: '2800',
    country: 'BE',
    parcel: '09980000020037',
    service: '155',
    payload: '%000280009980000020037155056',
    readable: '0002 800 0998 0000 0200 37 155 056 6',
  },
  {
    zipCode: '78550',
    country: 'US',
    parcel: '09980000020041',
    service: '302',
    payload: '%007855009980000020041302840',
    readable: '0078 550 0998 0000 0200 41 302 840 U',
  },
  {
    zipCode: 'sw1a 1aa',
    country: 'GB',
    parcel: '05220000001237',
    service: '136',
    payload: '%SW1A1AA05220000001237136826',
    readable: undefined,
  },
  {
    zipCode: '100011234',
    country: 'US',
    parcel: '05220000001239',
    service: '101',
    payload: '%001000105220000001239101840',
    readable: undefined,
  },
  {
    zipCode: '10001-1234',
    country: 'us',
    parcel: '05220000001239',
    service: '101',
    payload: '%001000105220000001239101840',
    readable: undefined,
  },
  {
    zipCode: '546 21',
    country: 'GR',
    parcel: '05220000001235',
    service: '327',
    payload: '%005462105220000001235327300',
    readable: undefined,
  },
] as const;

describe('sort barcode', () => {
  for (const c of CASES) {
    it(`${c.country} ${c.zipCode} → ${c.payload}`, () => {
      const barcode = createSortBarcode({ zipCode: c.zipCode, country: c.country, parcelLabelNumber: c.parcel, serviceCode: c.service });
      assert.equal(barcode.payload, c.payload);
      assert.equal(barcode.payload.length, 28);
      assert.match(barcode.payload, /^%[0-9A-Z]{27}$/);
      if (c.readable !== undefined) assert.equal(barcode.humanReadable, c.readable);
      assert.equal(barcode.humanReadable.replaceAll(' ', '').slice(0, 27), c.payload.slice(1));
    });
  }

  const POSTCODES = [
    ['5970', '0005970'],
    ['125009', '0125009'],
    ['SW1A 1AA', 'SW1A1AA'],
    ['90-926', '0090926'],
    ['01310-100', '0131010'],
    ['', '0000000'],
    ['D02 X285', 'D02X285'],
  ] as const;
  for (const [zipCode, field] of POSTCODES) {
    it(`postcode ${JSON.stringify(zipCode)} → ${field}`, () => assert.equal(formatSortPostcode(zipCode), field));
  }

  it('refuses a parcel number that is not 14 digits, a service code that is not 3, an unknown country', () => {
    const ok = { zipCode: '5970', country: 'DK', parcelLabelNumber: '05220000001234', serviceCode: '101' };
    assert.throws(() => createSortBarcode({ ...ok, parcelLabelNumber: '0522000000123' }), RangeError);
    assert.throws(() => createSortBarcode({ ...ok, serviceCode: '1010' }), RangeError);
    assert.throws(() => createSortBarcode({ ...ok, country: 'XX' }), RangeError);
  });
});
