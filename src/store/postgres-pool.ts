// The pg connection pool the PostgreSQL dialect runs on.
import pg from 'pg';

const INT8_OID = pg.types.builtins.INT8;

/**
 * bigint columns (epoch milliseconds, ids, serials, `count(*)`) come back as numbers, as they do from
 * SQLite, instead of pg's default strings. Every value we store fits in 2^53; anything that would not is
 * an error rather than a silently rounded number.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`bigint ${text} does not fit a JavaScript number`);
  }
  return value;
}

const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => (oid === INT8_OID && format !== 'binary' ? parseInt8 : (pg.types.getTypeParser(oid, format) as unknown)),
};

/** A pool of at most `max` connections to `connectionString`; a connection not had within `connectTimeoutMs` fails. */
export function createPostgresPool(connectionString: string, max: number, connectTimeoutMs: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types, connectionTimeoutMillis: connectTimeoutMs });
  // An idle connection that breaks (server restart, network) is dropped by the pool and the next query
  // opens a new one; without a listener the 'error' event would end the process.
  pool.on('error', () => {});
  // One that breaks while a request holds it (mid-transaction) is the client's own 'error' event,
  // which the pool listens to only while the client is idle: unheard, it ended the process and every
  // request in it. The query in flight is rejected all the same, and the pool drops the client when
  // it is released (no longer queryable).
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
