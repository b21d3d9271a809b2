// Which shops a search cut short by its row limit answers must not depend on the database's plan:
// both stores take the same rows, in the order of the directory's position index.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ParcelShopEntryData } from '../../src/contract/parcel-shop-finder-service.ts';
import { forEachStore } from '../support/databases.ts';

const entry = (parcelShopId: number, zipCode: string, latitude: number, longitude: number): ParcelShopEntryData => ({
  parcelShopId,
  company: `Shop ${parcelShopId}`,
  street: 'Straat',
  country: 'NL',
  zipCode,
  city: 'Amsterdam',
  latitude,
  longitude,
});
const BOX = { minLatitude: 52.3, maxLatitude: 52.4, minLongitude: 4.8, maxLongitude: 5.0 };

forEachStore('parcel-shop searches at their row limit', ({ store }) => {
  test('a box with more shops than asked for answers the southernmost, west first, then by id', async () => {
    // Stored north to south, so the table's own order is the opposite of the index's.
    await store().parcelShops.saveParcelShops([
      entry(5, '1012AA', 52.39, 4.9),
      entry(4, '1012AB', 52.38, 4.9),
      entry(3, '1012AC', 52.31, 4.95),
      entry(2, '1012AD', 52.31, 4.9),
      entry(1, '1012AE', 52.31, 4.9),
    ]);
    const found = await store().parcelShops.parcelShopsWithin(BOX, {}, 3);
    assert.deepEqual(
      found.map((shop) => shop.parcelShopId),
      [1, 2, 3],
    );
  });

  test('a postcode area with more shops than the limit is placed by the same ones', async () => {
    // 1,200 shops of 1013…, stored from the highest postcode down; the first 1,000 by postcode are
    // those up to 1013-1000, which lie west of the other 200.
    const shops = Array.from({ length: 1200 }, (_, i) =>
      entry(100 + i, `1013${String(1199 - i).padStart(4, '0')}`, 52.35, i < 200 ? 4.99 : 4.81),
    );
    await store().parcelShops.saveParcelShops(shops);
    const places = await store().parcelShops.parcelShopPlaces('NL', { zipPrefix: '1013' });
    assert.equal(places.length, 1000);
    assert.deepEqual(new Set(places.map((place) => place.longitude)), new Set([4.81]));
  });
});
