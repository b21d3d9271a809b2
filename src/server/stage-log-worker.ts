// The stage log's worker thread (started by stage-log-thread.ts): masks the calls the server posts
// and writes them with a database connection of its own, so neither the masking nor the writes of
// metrics ever run on the event loop that answers requests.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type StoreOptions } from '../store/open-database.ts';
import { createStageRequestRepository } from '../store/stage-request-repository.ts';
import type { StageLogMessage, StageLogReply } from './stage-log-thread.ts';
import { createStageLogBuffer } from './stage-log-buffer.ts';

const port = parentPort;
if (port === null) throw new Error('stage-log-worker.ts runs as a worker thread');
const reply = (message: StageLogReply) => port.postMessage(message);

const { db, transactor } = openDatabase({ ...(workerData as StoreOptions), poolSize: 1 });
// Small transactions: on SQLite the orders wait for the one write lock while a batch holds it.
const buffer = createStageLogBuffer(createStageRequestRepository(db, transactor), {
  intervalMs: 100,
  maxBuffered: 500,
  onError: (error) => reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
});

port.on('message', async (message: StageLogMessage) => {
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
});
