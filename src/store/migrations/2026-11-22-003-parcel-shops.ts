// The parcel-shop directory of ParcelShopFinderService: one row per shop, searched by coordinates
// (a box around the point) and by postcode or city within a country.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('parcel_shops')
    .addColumn('parcel_shop_id', 'bigint', (column) => column.primaryKey())
    .addColumn('country', 'text', (column) => column.notNull())
    .addColumn('zip_key', 'text', (column) => column.notNull())
    .addColumn('city_key', 'text', (column) => column.notNull())
    .addColumn('latitude', 'double precision', (column) => column.notNull())
    .addColumn('longitude', 'double precision', (column) => column.notNull())
    .addColumn('parcel_shop_delivery', 'integer', (column) => column.notNull())
    .addColumn('drop_off', 'integer', (column) => column.notNull())
    .addColumn('returns', 'integer', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .execute();
  // A geo search reads a band of latitudes and keeps the longitudes of its box from the index itself,
  // reading only the rows inside; an address search one country's postcode or city.
  await db.schema.createIndex('parcel_shops_position_idx').on('parcel_shops').columns(['latitude', 'longitude']).execute();
  await db.schema.createIndex('parcel_shops_zip_idx').on('parcel_shops').columns(['country', 'zip_key']).execute();
  await db.schema.createIndex('parcel_shops_city_idx').on('parcel_shops').columns(['country', 'city_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('parcel_shops').execute();
}
