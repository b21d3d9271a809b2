// The stage log of a server: calls are handed in small batches to a worker thread
// (stage-log-worker.ts), which masks and writes them. The event loop only keeps a reference to the
// request text for a few milliseconds: no masking, no insert, nothing held long enough to age. The
// thread says how far it has written, so that a read of an account's calls waits only when one of
// them is still on its way (reads-own-writes.ts).
import type { Worker } from 'node:worker_threads';
import type { StageCall } from '../../domain/ports/stage-log-ports.ts';
import type { StoreOptions } from '../../store/open-database.ts';
import type { StageLogBounds } from './stage-log-bounds.ts';
import type { StageLogBuffer } from './stage-log-buffer.ts';
import { WriteMarks } from './reads-own-writes.ts';
import { startWorker } from '../../threads/start-worker.ts';

export type StageLogMessage =
  | { readonly type: 'calls'; readonly calls: readonly StageCall[] }
  | { readonly type: 'flush'; readonly id: number }
  | { readonly type: 'close' };

/** `written`: every call posted up to the `upTo`th (counted from the thread's start) is written, or failed to be. */
export type StageLogReply =
  | { readonly type: 'flushed'; readonly id: number }
  | { readonly type: 'written'; readonly upTo: number }
  | { readonly type: 'error'; readonly message: string };

/** Where the worker's database is: the server's own store. */
export type StageLogStore = Pick<StoreOptions, 'databaseUrl' | 'sqlitePath' | 'busyTimeoutMs'>;

/** What the worker is started with: its database, the bounds of what it keeps and the key of its search digests. */
export type StageLogWorkerData = StageLogStore & { readonly bounds?: StageLogBounds; readonly searchKey?: string };

/**
 * A stage log writing through a worker thread. Calls are posted every `postIntervalMs` (default
 * 20 ms) or once `maxPending` (default 256) wait; the worker is started with the first call and keeps
 * each text within `bounds` (default stage-log-bounds.ts's).
 */
export function createStageLogThread(
  store: StageLogStore,
  options: {
    postIntervalMs?: number;
    maxPending?: number;
    onError?: (error: unknown) => void;
    bounds?: StageLogBounds;
    searchKey?: string;
  } = {},
): StageLogBuffer {
  const { postIntervalMs = 20, maxPending = 256, onError = () => {} } = options;
  let worker: Worker | undefined;
  let exited: Promise<void> = Promise.resolve();
  let pending: StageCall[] = [];
  let nextFlush = 0;
  const flushed = new Map<number, () => void>();
  const marks = new WriteMarks();

  const running = (): Worker => {
    if (worker !== undefined) return worker;
    const started = startWorker(import.meta.url, 'stage-log-worker', {
      databaseUrl: store.databaseUrl,
      sqlitePath: store.sqlitePath,
      busyTimeoutMs: store.busyTimeoutMs,
      bounds: options.bounds,
      searchKey: options.searchKey,
    } satisfies StageLogWorkerData);
    started.unref();
    started.on('message', (message: StageLogReply) => {
      if (message.type === 'written') {
        marks.written(message.upTo);
      } else if (message.type === 'flushed') {
        flushed.get(message.id)?.();
        flushed.delete(message.id);
      } else {
        onError(new Error(`stage log: ${message.message}`));
      }
    });
    started.on('error', onError);
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        // Whoever waits for a flush is not left hanging by a worker that is gone.
        for (const resolveFlush of flushed.values()) resolveFlush();
        flushed.clear();
        resolve();
      }),
    );
    worker = started;
    return started;
  };
  // A timer only while calls wait: an idle stage server used to be woken every 20 ms for nothing, and
  // on this VM each wake-up costs CPU (docs/performance.md "The stage log's write path").
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const post = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const calls = pending;
    pending = [];
    running().postMessage({ type: 'calls', calls } satisfies StageLogMessage);
  };

  const flush = (): Promise<void> => {
    post();
    if (worker === undefined) return Promise.resolve();
    const id = nextFlush++;
    const done = new Promise<void>((resolve) => flushed.set(id, resolve));
    worker.postMessage({ type: 'flush', id } satisfies StageLogMessage);
    return done;
  };

  return {
    record(call) {
      marks.record(call.delisId ?? '');
      pending.push(call);
      if (pending.length >= maxPending) post();
      else if (timer === undefined && !closed) {
        timer = setTimeout(post, postIntervalMs);
        timer.unref();
      }
    },
    // A call still pending here or in the thread is written before the read: the thread writes what it
    // holds at once and answers.
    settled: (delisId) => (marks.pending(delisId) ? flush() : Promise.resolve()),
    flush,
    async close() {
      closed = true;
      post();
      if (worker === undefined) return;
      // Kept alive until it has written the rest and ended: an unreferenced worker would not hold the process.
      worker.ref();
      worker.postMessage({ type: 'close' } satisfies StageLogMessage);
      await exited;
    },
  };
}
