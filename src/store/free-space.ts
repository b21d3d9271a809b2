// Free space on the disk that holds a SQLite store (statfs of its directory), for the health check: a
// full disk makes every write fail while reads, and so a plain ping, still answer.
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Bytes available to the service's user where `sqlitePath` lives; undefined for an in-memory database. */
export async function freeSpaceOf(sqlitePath: string): Promise<number | undefined> {
  if (sqlitePath === ':memory:') return undefined;
  const stats = await statfs(dirname(sqlitePath));
  return stats.bavail * stats.bsize;
}
