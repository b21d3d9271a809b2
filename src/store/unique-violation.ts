// Recognises a unique-constraint violation from either driver, so repositories can turn it into a domain error.

/** PostgreSQL's SQLSTATE for unique_violation (Appendix A, "Class 23 — Integrity Constraint Violation"). */
const POSTGRES_UNIQUE_VIOLATION = '23505';

/** better-sqlite3's extended result code for a UNIQUE (or PRIMARY KEY) constraint failure. */
const SQLITE_UNIQUE_CODES: ReadonlySet<string> = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) {
    return false;
  }
  const code = String(error.code);
  return code === POSTGRES_UNIQUE_VIOLATION || SQLITE_UNIQUE_CODES.has(code);
}
