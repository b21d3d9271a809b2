// Where a parcel's scans happen, by the depot directory (ports/depot-ports.ts): a depot by its code, a
// country's hub, and the delivery depot of a postcode. Built once per directory and kept, so a lookup
// costs a map read or a binary search.
import type { DepotDirectoryData, DepotEntry, RouteEntry } from '../ports/depot-ports.ts';
import { BUILT_IN_DEPOTS } from './built-in-depots.ts';
import type { JourneyPlace } from './journey-event.ts';

/** Lookups over one directory. */
export interface DepotLookup {
  /** The depot of a code (`sendingDepot`); undefined when the directory has none. */
  depot(code: string): JourneyPlace | undefined;
  /** The hub of a country; undefined when the directory names none (no hub scans there). */
  hub(country: string): JourneyPlace | undefined;
  /** The delivery depot of a country's postcode; undefined when no route covers it. */
  deliveryDepot(country: string, zipCode: string): JourneyPlace | undefined;
}

const placeOf = (depot: DepotEntry): JourneyPlace => Object.freeze({ town: depot.town, country: depot.country, depot: depot.code });

/** The digits of a postcode (`3011 AD` → `3011`, `L-1234` → `1234`). */
const digitsOf = (zipCode: string) => zipCode.replace(/[^0-9]/g, '');

function createLookup(data: DepotDirectoryData): DepotLookup {
  const depots = new Map(data.depots.map((depot) => [depot.code, placeOf(depot)]));
  const hubs = new Map<string, JourneyPlace>();
  for (const hub of data.hubs) {
    const place = hub.depot === undefined ? undefined : depots.get(hub.depot);
    if (place !== undefined) hubs.set(hub.country, place);
    else if (hub.town !== undefined) hubs.set(hub.country, Object.freeze({ town: hub.town, country: hub.country }));
  }
  const routes = new Map<string, RouteEntry[]>();
  for (const route of data.routes) routes.set(route.country, [...(routes.get(route.country) ?? []), route]);
  for (const list of routes.values()) list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return {
    depot: (code) => depots.get(code),
    hub: (country) => hubs.get(country),
    deliveryDepot(country, zipCode) {
      // Every range of a country has one length and none overlaps another (the import checks both):
      // the route is the last one starting at or before the postcode's leading digits.
      const list = routes.get(country);
      if (list === undefined) return undefined;
      const key = digitsOf(zipCode).slice(0, list[0].from.length);
      if (key.length < list[0].from.length) return undefined;
      let found: RouteEntry | undefined;
      for (let low = 0, high = list.length - 1; low <= high;) {
        const middle = (low + high) >> 1;
        if (list[middle].from <= key) {
          found = list[middle];
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      return found === undefined || key > found.to ? undefined : depots.get(found.depot);
    },
  };
}

const lookups = new WeakMap<DepotDirectoryData, DepotLookup>();

/** The lookups over `data` (the built-in directory without one), made once per directory. */
export function depotLookup(data: DepotDirectoryData = BUILT_IN_DEPOTS): DepotLookup {
  let lookup = lookups.get(data);
  if (lookup === undefined) {
    lookup = createLookup(data);
    lookups.set(data, lookup);
  }
  return lookup;
}
