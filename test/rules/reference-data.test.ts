// The reference data the rules consult, checked against the lists they must agree with.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import countries from 'i18n-iso-countries';
import { crossesCustomsBorder, isCountry, isInEuCustomsTerritory } from '../../src/rules/reference-data.ts';

/** The 27 member states of the EU by ISO 3166-1 alpha-2 code (Greece GR, not the EU's own EL). */
const EU_MEMBERS = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** European countries outside the EU customs territory. */
const OUTSIDE = ['CH', 'NO', 'GB', 'IS', 'LI', 'AD', 'SM', 'TR', 'UA', 'RS', 'AL', 'US'];

describe('EU customs territory', () => {
  it('holds every member state by its ISO code, and Monaco', () => {
    assert.equal(EU_MEMBERS.length, 27);
    assert.deepEqual(
      EU_MEMBERS.filter((code) => !isCountry(code)),
      [],
      'every member code is an ISO 3166-1 code',
    );
    assert.deepEqual(
      EU_MEMBERS.filter((code) => !isInEuCustomsTerritory(code)),
      [],
    );
    assert.equal(isInEuCustomsTerritory('MC'), true);
  });

  it('leaves out the countries outside it', () => {
    assert.deepEqual(
      OUTSIDE.filter((code) => isInEuCustomsTerritory(code)),
      [],
    );
  });

  it("does not take the EU's own code EL for Greece", () => {
    assert.equal(isInEuCustomsTerritory('EL'), false);
  });

  it('NL→GR stays inside; NL→CH, NL→NO and GR→GB cross the border', () => {
    for (const member of EU_MEMBERS) assert.equal(crossesCustomsBorder('NL', member), false, `NL→${member}`);
    assert.equal(crossesCustomsBorder('NL', 'CH'), true);
    assert.equal(crossesCustomsBorder('NL', 'NO'), true);
    assert.equal(crossesCustomsBorder('GR', 'GB'), true);
  });
});

describe('ISO 3166-1 alpha-2 countries', () => {
  it("are the 249 officially assigned codes: the package's list without XK", () => {
    const codes = Object.keys(countries.getAlpha2Codes());
    assert.deepEqual(
      codes.filter((code) => !isCountry(code)),
      ['XK'],
    );
    assert.equal(codes.filter(isCountry).length, 249);
  });

  it("leave out Kosovo's user-assigned XK and the other user-assigned codes", () => {
    assert.deepEqual(['XK', 'AA', 'QM', 'QZ', 'XA', 'XZ', 'ZZ', 'EL', 'UK'].filter(isCountry), []);
  });

  it("take RS, ME, AL and MK, Kosovo's neighbours", () => {
    assert.deepEqual(
      ['RS', 'ME', 'AL', 'MK'].filter((code) => !isCountry(code)),
      [],
    );
  });
});
