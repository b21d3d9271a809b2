// Opens the store the configuration names, migrates it and checks it is this environment's: a
// DATABASE_URL (or DATA_DIR) of the other environment is a configuration error, never shared data.
import { openStore, type Store } from '../../store/open-database.ts';
import { ConfigError, sqlitePath, type Config } from '../config/config.ts';

export async function openServiceStore(config: Config): Promise<Store> {
  const store = await openStore({ databaseUrl: config.databaseUrl, sqlitePath: sqlitePath(config) });
  try {
    await store.migrate();
    const owner = await store.claimEnvironment(config.environment);
    if (owner !== config.environment) {
      const where = config.databaseUrl === undefined ? `the SQLite file ${sqlitePath(config)}` : 'DATABASE_URL';
      throw new ConfigError(
        `${where} holds the ${owner} environment's data; ${config.environment} needs a database of its own (live and stage never share accounts, tokens or parcel numbers)`,
      );
    }
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
}
