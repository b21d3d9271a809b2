import {
  DEFAULT_SEARCH_LIMIT,
  type FindParcelShopsByGeoDataData,
  type FindParcelShopsData,
  type ParcelShopEntryData,
  type ParcelShopService,
} from '../../contract/parcel-shop-finder-service.ts';
import { dateInZone, weekday } from '../../rules/calendar.ts';
import { readDateText } from '../../contract/schema/calendar-date.ts';
import { isCountry } from '../../rules/reference-data.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { cityKey, postcodeKey } from './parcel-shop-keys.ts';
import type { GeoBox, GeoPoint, ParcelShopDirectory } from '../ports/parcel-shop-ports.ts';
import type { Dependencies } from '../dependencies.ts';
import { refuse } from '../core/invalid-request.ts';

/** A shop found, with its distance in km from the point searched from (two decimals). */
export type FoundParcelShop = ParcelShopEntryData & { readonly distance: number };

/** Search radii in km: the first whose circle holds `limit` shops answers; nothing beyond the last. */
export const SEARCH_RADII_KM: readonly number[] = Object.freeze([1, 2, 5, 10, 20, 50, 100, 200]);
/** Rows one box may bring back; far above what a radius holding fewer than `limit` shops can have. */
const MAX_ROWS = 10_000;
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A box holding every point within `radiusKm` of `center` (a little more, never less). Near a pole or
 * across the 180° meridian it spans every longitude: correct, and rare enough not to be worth two boxes.
 */
export function boxAround(center: GeoPoint, radiusKm: number): GeoBox {
  const dLat = radiusKm / KM_PER_DEGREE;
  const minLatitude = Math.max(-90, center.latitude - dLat);
  const maxLatitude = Math.min(90, center.latitude + dLat);
  const widest = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const cos = Math.cos(radians(widest));
  const dLon = cos < 0.01 ? 360 : (dLat / cos) * 1.01;
  if (center.longitude - dLon < -180 || center.longitude + dLon > 180) {
    return { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: 180 };
  }
  return { minLatitude, maxLatitude, minLongitude: center.longitude - dLon, maxLongitude: center.longitude + dLon };
}

/** Closed on `date` (YYYYMMDD): in a holiday, or on a weekday its opening hours leave out. */
export function isClosedOn(shop: ParcelShopEntryData, date: number): boolean {
  if (shop.holiday?.some((holiday) => holiday.dateFrom <= date && date <= holiday.dateTo)) return true;
  const hours = shop.openingHours;
  if (hours === undefined || hours.length === 0) return false;
  const day = weekday(date);
  return !hours.some((entry) => entry.day === day);
}

interface Search {
  readonly limit: number;
  /** Only shops offering every one of these. */
  readonly services: readonly ParcelShopService[];
  /** Only shops of this country (address searches). */
  readonly country?: string;
  /** Only shops of these countries (`searchCountry`), when given. */
  readonly countries?: ReadonlySet<string>;
  /** YYYYMMDD: leave out shops closed that day. */
  readonly openOn?: number;
}

/** Whether a shop found in the box passes the filters SQL did not apply. */
function passes(shop: ParcelShopEntryData, search: Search): boolean {
  if (search.countries !== undefined && !search.countries.has(shop.country)) return false;
  if (search.openOn !== undefined && isClosedOn(shop, search.openOn)) return false;
  return search.services.every((service) => shop.availableService?.includes(service) === true);
}

/** The `limit` shops nearest to `center` within the largest radius, nearest first (ties by id). */
async function nearest(directory: ParcelShopDirectory, center: GeoPoint, search: Search): Promise<FoundParcelShop[]> {
  let found: Array<{ shop: FoundParcelShop; exact: number }> = [];
  for (const radius of SEARCH_RADII_KM) {
    const rows = await directory.parcelShopsWithin(
      boxAround(center, radius),
      { service: search.services[0], country: search.country },
      MAX_ROWS,
    );
    found = [];
    for (const shop of rows) {
      const distance = distanceKm(center, shop);
      if (distance > radius) continue;
      if (!passes(shop, search)) continue;
      found.push({ shop: { ...shop, distance: Math.round(distance * 100) / 100 }, exact: distance });
    }
    if (found.length >= search.limit) break;
  }
  // By the exact distance: two shops 2.695 and 2.698 km away both answer 2.7, yet the nearer comes first.
  found.sort((a, b) => a.exact - b.exact || a.shop.parcelShopId - b.shop.parcelShopId);
  return found.slice(0, search.limit).map((entry) => entry.shop);
}

