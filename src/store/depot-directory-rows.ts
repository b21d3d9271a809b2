// The DepotDirectoryStore port: the operator's depot directory as one document (one row), read again
// by a process only when an import raised its version, so tracking reads one small row per answer.
import type { Kysely } from 'kysely';
import type { DepotDirectoryData, DepotDirectoryStore } from '../domain/ports/depot-ports.ts';
import { toMillis } from './column-values.ts';
import type { Database } from './schema.ts';

const ROW = 1;

export function createDepotDirectoryStore(db: Kysely<Database>): DepotDirectoryStore {
  let cached: { readonly version: number; readonly data: DepotDirectoryData } | undefined;
  return {
    async readDepotDirectory() {
      const row = await db.selectFrom('depot_directory').select('version').where('id', '=', ROW).executeTakeFirst();
      if (row === undefined) return undefined;
      const version = row.version;
      if (cached?.version !== version) {
        const stored = await db.selectFrom('depot_directory').select(['version', 'data']).where('id', '=', ROW).executeTakeFirst();
        if (stored === undefined) return undefined;
        cached = { version: stored.version, data: Object.freeze(JSON.parse(stored.data) as DepotDirectoryData) };
      }
      return cached.data;
    },

    async replaceDepotDirectory(directory, at) {
      await db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('depot_directory').select('version').where('id', '=', ROW).executeTakeFirst();
        await trx.deleteFrom('depot_directory').where('id', '=', ROW).execute();
        if (directory === undefined) return;
        // Versions only rise, also across a return to the built-in directory and a new import after it.
        const version = Math.max(current?.version ?? 0, toMillis(at)) + 1;
        await trx
          .insertInto('depot_directory')
          .values({ id: ROW, version, data: JSON.stringify(directory), imported_at: toMillis(at) })
          .execute();
      });
    },
  };
}
