// The parcel-shop directory over every store: entries kept whole and replaced by id, the directory
// replaced in one go, the box and filter of a geo search, postcode and city places, the known ids
// with their services —
// and the postcode-prefix range both databases' collations agree on.
import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import type { ParcelShopEntryData } from '../../src/contract/parcel-shop-finder-service.ts';
import { cityKey, postcodeKey } from '../../src/domain/parcel-shop-finder/parcel-shop-keys.ts';
import { prefixUpperBound } from '../../src/store/parcel-shop-directory.ts';
import { forEachStore } from '../support/databases.ts';

const entry = (
  parcelShopId: number,
  zipCode: string,
  city: string,
  latitude: number,
  longitude: number,
  more: Partial<ParcelShopEntryData> = {},
): ParcelShopEntryData => ({
  parcelShopId,
  company: `Shop ${parcelShopId}`,
  street: 'Straat',
  country: 'NL',
  zipCode,
  city,
  latitude,
  longitude,
  ...more,
});
const WHOLE_WORLD = { minLatitude: -90, maxLatitude: 90, minLongitude: -180, maxLongitude: 180 };
const ids = (shops: readonly ParcelShopEntryData[]) => shops.map((s) => s.parcelShopId).sort((a, b) => a - b);

forEachStore('parcel-shop directory', ({ store }) => {
  test('is empty at first: no known ids, nothing found', async () => {
    const directory = store().parcelShops;
    assert.equal(await directory.knownParcelShops([1, 2]), undefined);
    assert.deepEqual(await directory.parcelShopsWithin(WHOLE_WORLD, {}, 10), []);
  });

  test('keeps entries whole, replaces one by its id, and knows which ids it has', async () => {
    const directory = store().parcelShops;
    const first = entry(1, '1012LG', 'Amsterdam', 52.3752, 4.8966, {
      houseNo: '1',
      availableService: ['dropOff'],
      openingHours: [{ day: 1, fromTime1: 900, toTime1: 1230, fromTime2: 1330, toTime2: 1800 }],
      holiday: [{ dateFrom: 20261224, dateTo: 20261226 }],
    });
    await directory.saveParcelShops([first, entry(2, '1099ZZ', 'Amsterdam', 52.35, 4.95), entry(3, '10A000', 'Elders', 52.0, 5.0)]);
    assert.deepEqual(await directory.listParcelShops(), [
      first,
      entry(2, '1099ZZ', 'Amsterdam', 52.35, 4.95),
      entry(3, '10A000', 'Elders', 52.0, 5.0),
    ]);
    await directory.saveParcelShops([entry(3, '1100AA', 'Diemen', 52.34, 4.96, { country: 'NL', availableService: ['returns'] })]);
    assert.equal((await directory.listParcelShops()).find((s) => s.parcelShopId === 3)?.city, 'Diemen');
    const known = (await directory.knownParcelShops([3, 4, 1, 3]))!;
    assert.deepEqual([...known.keys()].sort(), [1, 3]);
    assert.deepEqual([...known.get(1)!], ['dropOff']);
    assert.deepEqual([...known.get(3)!], ['returns']);
    await directory.saveParcelShops([
      entry(2, '1099ZZ', 'Amsterdam', 52.35, 4.95, { availableService: ['returns', 'parcelShopDelivery'] }),
    ]);
    assert.deepEqual([...(await directory.knownParcelShops([2]))!.get(2)!].sort(), ['parcelShopDelivery', 'returns']);
    await directory.saveParcelShops([entry(2, '1099ZZ', 'Amsterdam', 52.35, 4.95)]);
  });

  test('selects a box, by service and by country', async () => {
    const directory = store().parcelShops;
    const amsterdam = { minLatitude: 52.3, maxLatitude: 52.4, minLongitude: 4.8, maxLongitude: 4.96 };
    assert.deepEqual(ids(await directory.parcelShopsWithin(amsterdam, {}, 10)), [1, 2, 3]);
    assert.deepEqual(ids(await directory.parcelShopsWithin({ ...amsterdam, maxLongitude: 4.9 }, {}, 10)), [1]);
    assert.deepEqual(ids(await directory.parcelShopsWithin(amsterdam, { service: 'returns' }, 10)), [3]);
    assert.deepEqual(ids(await directory.parcelShopsWithin(amsterdam, { service: 'parcelShopDelivery' }, 10)), []);
    assert.deepEqual(ids(await directory.parcelShopsWithin(amsterdam, { country: 'BE' }, 10)), []);
    assert.equal((await directory.parcelShopsWithin(amsterdam, {}, 2)).length, 2);
  });

  test('places a postcode, a postcode area (a key range) and a city', async () => {
    const directory = store().parcelShops;
    assert.deepEqual(await directory.parcelShopPlaces('NL', { zipKey: '1012LG' }), [{ latitude: 52.3752, longitude: 4.8966 }]);
    // 109… holds 1099ZZ and not 1100AA; 10… holds both and 1012LG.
    assert.deepEqual(await directory.parcelShopPlaces('NL', { zipPrefix: '109' }), [{ latitude: 52.35, longitude: 4.95 }]);
    assert.equal((await directory.parcelShopPlaces('NL', { zipPrefix: '10' })).length, 2);
    assert.equal((await directory.parcelShopPlaces('NL', { zipPrefix: '1' })).length, 3);
    assert.equal((await directory.parcelShopPlaces('BE', { zipPrefix: '1' })).length, 0);
    assert.equal((await directory.parcelShopPlaces('NL', { cityKey: 'AMSTERDAM' })).length, 2);
  });

  test('removes a shop, and becomes exactly a new list when replaced', async () => {
    const directory = store().parcelShops;
    assert.equal(await directory.removeParcelShop(2), true);
    assert.equal(await directory.removeParcelShop(2), false);
    await directory.saveParcelShops([entry(9, '3511AA', 'Utrecht', 52.09, 5.12)], { replace: true });
    assert.deepEqual(ids(await directory.listParcelShops()), [9]);
    assert.deepEqual(ids(await directory.listParcelShops('BE')), []);
  });
});

describe('parcel-shop keys', () => {
  it('compares postcodes without spaces, dashes or case', () => {
    assert.equal(postcodeKey('1012 lg'), '1012LG');
    assert.equal(postcodeKey('00-950'), '00950');
  });

  it('compares cities without accents, punctuation, case or extra spaces', () => {
    assert.equal(cityKey('  Den   Haag '), 'DEN HAAG');
    assert.equal(cityKey('den-haag'), 'DEN HAAG');
    assert.equal(cityKey('Łódź'), 'LODZ');
    assert.equal(cityKey('Köln'), cityKey('Koln'));
    assert.equal(cityKey('Θεσσαλονίκη'), 'ΘΕΣΣΑΛΟΝΙΚΗ');
  });

  it('bounds a postcode prefix within the key alphabet', () => {
    assert.equal(prefixUpperBound('AB'), 'AC');
    assert.equal(prefixUpperBound('19'), '1A');
    assert.equal(prefixUpperBound('1Z'), '2');
    assert.equal(prefixUpperBound('ZZ'), undefined);
  });
});