function searchOf(
  deps: Dependencies,
  session: Session,
  request: FindParcelShopsByGeoDataData | FindParcelShopsData,
  country?: string,
): Search {
  const asked = (request.services?.service ?? []).filter((entry) => entry.available).map((entry) => entry.code);
  const wanted = [...(request.availableService === undefined ? [] : [request.availableService]), ...asked] as ParcelShopService[];
  const openOn =
    request.availabilityDate !== undefined
      ? readDateText(request.availabilityDate)
      : request.hideClosed === true
        ? dateInZone(session.clock.now(), deps.settings.timeZone)
        : undefined;
  return {
    limit: request.limit ?? DEFAULT_SEARCH_LIMIT,
    services: [...new Set(wanted)],
    country,
    countries: request.searchCountry === undefined || request.searchCountry.length === 0 ? undefined : new Set(request.searchCountry),
    openOn,
  };
}

/** findParcelShopsByGeoData: the shops nearest to the point ("closed today" by the caller's clock). */
export async function findParcelShopsByGeoData(
  deps: Dependencies,
  session: Session,
  request: FindParcelShopsByGeoDataData,
): Promise<FoundParcelShop[]> {
  return nearest(deps.parcelShops, { latitude: request.latitude, longitude: request.longitude }, searchOf(deps, session, request));
}

/** A longitude moved by at most one turn into -180…180. */
const onMap = (longitude: number) => (longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude);

/**
 * The middle of `points`. Longitudes are averaged as offsets from the first point, each the short
 * way round: shops at 179.99° and -179.99° (Taveuni, Fiji) lie 0.02° apart around 180°, where a plain
 * mean put their place at 0°, half the world away, and the search found nothing.
 */
function centreOf(points: readonly GeoPoint[]): GeoPoint {
  const reference = points[0].longitude;
  const offset = points.reduce((sum, p) => sum + onMap(p.longitude - reference), 0) / points.length;
  return {
    latitude: points.reduce((sum, p) => sum + p.latitude, 0) / points.length,
    longitude: onMap(reference + offset),
  };
}

/**
 * Where the address is, from the directory's shops of the same country: those of its postcode, else
 * of its postcode area (the longest prefix of three or more characters shared), else of its city,
 * else of a two-character postcode prefix. Undefined when none matches.
 */
async function placeOf(
  directory: ParcelShopDirectory,
  request: Pick<FindParcelShopsData, 'country' | 'zipCode' | 'city'>,
): Promise<GeoPoint | undefined> {
  const zip = request.zipCode === undefined ? '' : postcodeKey(request.zipCode);
  const city = request.city === undefined ? '' : cityKey(request.city);
  const attempts: Array<{ zipKey?: string; zipPrefix?: string; cityKey?: string }> = [];
  if (zip !== '') attempts.push({ zipKey: zip });
  // The longest shared prefix, the postcode itself first: "1012" finds the shops of 1012LG.
  for (let length = zip.length; length >= 3; length--) attempts.push({ zipPrefix: zip.slice(0, length) });
  if (city !== '') attempts.push({ cityKey: city });
  if (zip.length >= 2) attempts.push({ zipPrefix: zip.slice(0, 2) });
  for (const where of attempts) {
    const places = await directory.parcelShopPlaces(request.country, where);
    if (places.length > 0) return centreOf(places);
  }
  return undefined;
}

/** findParcelShops: the shops of the address's country nearest to where its postcode or city is. */
export async function findParcelShops(
  deps: Dependencies,
  session: Session,
  request: FindParcelShopsData,
): Promise<Outcome<FoundParcelShop[]>> {
  if (!isCountry(request.country)) return refuse(session, 'error_invalid_country', { path: 'country', value: request.country });
  if (postcodeKey(request.zipCode ?? '') === '' && cityKey(request.city ?? '') === '')
    return refuse(session, 'error_parcel_shop_search_needs_place', { path: 'zipCode', value: '' });
  const place = await placeOf(deps.parcelShops, request);
  if (place === undefined) return succeed([]);
  return succeed(await nearest(deps.parcelShops, place, searchOf(deps, session, request, request.country)));
}

/**
 * The shop nearest to an address that offers `service`, found as findParcelShops finds shops (the
 * directory's shops of its postcode, area or city, in its country); undefined when there is none.
 */
export async function nearestParcelShop(
  directory: ParcelShopDirectory,
  address: { readonly country: string; readonly zipCode: string; readonly city: string },
  service: ParcelShopService,
): Promise<ParcelShopEntryData | undefined> {
  const place = await placeOf(directory, address);
  if (place === undefined) return undefined;
  const [shop] = await nearest(directory, place, { limit: 1, services: [service], country: address.country });
  return shop;
}
