// The parcel-shop directory ParcelShopFinderService searches, and the PSD orders' shops are checked
// against: one per environment, filled by the operator.
import type { ParcelShopEntryData, ParcelShopService } from '../../contract/parcel-shop-finder-service.ts';

/** Degrees of latitude and longitude (WGS 84). */
export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** A search box: latitudes south to north, longitudes west to east (never across the 180° meridian). */
export interface GeoBox {
  readonly minLatitude: number;
  readonly maxLatitude: number;
  readonly minLongitude: number;
  readonly maxLongitude: number;
}

/** How a search narrows the directory besides the box. */
export interface ParcelShopFilter {
  readonly service?: ParcelShopService;
  readonly country?: string;
}

/**
 * The parcel-shop directory (ParcelShopFinderService): one per environment, shared by every account,
 * filled by the operator (`parcel-service shops import`).
 */
export interface ParcelShopDirectory {
  /** Stores `shops` in one transaction, each replacing the entry of its id; `replace` removes every other entry. */
  saveParcelShops(shops: readonly ParcelShopEntryData[], options?: { readonly replace?: boolean }): Promise<void>;
  /** Removes one shop; false when there was none. */
  removeParcelShop(parcelShopId: number): Promise<boolean>;
  /** One shop by its id; undefined when the directory has none of that id. */
  findParcelShop(parcelShopId: number): Promise<ParcelShopEntryData | undefined>;
  /** Every shop by id, optionally of one country. */
  listParcelShops(country?: string): Promise<ParcelShopEntryData[]>;
  /** At most `maxRows` shops inside `box` that pass `filter`. */
  parcelShopsWithin(box: GeoBox, filter: ParcelShopFilter, maxRows: number): Promise<ParcelShopEntryData[]>;
  /**
   * Where `country`'s shops with this postcode key (`zipKey`), postcode key prefix (`zipPrefix`) or
   * city key (`cityKey`) are (parcel-shop-keys.ts makes the keys).
   */
  parcelShopPlaces(
    country: string,
    where: { readonly zipKey?: string; readonly zipPrefix?: string; readonly cityKey?: string },
  ): Promise<GeoPoint[]>;
  /**
   * The postcodes and city names of `country`'s shops whose postcode key starts with `zipPrefix` or whose
   * city key starts with `cityPrefix`, in key order, from at most `maxRows` shops (findCities).
   */
  parcelShopCities(
    country: string,
    where: { readonly zipPrefix?: string; readonly cityPrefix?: string },
    maxRows: number,
  ): Promise<Array<{ readonly zipCode: string; readonly city: string }>>;
  /** Which of `ids` the directory has, each with the services it offers; undefined while the directory is empty. */
  knownParcelShops(ids: readonly number[]): Promise<ReadonlyMap<number, ReadonlySet<ParcelShopService>> | undefined>;
}
