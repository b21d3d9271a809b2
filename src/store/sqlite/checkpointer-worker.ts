// The WAL checkpointer's worker thread (started by checkpointer.ts): checkpoints the file's WAL on a
// timer with a connection of its own, and once more when told to end.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import type { CheckpointerData } from './checkpointer.ts';

const port = parentPort;
if (port === null) throw new Error('checkpointer-worker.ts runs as a worker thread');
const { path, busyTimeoutMs, intervalMs } = workerData as CheckpointerData;

// fileMustExist: a file removed under the server is not replaced by an empty database. Without a file
// there is nothing to checkpoint: the thread ends, and the server goes on (wal_autocheckpoint bounds the WAL).
let db: SqliteDatabase.Database;
try {
  db = new SqliteDatabase(path, { timeout: busyTimeoutMs, fileMustExist: true });
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
} catch {
  process.exit(0);
}

function checkpoint(): void {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy: next time.
  }
}

const timer = setInterval(checkpoint, intervalMs);
port.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  process.exit(0);
});
