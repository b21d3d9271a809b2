// Opens the store, migrates it, builds the app and listens; runs the purge job on a timer; closes
// cleanly on SIGINT/SIGTERM.
import { purge } from '../domain/purge.ts';
import { systemClock } from '../domain/system-clock.ts';
import { buildApp } from './build-app.ts';
import type { Config } from './config.ts';
import { openServiceStore } from './open-service-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a SIGTERM or SIGINT waits for open requests before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 15_000;

export async function start(config: Config): Promise<void> {
  const store = await openServiceStore(config);
  const { app, metrics } = await buildApp({ config, store });
  const runPurge = async () => {
    try {
      const result = await purge(store, systemClock.now(), config.stageLogRetentionDays * DAY_MS);
      await store.optimize();
      app.log.info({ purged: result }, 'purge done');
    } catch (error) {
      app.log.error({ err: error }, 'purge failed');
    }
  };
  const timer = config.purgeIntervalMinutes > 0 ? setInterval(() => void runPurge(), config.purgeIntervalMinutes * 60_000) : undefined;
  timer?.unref();
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(timer);
    app.log.info({ signal }, 'shutting down');
    // A request that never ends must not keep the process from stopping; what it had not answered
    // was never acknowledged, so nothing acknowledged is lost.
    setTimeout(() => {
      app.log.error({ afterMs: SHUTDOWN_LIMIT_MS }, 'requests still open at the shutdown limit; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  // Metrics first: a port that cannot be had stops the start before the API answers anyone.
  if (metrics !== undefined && config.metricsPort !== undefined) {
    const port = await metrics.listen(config.host, config.metricsPort);
    app.log.info({ address: `http://${config.host}:${port}/metrics` }, 'metrics served');
  }
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ address, environment: config.environment, store: store.dialect }, 'parcel service listening');
  void runPurge();
}
