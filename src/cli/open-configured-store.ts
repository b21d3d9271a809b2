// Opens and migrates the store the environment's configuration names, for CLI commands.
import { readConfig } from '../server/config/config.ts';
import { openServiceStore } from '../server/store/open-service-store.ts';

export async function openConfiguredStore() {
  const config = readConfig();
  return { config, store: await openServiceStore(config) };
}
