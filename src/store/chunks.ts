// Splits long lists so no statement binds more parameters than the databases allow.

/**
 * Rows per multi-row insert or values per `in (...)` list: well below SQLite's 32766 and PostgreSQL's
 * 65535 bound parameters, even for the widest row.
 */
export const CHUNK_SIZE = 500;

export function chunks<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}
