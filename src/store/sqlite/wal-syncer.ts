// fdatasync of a SQLite WAL file, where it costs least: on the event loop while the disk syncs fast,
// on libuv's thread pool while it does not (docs/performance.md, "Why the code is shaped as it is").
import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

/** Syncs slower than this on average are made off the event loop. */
export const LOOP_SYNC_LIMIT_MS = 1;
/** How long syncs stay off the loop once they were slow, before one is tried on it again. */
export const OFF_LOOP_PERIOD_MS = 1000;

export interface SyncPolicy {
  /** Whether the next sync runs on the event loop. */
  onLoop(): boolean;
  /** Reports how long a sync made on the loop took. */
  record(durationMs: number): void;
}

/**
 * Syncs run on the loop while their moving average (weight 1/4 for the newest) stays at or under
 * `limitMs`; past it, the next `offLoopMs` of syncs run off the loop, then one on the loop starts a
 * new average. A slow disk thus costs the loop at most one slow sync per `offLoopMs`.
 */
export function createSyncPolicy(options: { limitMs?: number; offLoopMs?: number; now?: () => number } = {}): SyncPolicy {
  const { limitMs = LOOP_SYNC_LIMIT_MS, offLoopMs = OFF_LOOP_PERIOD_MS, now = () => performance.now() } = options;
  let average: number | undefined;
  let offLoopUntil = -Infinity;
  return {
    onLoop: () => now() >= offLoopUntil,
    record(durationMs) {
      average = average === undefined ? durationMs : average + (durationMs - average) / 4;
      if (average > limitMs) {
        offLoopUntil = now() + offLoopMs;
        average = undefined;
      }
    },
  };
}

export interface WalSyncer {
  /** Resolves once everything written to the file before the call is on stable storage. */
  sync(): Promise<void>;
  /** Set once an fdatasync has failed: every later sync is refused with it. */
  readonly failure: Error | undefined;
  close(): Promise<void>;
}

/** Syncs `walPath`; off the loop at most one sync runs and one waits. The file stays open between syncs. */
export function createWalSyncer(walPath: string, policy: SyncPolicy = createSyncPolicy()): WalSyncer {
  // A plain descriptor and the callback API: a FileHandle's promise plumbing cost more than the sync.
  let fd: number | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  // Once an fdatasync fails, none may succeed again: Linux reports a failed write-back once and marks
  // the pages clean, so a later sync would succeed without the lost frames, and the frames committed
  // after them would be acknowledged yet unreadable after a crash (WAL recovery stops at the gap).
  // Only reopening the database, which reads the WAL as it is on disk, starts afresh.
  let failure: Error | undefined;
  const failed = (error: unknown): Error => {
    failure ??= new Error(`fdatasync of ${walPath} failed; no write can be made durable until the database is opened again`, {
      cause: error,
    });
    return error as Error;
  };

  const closeDescriptor = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
  const descriptor = () => (fd ??= openSync(walPath, 'r+'));

  const syncOnLoop = (): Promise<void> => {
    let file: number;
    try {
      file = descriptor();
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the system error of opening the file, as thrown
      return Promise.reject(error);
    }
    try {
      const started = performance.now();
      fdatasyncSync(file);
      policy.record(performance.now() - started);
      return Promise.resolve();
    } catch (error) {
      closeDescriptor();
      return Promise.reject(failed(error));
    }
  };

  const syncOffLoop = () =>
    new Promise<void>((resolve, reject) => {
      let file: number;
      try {
        file = descriptor();
      } catch (error) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the system error of opening the file, as thrown
        reject(error);
        return;
      }
      fdatasync(file, (error) => {
        if (error === null) {
          resolve();
          return;
        }
        closeDescriptor();
        reject(failed(error));
      });
    });

  function sync(): Promise<void> {
    if (failure !== undefined) return Promise.reject(failure);
    // On the loop a sync covers everything written before it, one running off the loop included.
    if (policy.onLoop()) return syncOnLoop();
    if (running === undefined) {
      running = syncOffLoop().finally(() => {
        running = undefined;
      });
      return running;
    }
    // The running sync may have started before the caller's commit: wait for the one after it.
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  }

  return {
    sync,
    get failure() {
      return failure;
    },
    async close() {
      await running?.catch(() => {});
      await next?.catch(() => {});
      closeDescriptor();
    },
  };
}
