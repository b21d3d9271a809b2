// Reads a parcel-shop directory file for `parcel-service shops import`: a JSON array of entries, or
// `{ "parcelShop": [...] }` as the searches answer, each in the directory's form or in the carrier's
// `parcelShop` form (domain/parcel-shop-finder/parcel-shop-carrier-form.ts). The entries are checked by the domain
// (domain/parcel-shop-finder/parcel-shop-entries.ts): a file is taken whole or refused with every problem named.
import { readFile, stat } from 'node:fs/promises';
import { checkParcelShops, type CheckedParcelShops } from '../domain/parcel-shop-finder/parcel-shop-entries.ts';

/** Larger files are refused before reading: a country's whole network fits many times over. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

const refuse = (...problems: string[]): CheckedParcelShops => ({ ok: false, problems });

/** The shops of a file's JSON text, or every problem in it (in English, each naming its entry's path). */
export function parseParcelShops(text: string): CheckedParcelShops {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refuse(`the file is not JSON: ${(error as Error).message}`);
  }
  const list = Array.isArray(json) ? json : (json as { parcelShop?: unknown } | null)?.parcelShop;
  if (!Array.isArray(list)) return refuse('the file must hold a JSON array of parcel shops, or an object whose parcelShop is one');
  if (list.length === 0) return refuse('the file holds no parcel shops');
  return checkParcelShops(list);
}

/** Reads and parses `path`: UTF-8, with or without a byte-order mark (as Windows editors save it). */
export async function readParcelShopFile(path: string): Promise<CheckedParcelShops> {
  let bytes: Buffer;
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES) return refuse(`${path} is larger than ${MAX_FILE_BYTES} bytes`);
    bytes = await readFile(path);
  } catch (error) {
    return refuse(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let text: string;
  try {
    // Fatal: a file in another encoding (Windows-1252) would otherwise import U+FFFD for every accented letter.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse(`${path} is not UTF-8 text`);
  }
  return parseParcelShops(text);
}
