// ParcelShopFinderService findCities: the places of the directory whose postcode or name starts as
// the caller typed it, each postcode and name once, for an address form's suggestions.
import { formatMessage } from '../contract/error-catalogue.ts';
import type { CityData } from '../contract/parcel-shop-finder.ts';
import { DEFAULT_SEARCH_LIMIT, type FindCitiesData } from '../contract/parcel-shops.ts';
import { isCountry } from '../rules/reference-data.ts';
import { fail, succeed, type Outcome, type Session } from './outcome.ts';
import { countryNumOf } from './parcel-shop-answer.ts';
import { cityKey, postcodeKey } from './parcel-shop-keys.ts';
import type { Services } from './services.ts';

/** Shops read for one answer: enough for every place of a postcode area, bounded for a one-letter name. */
const MAX_ROWS = 2000;

/** findCities: `country`'s places by postcode prefix, else by name prefix; ordered as `order` asks. */
export async function findCities(services: Services, session: Session, request: FindCitiesData): Promise<Outcome<CityData[]>> {
  const refuse = (code: 'error_invalid_country' | 'error_parcel_shop_search_needs_place', path: string, value = '') =>
    fail<CityData[]>('ERR_INVALID_REQUEST', { reason: formatMessage(code, session.language, { path, value }) });
  if (!isCountry(request.country)) return refuse('error_invalid_country', 'country', request.country);
  const zipPrefix = postcodeKey(request.zipCode ?? '');
  const cityPrefix = cityKey(request.city ?? '');
  if (zipPrefix === '' && cityPrefix === '') return refuse('error_parcel_shop_search_needs_place', 'zipCode');
  const found = await services.parcelShops.parcelShopCities(request.country, zipPrefix !== '' ? { zipPrefix } : { cityPrefix }, MAX_ROWS);
  const places = new Map<string, { zipCode: string; city: string }>();
  for (const place of found) {
    const key = `${postcodeKey(place.zipCode)} ${cityKey(place.city)}`;
    if (cityPrefix !== '' && !cityKey(place.city).startsWith(cityPrefix)) continue;
    if (!places.has(key)) places.set(key, place);
  }
  const byZip = /zip/i.test(request.order ?? '');
  const sorted = [...places.values()].sort((a, b) =>
    byZip
      ? a.zipCode.localeCompare(b.zipCode) || a.city.localeCompare(b.city)
      : a.city.localeCompare(b.city) || a.zipCode.localeCompare(b.zipCode),
  );
  const countryNum = countryNumOf(request.country);
  return succeed(
    sorted
      .slice(0, request.limit ?? DEFAULT_SEARCH_LIMIT)
      .map((place) => ({ country: request.country, countryNum, zipCode: place.zipCode, name: place.city, town: place.city })),
  );
}
