// The parcel-shop directory on either database: the entry as JSON beside the columns searches use.
import type { Kysely } from 'kysely';
import { PARCEL_SHOP_SERVICES, type ParcelShopEntryData, type ParcelShopService } from '../contract/parcel-shop-finder-service.ts';
import { cityKey, postcodeKey } from '../domain/parcel-shop-finder/parcel-shop-keys.ts';
import type { GeoPoint, ParcelShopDirectory } from '../domain/ports/parcel-shop-ports.ts';
import { chunks } from './chunks.ts';
import { fromFlag, toFlag, toJson } from './column-values.ts';
import type { Database, ParcelShopsTable } from './schema.ts';

/** The characters a postcode key holds, in the order both databases sort them (digits before letters). */
const KEY_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The least key above every key starting with `prefix`, or undefined when there is none (all Zs):
 * a range the index can serve, where LIKE would depend on the column's collation.
 */
export function prefixUpperBound(prefix: string): string | undefined {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const next = KEY_ALPHABET.indexOf(prefix[i]) + 1;
    if (next > 0 && next < KEY_ALPHABET.length) return prefix.slice(0, i) + KEY_ALPHABET[next];
  }
  return undefined;
}

function rowOf(shop: ParcelShopEntryData): ParcelShopsTable {
  const services = new Set(shop.availableService ?? []);
  return {
    parcel_shop_id: shop.parcelShopId,
    country: shop.country,
    zip_key: postcodeKey(shop.zipCode),
    city_key: cityKey(shop.city),
    latitude: shop.latitude,
    longitude: shop.longitude,
    parcel_shop_delivery: toFlag(services.has('parcelShopDelivery')),
    drop_off: toFlag(services.has('dropOff')),
    returns: toFlag(services.has('returns')),
    data: toJson(shop),
  };
}

/** The columns an import replaces when the shop is already there: all but its id. */
const UPDATED_COLUMNS = Object.keys(
  rowOf({ parcelShopId: 1, company: '', street: '', country: '', zipCode: '', city: '', latitude: 0, longitude: 0 }),
).filter((column) => column !== 'parcel_shop_id') as Array<Exclude<keyof ParcelShopsTable, 'parcel_shop_id'>>;

const entryOf = (row: { data: string }) => JSON.parse(row.data) as ParcelShopEntryData;

/** The services a shop's row offers, from the flags rowOf wrote. */
function servicesOf(row: Pick<ParcelShopsTable, 'parcel_shop_delivery' | 'drop_off' | 'returns'>): ReadonlySet<ParcelShopService> {
  const flags = { parcelShopDelivery: row.parcel_shop_delivery, dropOff: row.drop_off, returns: row.returns } as const;
  return new Set(PARCEL_SHOP_SERVICES.filter((service) => fromFlag(flags[service])));
}

