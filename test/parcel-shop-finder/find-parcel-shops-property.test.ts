// Property: whatever a client sends to the parcel-shop finder — any JSON in any field of either
// search, or in place of the search — it answers with shops nearest first (HTTP 200) or with a coded
// request fault (HTTP 400), never with an internal error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { errorCatalogue, type ErrorCode } from '../../src/contract/error-catalogue.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { PARCEL_SHOP_FINDER, type Auth } from '../support/rest.ts';

const GEO_FIELDS = ['latitude', 'longitude', 'limit', 'availableService', 'hideClosed'];
const ADDRESS_FIELDS = ['country', 'zipCode', 'city', 'street', 'houseNo', 'limit', 'availableService', 'hideClosed'];

/** Values a field may get: plausible ones of every field, and anything at all. */
const value = fc.oneof(
  fc.double({ min: -200, max: 200, noNaN: true }),
  fc.integer({ min: -5, max: 200 }),
  fc.constantFrom(
    'NL',
    'nl',
    'DE',
    'XX',
    '1012LG',
    '1012 lg',
    'Amsterdam',
    'Łódź',
    '',
    ' ',
    'returns',
    'dropOff',
    'parcelShopDelivery',
    'true',
    '52.37',
  ),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('parcel-shop finder, any input', () => {
  let t: TestApp;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp();
    authentication = await t.authenticate((await t.addAccount()).delisId);
    await t.store.parcelShops.saveParcelShops([
      {
        parcelShopId: 1,
        company: 'Kiosk',
        street: 'Damrak',
        country: 'NL',
        zipCode: '1012LG',
        city: 'Amsterdam',
        latitude: 52.3752,
        longitude: 4.8966,
        availableService: ['returns'],
        openingHours: [{ day: 1, fromTime1: 900, toTime1: 1800 }],
        holiday: [{ dateFrom: 20261120, dateTo: 20261130 }],
      },
      {
        parcelShopId: 2,
        company: 'Boekhandel',
        street: 'Leidseplein',
        country: 'NL',
        zipCode: '1017PT',
        city: 'Amsterdam',
        latitude: 52.3641,
        longitude: 4.8829,
      },
      {
        parcelShopId: 3,
        company: 'Polar',
        street: 'Nord',
        country: 'NO',
        zipCode: '9170',
        city: 'Longyearbyen',
        latitude: 89.9,
        longitude: 179.9,
      },
    ]);
  });
  after(() => t.close());

  for (const [operation, fields] of [
    ['findParcelShopsByGeoData', GEO_FIELDS],
    ['findParcelShops', ADDRESS_FIELDS],
  ] as const) {
    it(`${operation} answers shops or a coded fault`, async () => {
      const body = fc.oneof(fc.dictionary(fc.constantFrom(...fields, 'colour'), value, { maxKeys: 6 }), value);
      await fc.assert(
        fc.asyncProperty(body, async (request) => {
          const response = await t.post(`${PARCEL_SHOP_FINDER}/${operation}`, { authentication, [operation]: request });
          const answer = response.json();
          if (response.statusCode === 200) {
            const shops = answer[`${operation}Response`].parcelShop as Array<{ distance: number }>;
            assert.ok(Array.isArray(shops));
            for (let i = 1; i < shops.length; i++) assert.ok(shops[i - 1].distance <= shops[i].distance);
            return;
          }
          assert.equal(response.statusCode, 400, response.body);
          assert.ok(answer.status.code in errorCatalogue, answer.status.code);
          assert.equal(errorCatalogue[answer.status.code as ErrorCode].kind, 'request');
          assert.equal(answer[`${operation}Response`], null);
        }),
        { numRuns: 300 },
      );
    });
  }
});
