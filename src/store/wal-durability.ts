// Durable SQLite commits without blocking the event loop: a group's transaction commits with
// synchronous=NORMAL (its WAL frames written, not yet synced), then the WAL file is fdatasync'ed on
// libuv's thread pool before any write of the group is acknowledged. One sync covers every commit
// before it, so concurrent groups share syncs. Other writes keep synchronous=FULL.
import { open } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { Durability } from './group-commit.ts';
import type { Database } from './schema.ts';

export function createWalDurability(walPath: string): Durability {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const syncOnce = async () => {
    const handle = await open(walPath, 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };

  function sync(): Promise<void> {
    if (running === undefined) {
      running = syncOnce().finally(() => { running = undefined; });
      return running;
    }
    // The running sync may have started before the caller's commit: wait for the one after it.
    next ??= running.catch(() => {}).then(() => {
      next = undefined;
      return sync();
    });
    return next;
  }

  return {
    // One reserved connection, so no other statement runs while synchronous is NORMAL.
    commit: (db, transaction) => db.connection().execute(async (connection) => {
      await sql`pragma synchronous = NORMAL`.execute(connection);
      try {
        return await transaction(connection as Kysely<Database>);
      } finally {
        await sql`pragma synchronous = FULL`.execute(connection);
      }
    }),
    sync,
  };
}
