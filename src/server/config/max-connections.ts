// MAX_CONNECTIONS, bounded by the process's open-file limit.
import { ConfigError, integer, type Env } from './environment-variables.ts';

/** Open files the server keeps for itself beside its connections: database, WAL, worker threads, logs. */
const RESERVED_FILES = 256;

/** MAX_CONNECTIONS: below the open-file limit by RESERVED_FILES, so that a full house never leaves the service without a file handle. */
export function maxConnections(env: Env, openFileLimit: number | undefined): number {
  const ceiling = openFileLimit === undefined ? 1_000_000 : openFileLimit - RESERVED_FILES;
  if (ceiling < 16)
    throw new ConfigError(`the open-file limit (ulimit -n) is ${openFileLimit}; the service needs at least ${RESERVED_FILES + 16}`);
  const value = integer(env, 'MAX_CONNECTIONS', 16, 1_000_000, Math.min(10_000, ceiling));
  if (value > ceiling)
    throw new ConfigError(
      `MAX_CONNECTIONS must be at most ${ceiling}, the open-file limit (ulimit -n, ${openFileLimit}) less ${RESERVED_FILES} the service keeps for itself; got ${value}`,
    );
  return value;
}
