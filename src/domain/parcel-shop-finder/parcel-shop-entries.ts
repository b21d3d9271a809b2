// The entries of a parcel-shop directory file (`parcel-service shops import`), read as a JSON list by
// the command line: each in the directory's form or the carrier's (parcel-shop-carrier-form.ts),
// decoded by the contract model and checked by the directory's rules, so a file is taken whole or
// refused with every problem named by its entry's path.
import { decode, type Violation } from '../../contract/schema/decode.ts';
import { formatMessage } from '../../contract/error-catalogue.ts';
import { ParcelShopEntry, type ParcelShopEntryData } from '../../contract/parcel-shop-finder-service.ts';
import { checkParcelShopEntries } from '../../rules/parcel-shop-entry-rules.ts';
import { atCarrierPath, fromCarrierForm, isCarrierForm } from './parcel-shop-carrier-form.ts';

export type CheckedParcelShops =
  { readonly ok: true; readonly shops: readonly ParcelShopEntryData[] } | { readonly ok: false; readonly problems: readonly string[] };

/** The index of the entry a violation is about. */
const entryOf = (violation: Violation) => Number(/^parcelShop\[(\d+)\]/.exec(violation.path)?.[1] ?? 0);

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
  // Entries in the carrier's form are read into the directory's; their problems are named by the carrier's paths.
  const carrierForm = list.map(isCarrierForm);
  const entries = list.map((entry, index) => {
    let shop = withoutDistance(entry);
    // A value the carrier's form could not be read from is reported once: not again as missing.
    let unread: ReadonlySet<string> = new Set();
    if (carrierForm[index]) {
      const read = fromCarrierForm(shop as Readonly<Record<string, unknown>>, paths[index]);
      violations.push(...read.violations);
      unread = new Set(read.violations.map((found) => found.path));
      shop = read.entry;
    }
    const decoded = decode(ParcelShopEntry, shop, { binding: 'rest', source: 'json' }, paths[index]);
    const found = carrierForm[index] ? decoded.violations.map(atCarrierPath) : decoded.violations;
    violations.push(...found.filter((problem) => !unread.has(problem.path)));
    return decoded.value;
  });
  // As for requests: a field the decoding already refused is not reported again by a rule that missed its value.
  const refused = new Set(violations.map((violation) => violation.path));
  const ruled = checkParcelShopEntries(entries, paths).map((found) => (carrierForm[entryOf(found)] ? atCarrierPath(found) : found));
  violations.push(...ruled.filter((violation) => !refused.has(violation.path)));
  if (violations.length === 0) return { ok: true, shops: entries as ParcelShopEntryData[] };
  // Entry by entry, as the file reads (the sort is stable: within an entry, the order found).
  violations.sort((a, b) => entryOf(a) - entryOf(b));
  return { ok: false, problems: violations.map((v) => formatMessage(v.code, 'en_US', v.params)) };
}
