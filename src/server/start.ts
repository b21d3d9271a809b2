// Opens the store, migrates it, builds the app and listens; closes cleanly on SIGINT/SIGTERM.
import { openStore } from '../store/open-database.ts';
import { buildApp } from './build-app.ts';
import { sqlitePath, type Config } from './config.ts';

export async function start(config: Config): Promise<void> {
  const store = await openStore({ databaseUrl: config.databaseUrl, sqlitePath: sqlitePath(config) });
  await store.migrate();
  const { app } = await buildApp({ config, store });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ address, environment: config.environment, store: store.dialect }, 'parcel service listening');
}
