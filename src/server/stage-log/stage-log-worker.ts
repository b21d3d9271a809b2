// The stage log's worker thread (started by stage-log-thread.ts): masks the calls the server posts
// and writes them with a database connection of its own, so neither the masking nor the writes of
// metrics ever run on the event loop that answers requests.
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../store/open-database.ts';
import { createStageRequestRepository } from '../../store/stage-request-repository.ts';
import type { StageLogMessage, StageLogReply, StageLogWorkerData } from './stage-log-thread.ts';
import { createStageLogBuffer } from './stage-log-buffer.ts';

const port = parentPort;
if (port === null) throw new Error('stage-log-worker.ts runs as a worker thread');
lowerThreadPriority();
const reply = (message: StageLogReply) => port.postMessage(message);

const { bounds, searchKey, ...store } = workerData as StageLogWorkerData;
const { db, transactor } = openDatabase({ ...store, poolSize: 1 });
// Small transactions: on SQLite the orders wait for the one write lock while a batch holds it.
const buffer = createStageLogBuffer(createStageRequestRepository(db, transactor), {
  intervalMs: 100,
  maxBuffered: 500,
  bounds,
  searchKey,
  onError: (error) => reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  // The buffer counts the calls as the server posted them, in order: its count is the server's.
  onWritten: (upTo) => reply({ type: 'written', upTo }),
});

/** Records calls, or writes what is buffered and answers. */
const handle = async (message: StageLogMessage): Promise<void> => {
  switch (message.type) {
    case 'calls':
      for (const call of message.calls) buffer.record(call);
      return;
    case 'flush':
      await buffer.flush();
      reply({ type: 'flushed', id: message.id });
      return;
    case 'close':
      await buffer.close();
      await transactor.close();
      await db.destroy();
      port.close();
  }
};

port.on('message', (message: StageLogMessage) => void handle(message));

/**
 * Metrics are background work: on Linux this thread runs at the lowest priority, so it takes the
 * CPU time the event loop and the clients leave over instead of delaying them. The calls wait in
 * the thread's queue meanwhile; `flush` and `close` still write every one.
 */
function lowerThreadPriority(): void {
  try {
    // setpriority(PRIO_PROCESS, tid) sets one thread's nice value on Linux; /proc/thread-self names it.
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, constants.priority.PRIORITY_LOW);
  } catch {
    // Elsewhere the thread keeps the process's priority.
  }
}
