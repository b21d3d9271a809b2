// The WAL checkpointer's worker thread: best effort, never the reason a server stops.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startCheckpointer } from '../../../src/store/sqlite/checkpointer.ts';

test('a checkpointer whose file is gone ends quietly: no uncaught error, no new empty database', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'parcel-checkpointer-'));
  try {
    // The file removed (its directory kept), and the whole directory removed.
    for (const path of [join(dir, 'stage.sqlite'), join(dir, 'gone', 'stage.sqlite')]) {
      const uncaught: unknown[] = [];
      const record = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', record);
      try {
        const checkpointer = startCheckpointer(path, 100, 10);
        // The thread starts when the first checkpoint is due, finds no file, and ends by itself. Its timer
        // and thread hold no process open (unref): a timer of the test's does, while it waits.
        const keepAlive = setInterval(() => {}, 1000);
        await checkpointer.ended.finally(() => clearInterval(keepAlive));
        await checkpointer.close();
      } finally {
        process.off('uncaughtException', record);
      }
      assert.deepEqual(uncaught, [], path);
      assert.equal(existsSync(path), false, `the checkpointer created ${path}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