export function createParcelShopDirectory(db: Kysely<Database>): ParcelShopDirectory {
  return {
    async saveParcelShops(shops, options = {}) {
      await db.transaction().execute(async (trx) => {
        if (options.replace === true) await trx.deleteFrom('parcel_shops').execute();
        for (const chunk of chunks(shops)) {
          await trx
            .insertInto('parcel_shops')
            .values(chunk.map(rowOf))
            // A shop already there takes every column of its new row.
            .onConflict((conflict) =>
              conflict
                .column('parcel_shop_id')
                .doUpdateSet((eb) => Object.fromEntries(UPDATED_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)]))),
            )
            .execute();
        }
      });
    },

    async removeParcelShop(parcelShopId) {
      const result = await db.deleteFrom('parcel_shops').where('parcel_shop_id', '=', parcelShopId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findParcelShop(parcelShopId) {
      const row = await db.selectFrom('parcel_shops').select('data').where('parcel_shop_id', '=', parcelShopId).executeTakeFirst();
      return row === undefined ? undefined : entryOf(row);
    },

    async listParcelShops(country) {
      let query = db.selectFrom('parcel_shops').select('data').orderBy('parcel_shop_id');
      if (country !== undefined) query = query.where('country', '=', country);
      return (await query.execute()).map(entryOf);
    },

    async parcelShopsWithin(box, filter, maxRows) {
      let query = db
        .selectFrom('parcel_shops')
        .select('data')
        .where('latitude', '>=', box.minLatitude)
        .where('latitude', '<=', box.maxLatitude)
        .where('longitude', '>=', box.minLongitude)
        .where('longitude', '<=', box.maxLongitude);
      switch (filter.service) {
        case 'parcelShopDelivery':
          query = query.where('parcel_shop_delivery', '=', 1);
          break;
        case 'dropOff':
          query = query.where('drop_off', '=', 1);
          break;
        case 'returns':
          query = query.where('returns', '=', 1);
          break;
      }
      // In the position index's order, so a box holding more than maxRows shops answers the same
      // ones on both databases (without an order each returns rows as its plan meets them).
      const shops = (await query.orderBy('latitude').orderBy('longitude').orderBy('parcel_shop_id').limit(maxRows).execute()).map(entryOf);
      // The country is checked on the rows of the box, not in SQL: with an equality on country the
      // planner would walk the country's whole postcode index instead of the box.
      return filter.country === undefined ? shops : shops.filter((shop) => shop.country === filter.country);
    },

    async parcelShopPlaces(country, where) {
      let query = db.selectFrom('parcel_shops').select(['latitude', 'longitude']).where('country', '=', country);
      if (where.zipKey !== undefined) query = query.where('zip_key', '=', where.zipKey);
      if (where.cityKey !== undefined) query = query.where('city_key', '=', where.cityKey);
      if (where.zipPrefix !== undefined) {
        query = query.where('zip_key', '>=', where.zipPrefix);
        const upper = prefixUpperBound(where.zipPrefix);
        if (upper !== undefined) query = query.where('zip_key', '<', upper);
      }
      // In postcode order (the index's), so an area of more than 1,000 shops is placed by the same ones on both databases.
      const rows = await query.orderBy('zip_key').orderBy('parcel_shop_id').limit(1000).execute();
      return rows.map((row): GeoPoint => ({ latitude: row.latitude, longitude: row.longitude }));
    },

    async parcelShopCities(country, where, maxRows) {
      let query = db.selectFrom('parcel_shops').select('data').where('country', '=', country);
      if (where.zipPrefix !== undefined) {
        query = query.where('zip_key', '>=', where.zipPrefix);
        const upper = prefixUpperBound(where.zipPrefix);
        if (upper !== undefined) query = query.where('zip_key', '<', upper);
        query = query.orderBy('zip_key');
      } else if (where.cityPrefix !== undefined) {
        // From the prefix on in the city index; the rows that do not start with it are left out below.
        query = query.where('city_key', '>=', where.cityPrefix).orderBy('city_key');
      }
      const shops = (await query.orderBy('parcel_shop_id').limit(maxRows).execute()).map(entryOf);
      const prefix = where.cityPrefix;
      return shops
        .filter((shop) => prefix === undefined || cityKey(shop.city).startsWith(prefix))
        .map((shop) => ({ zipCode: shop.zipCode, city: shop.city }));
    },

    async knownParcelShops(ids) {
      // Ids start at 1: the condition lets the primary key answer where a bare `limit 1` reads the table.
      const any = await db.selectFrom('parcel_shops').select('parcel_shop_id').where('parcel_shop_id', '>', 0).limit(1).executeTakeFirst();
      if (any === undefined) return undefined;
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('parcel_shops')
        .select(['parcel_shop_id', 'parcel_shop_delivery', 'drop_off', 'returns'])
        .where('parcel_shop_id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((row) => [row.parcel_shop_id, servicesOf(row)]));
    },
  };
}
