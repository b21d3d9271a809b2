// WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside the commit that
// crosses the threshold, so that one request waits while pages are copied into a large database
// file. Instead, a worker thread with a connection of its own (checkpointer-worker.ts) checkpoints
// on a timer; PASSIVE checkpoints never wait for readers or writers (sqlite.org/wal.html#ckpt).
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../threads/start-worker.ts';

/** What the checkpointer's worker thread is started with. */
export interface CheckpointerData {
  /** The SQLite file whose WAL is checkpointed. */
  readonly path: string;
  /** How long a checkpoint waits for another connection's lock, in ms. */
  readonly busyTimeoutMs: number;
  /** Time between checkpoints, in ms. */
  readonly intervalMs: number;
}

export interface Checkpointer {
  /** A last checkpoint, then the worker ends. */
  close(): Promise<void>;
  /** Settles when the worker thread has ended: after close(), or on its own (its file gone). */
  readonly ended: Promise<void>;
}

/**
 * Checkpoints `path`'s WAL every `intervalMs` (default 1 s) from a worker thread. The thread starts
 * when the first checkpoint is due: a store open for less (a command, a test) needs none, and where
 * the code runs from source each thread first loads a TypeScript loader of its own.
 */
export function startCheckpointer(path: string, busyTimeoutMs: number, intervalMs = 1000): Checkpointer {
  let worker: Worker | undefined;
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const timer = setTimeout(() => {
    const started = startWorker(import.meta.url, 'checkpointer-worker', { path, busyTimeoutMs, intervalMs } satisfies CheckpointerData);
    started.unref();
    // Checkpoints are best effort: a thread that failed (out of memory, say) must not take the server with it.
    started.on('error', () => {});
    started.once('exit', () => markEnded());
    worker = started;
  }, intervalMs);
  timer.unref();
  return {
    ended,
    close: async () => {
      clearTimeout(timer);
      if (worker === undefined) {
        markEnded();
        return;
      }
      // Kept alive until it has ended: an unreferenced worker would not hold the process for this wait.
      worker.ref();
      worker.postMessage('close');
      await ended;
    },
  };
}
