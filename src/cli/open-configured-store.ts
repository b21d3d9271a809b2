// Opens and migrates the store the environment's configuration names, for CLI commands.
import { openStore } from '../store/open-database.ts';
import { readConfig, sqlitePath } from '../server/config.ts';

export async function openConfiguredStore() {
  const config = readConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, sqlitePath: sqlitePath(config) });
  await store.migrate();
  return { config, store };
}
