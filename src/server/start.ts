// Opens the store, migrates it, builds the app and listens; runs the purge job on a timer; on
// SIGINT/SIGTERM shuts down gracefully (the notification job stops with the app): requests still arriving are answered 503, those in flight
// are finished, a running purge ends its step, and the process exits 0. A first start on stage makes
// the demo account and prints its login (demo-account.ts).
import { buildApp } from './build-app.ts';
import type { Config } from './config/config.ts';
import { browsableOrigin, checkAccountsAtStart, demoAccountText } from './store/demo-account.ts';
import { serviceLinks } from './pages/service-links.ts';
import { openServiceStore } from './store/open-service-store.ts';
import { watchParent } from './parent-watch.ts';
import { createPurgeJob } from './jobs/purge-job.ts';

/** How the process was started, beyond its configuration. */
export interface StartOptions {
  /**
   * Also shut down when the parent process goes away (default false): set when npm started the
   * service (`npm start`, `npx parcel-service serve`), whose shell does not pass a signal on.
   */
  readonly stopWithParent?: boolean;
}

/** Beyond the requests' SHUTDOWN_TIMEOUT_SECONDS: what the purge, the app and the store get to close. */
const CLOSE_LIMIT_MS = 10_000;

export async function start(config: Config, options: StartOptions = {}): Promise<void> {
  const store = await openServiceStore(config);
  // Before the port opens, so that the first login after "listening" finds the account.
  const accounts = await checkAccountsAtStart(store.accounts, config.demoAccount);
  const { app, metrics, http, notifications, pushes } = await buildApp({ config, store });
  const purgeJob = createPurgeJob(store, {
    intervalMinutes: config.purgeIntervalMinutes,
    stageLogRetentionDays: config.stageLogRetentionDays,
    log: app.log,
  });
  let closing = false;
  const close = async (why: { readonly signal: NodeJS.Signals } | { readonly parent: 'exited' }) => {
    if (closing) return;
    closing = true;
    stopWatch();
    app.log.info(why, 'shutting down');
    // A purge step or a database that never ends must not keep the process from stopping.
    setTimeout(
      () => {
        app.log.error('the purge, the app or the store did not close in time; exiting');
        process.exit(1);
      },
      config.shutdownTimeoutSeconds * 1000 + CLOSE_LIMIT_MS,
    ).unref();
    const purged = purgeJob.stop();
    // Requests whose answer had not begun when the limit came were never acknowledged: nothing
    // acknowledged is lost, but the exit says that some were cut off.
    const { unanswered } = await http.shutdown(config.shutdownTimeoutSeconds * 1000);
    if (unanswered > 0) app.log.error({ unanswered }, 'requests still being answered at the shutdown limit were closed');
    await purged;
    await app.close();
    await store.close();
    app.log.info('shut down');
    process.exit(unanswered > 0 ? 1 : 0);
  };
  const stopWatch = options.stopWithParent === true ? watchParent(() => void close({ parent: 'exited' })) : () => undefined;
  // `on`, not `once`: Ctrl-C reaches `npm start`'s whole process group and npm passes it on too, so
  // the service gets SIGINT twice; a second one must not end the process before its shutdown has.
  process.on('SIGINT', () => void close({ signal: 'SIGINT' }));
  process.on('SIGTERM', () => void close({ signal: 'SIGTERM' }));
  // Metrics first: a port that cannot be had stops the start before the API answers anyone.
  if (metrics !== undefined && config.metricsPort !== undefined) {
    const port = await metrics.listen(config.host, config.metricsPort);
    app.log.info({ address: `http://${config.host}:${port}/metrics` }, 'metrics served');
  }
  const address = await app.listen({ port: config.port, host: config.host });
  const origin = config.publicUrl ?? browsableOrigin(address);
  const links = serviceLinks(config.environment);
  // Printed once, whatever LOG_LEVEL says: the password is shown nowhere else.
  if (accounts.kind === 'demo') process.stdout.write(demoAccountText(accounts.account, origin, links));
  app.log.info(
    {
      address,
      environment: config.environment,
      store: store.dialect,
      console: `${origin}${links.console.path}`,
      docs: `${origin}${links.apiReference.path}`,
    },
    'parcel service listening',
  );
  if (accounts.kind === 'none')
    app.log.warn(
      `no account in ${config.environment} yet: add one with "parcel-service accounts add --delis-id <8 to 10 characters> --password-stdin --depot 0522"`,
    );
  purgeJob.run();
  notifications.start();
  pushes.start();
}
