// A depot directory file as `parcel-service depots import` takes it and `depots export` writes it
// (docs/depots.json; README "Depot directory"): `{"format": "parcel-service-depots/1", "depots": [...],
// "hubs": [...], "routes": [...]}`. Checked whole: every problem is named with its JSON path, and a
// file with any is refused. Keys the format does not name (`note`, `source`, …) are ignored.
import { isCountry } from '../../rules/reference-data.ts';
import type { DepotDirectoryData, DepotEntry, HubEntry, RouteEntry } from '../ports/depot-ports.ts';

/** The format a file names (`format`). */
export const DEPOT_FILE_FORMAT = 'parcel-service-depots/1';

/** The longest town name (the address fields' 35 characters). */
const MAX_TOWN = 35;
const CODE = /^[0-9A-Za-z]{4}$/;
const DIGITS = /^[0-9]{1,9}$/;

export type CheckedDepotDirectory =
  { readonly ok: true; readonly directory: DepotDirectoryData } | { readonly ok: false; readonly problems: readonly string[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The directory of a file's parsed JSON, or every problem in it (in English). */
export function checkDepotDirectory(json: unknown): CheckedDepotDirectory {
  const problems: string[] = [];
  if (!isObject(json)) return { ok: false, problems: ['the file must hold a JSON object with depots, hubs and routes'] };
  if (json.format !== DEPOT_FILE_FORMAT) problems.push(`format must be "${DEPOT_FILE_FORMAT}"`);
  const list = (key: string, required: boolean): unknown[] => {
    const value = json[key];
    if (value === undefined && !required) return [];
    if (!Array.isArray(value)) {
      problems.push(`${key} must be a list`);
      return [];
    }
    if (required && value.length === 0) problems.push(`${key} must name at least one entry`);
    return value;
  };
  const town = (path: string, value: unknown): string => {
    if (typeof value !== 'string' || value.trim() === '' || value.trim().length > MAX_TOWN) {
      problems.push(`${path} must be a town name of 1 to ${MAX_TOWN} characters`);
      return '';
    }
    return value.trim();
  };
  const country = (path: string, value: unknown): string => {
    const code = typeof value === 'string' ? value.toUpperCase() : '';
    if (!isCountry(code)) problems.push(`${path} must be an ISO 3166-1 alpha-2 country code`);
    return code;
  };

  const depots: DepotEntry[] = [];
  const codes = new Map<string, { readonly path: string; readonly country: string }>();
  list('depots', true).forEach((entry, i) => {
    const path = `depots[${i}]`;
    if (!isObject(entry)) return void problems.push(`${path} must be an object with code, town and country`);
    const code = typeof entry.code === 'string' && CODE.test(entry.code) ? entry.code : undefined;
    if (code === undefined) problems.push(`${path}.code must be 4 letters or digits, as sendingDepot`);
    const depot = { code: code ?? '', town: town(`${path}.town`, entry.town), country: country(`${path}.country`, entry.country) };
    if (code !== undefined) {
      const earlier = codes.get(code);
      if (earlier !== undefined) problems.push(`${path}.code ${code} is the code of ${earlier.path} too`);
      else codes.set(code, { path, country: depot.country });
    }
    depots.push(depot);
  });

  const hubs: HubEntry[] = [];
  const hubCountries = new Map<string, string>();
  list('hubs', false).forEach((entry, i) => {
    const path = `hubs[${i}]`;
    if (!isObject(entry)) return void problems.push(`${path} must be an object with country and depot or town`);
    const code = country(`${path}.country`, entry.country);
    const earlier = hubCountries.get(code);
    if (earlier !== undefined) problems.push(`${path}: ${code} has a hub already (${earlier})`);
    hubCountries.set(code, path);
    if ((entry.depot === undefined) === (entry.town === undefined)) return void problems.push(`${path} must name either depot or town`);
    if (entry.town !== undefined) return void hubs.push({ country: code, town: town(`${path}.town`, entry.town) });
    if (typeof entry.depot !== 'string' || !codes.has(entry.depot)) return void problems.push(`${path}.depot must be a code of depots`);
    hubs.push({ country: code, depot: entry.depot });
  });

  const routes: Array<RouteEntry & { readonly path: string }> = [];
  list('routes', false).forEach((entry, i) => {
    const path = `routes[${i}]`;
    if (!isObject(entry)) return void problems.push(`${path} must be an object with country, from, to and depot`);
    const code = country(`${path}.country`, entry.country);
    const { from, to, depot } = entry;
    if (typeof from !== 'string' || typeof to !== 'string' || !DIGITS.test(from) || !DIGITS.test(to) || from.length !== to.length) {
      return void problems.push(`${path}: from and to must be digit strings of one length (1 to 9 digits)`);
    }
    if (from > to) return void problems.push(`${path}: from ${from} is after to ${to}`);
    const found = typeof depot === 'string' ? codes.get(depot) : undefined;
    if (found === undefined) return void problems.push(`${path}.depot must be a code of depots`);
    if (found.country !== code) problems.push(`${path}.depot ${String(depot)} is a depot of ${found.country}, not ${code}`);
    routes.push({ country: code, from, to, depot: depot as string, path });
  });
  // One length per country, and no postcode in two ranges.
  const byCountry = new Map<string, Array<RouteEntry & { readonly path: string }>>();
  for (const route of routes) byCountry.set(route.country, [...(byCountry.get(route.country) ?? []), route]);
  for (const [code, list] of byCountry) {
    const lengths = new Set(list.map((route) => route.from.length));
    if (lengths.size > 1)
      problems.push(`routes of ${code} must all have bounds of one length (${[...lengths].join(' and ')} digits found)`);
    const sorted = [...list].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i].from.length === sorted[i - 1].to.length && sorted[i].from <= sorted[i - 1].to) {
        problems.push(`${sorted[i].path} overlaps ${sorted[i - 1].path} (${code} ${sorted[i].from}–${sorted[i - 1].to})`);
      }
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    directory: { depots, hubs, routes: routes.map(({ country: c, from, to, depot }) => ({ country: c, from, to, depot })) },
  };
}

/** A directory as the file holds it (what `depots export` writes): importable as it is. */
export function depotDirectoryFile(directory: DepotDirectoryData): Record<string, unknown> {
  return { format: DEPOT_FILE_FORMAT, depots: directory.depots, hubs: directory.hubs, routes: directory.routes };
}
