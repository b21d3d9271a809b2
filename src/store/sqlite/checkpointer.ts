// WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside the commit that
// crosses the threshold, so that one request waits while pages are copied into a large database
// file. Instead, a worker thread with a connection of its own checkpoints on a timer; PASSIVE
// checkpoints never wait for readers or writers (sqlite.org/wal.html#ckpt).
import { Worker } from 'node:worker_threads';

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
// fileMustExist: a file removed under the server is not replaced by an empty database. Without a file
// there is nothing to checkpoint: the thread ends, and the server goes on (wal_autocheckpoint bounds the WAL).
let db;
try {
  db = new Database(workerData.path, { timeout: workerData.busyTimeoutMs, fileMustExist: true });
  db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
} catch {
  process.exit(0);
}
const checkpoint = (mode) => { try { db.pragma('wal_checkpoint(' + mode + ')'); } catch { /* busy: next time */ } };
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint('PASSIVE'); db.close(); process.exit(0); });
`;

export interface Checkpointer {
  /** A last checkpoint, then the worker ends. */
  close(): Promise<void>;
}

/** Checkpoints `path`'s WAL every `intervalMs` (default 1 s) from a worker thread. */
export function startCheckpointer(path: string, busyTimeoutMs: number, intervalMs = 1000): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { path, busyTimeoutMs, intervalMs, driver: import.meta.resolve('better-sqlite3').replace(/^file:\/\//, '') },
  });
  worker.unref();
  // Checkpoints are best effort: a thread that failed (out of memory, say) must not take the server with it.
  worker.on('error', () => {});
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    close: async () => {
      // Kept alive until it has ended: an unreferenced worker would not hold the process for this wait.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
