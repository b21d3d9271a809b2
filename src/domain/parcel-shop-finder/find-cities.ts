import type { CityData } from '../../contract/parcel-shop-finder-service.ts';
import { DEFAULT_SEARCH_LIMIT, type FindCitiesData } from '../../contract/parcel-shop-finder-service.ts';
import { isCountry } from '../../rules/reference-data.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { countryNumOf } from './parcel-shop-answer.ts';
import { cityKey, postcodeKey } from './parcel-shop-keys.ts';
import type { Dependencies } from '../dependencies.ts';
import { refuse } from '../core/invalid-request.ts';

/** Shops read for one answer: enough for every place of a postcode area, bounded for a one-letter name. */
const MAX_ROWS = 2000;

/** findCities: `country`'s places by postcode prefix, else by name prefix; ordered as `order` asks. */
export async function findCities(deps: Dependencies, session: Session, request: FindCitiesData): Promise<Outcome<CityData[]>> {
  if (!isCountry(request.country)) return refuse(session, 'error_invalid_country', { path: 'country', value: request.country });
  const zipPrefix = postcodeKey(request.zipCode ?? '');
  const cityPrefix = cityKey(request.city ?? '');
  if (zipPrefix === '' && cityPrefix === '') return refuse(session, 'error_parcel_shop_search_needs_place', { path: 'zipCode', value: '' });
  const found = await deps.parcelShops.parcelShopCities(request.country, zipPrefix !== '' ? { zipPrefix } : { cityPrefix }, MAX_ROWS);
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
