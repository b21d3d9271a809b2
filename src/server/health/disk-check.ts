// The health check's look at the disk: a SQLite store on a disk with less than HEALTH_MIN_FREE_MB free
// takes the service out of rotation before its writes start failing with SQLITE_FULL. Looked at once
// a second at most, so that a flood of /health requests costs no more statfs calls than that.
const CACHE_MS = 1000;

/**
 * A check answering why the disk is unhealthy, or undefined. `freeSpace` says the free bytes
 * (undefined: no disk of ours to watch); 0 MB switches the check off.
 */
export function createDiskCheck(
  freeSpace: (() => Promise<number | undefined>) | undefined,
  minFreeMegabytes: number,
): () => Promise<string | undefined> {
  if (freeSpace === undefined || minFreeMegabytes === 0) return async () => undefined;
  const minFree = minFreeMegabytes * 1024 * 1024;
  let looked: { at: number; problem: Promise<string | undefined> } | undefined;
  const look = async (): Promise<string | undefined> => {
    try {
      const free = await freeSpace();
      return free === undefined || free >= minFree ? undefined : `the disk of the database has less than ${minFreeMegabytes} MB free`;
    } catch {
      return 'the free space of the database disk cannot be read';
    }
  };
  return () => {
    const now = performance.now();
    if (looked === undefined || now - looked.at >= CACHE_MS) looked = { at: now, problem: look() };
    return looked.problem;
  };
}
