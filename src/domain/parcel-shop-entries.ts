// The entries of a parcel-shop directory file (`parcel-service shops import`), read as a JSON list by
// the command line: each decoded by the contract model and checked by the directory's rules, so a
// file is taken whole or refused with every problem named by its entry's path.
import { decode, type Violation } from '../contract/decode.ts';
import { formatMessage } from '../contract/error-catalogue.ts';
import { ParcelShopEntry, type ParcelShopEntryData } from '../contract/parcel-shops.ts';
import { checkParcelShopEntries } from '../rules/parcel-shops.ts';

export type CheckedParcelShops =
  { readonly ok: true; readonly shops: readonly ParcelShopEntryData[] } | { readonly ok: false; readonly problems: readonly string[] };

/** A search answer's entry without its `distance`, which belongs to the search, not to the shop. */
function withoutDistance(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || !Object.hasOwn(entry, 'distance')) return entry;
  const { distance: _distance, ...shop } = entry as Record<string, unknown>;
  return shop;
}

/** The shops of `list`, or every problem of it in English, entry by entry. */
export function checkParcelShops(list: readonly unknown[]): CheckedParcelShops {
  const paths = list.map((_, index) => `parcelShop[${index}]`);
  const violations: Violation[] = [];
  const entries = list.map((entry, index) => {
    const decoded = decode(ParcelShopEntry, withoutDistance(entry), { binding: 'rest', source: 'json' }, paths[index]);
    violations.push(...decoded.violations);
    return decoded.value;
  });
  // As for requests: a field the decoding already refused is not reported again by a rule that missed its value.
  const refused = new Set(violations.map((violation) => violation.path));
  violations.push(...checkParcelShopEntries(entries, paths).filter((violation) => !refused.has(violation.path)));
  if (violations.length === 0) return { ok: true, shops: entries as ParcelShopEntryData[] };
  // Entry by entry, as the file reads (the sort is stable: within an entry, the order found).
  const entryOf = (violation: Violation) => Number(/^parcelShop\[(\d+)\]/.exec(violation.path)?.[1] ?? 0);
  violations.sort((a, b) => entryOf(a) - entryOf(b));
  return { ok: false, problems: violations.map((v) => formatMessage(v.code, 'en_US', v.params)) };
}
