// Wires configuration, store and domain into a Fastify app. Never listens: start.ts does, and tests
// call the app directly.
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { LoginThrottle } from '../domain/login/login-throttle.ts';
import { DelayedCalls } from '../domain/sandbox/delayed-calls.ts';
import { SessionCache } from '../domain/login/session-cache.ts';
import type { Clock } from '../domain/ports/clock-ports.ts';
import type { LoginFailureRepository } from '../domain/ports/login-ports.ts';
import type { NotificationSources, Outbox } from '../domain/ports/notification-ports.ts';
import type { StageLogReader, StageLogRepository } from '../domain/ports/stage-log-ports.ts';
import { systemClock } from '../domain/core/system-clock.ts';
import type { Dependencies } from '../domain/dependencies.ts';
import { answerError, isClientError, restBinding, takeJsonBodies } from '../bindings/rest/rest-routes.ts';
import { API_DESCRIPTION_PATHS } from '../bindings/rest/openapi-routes.ts';
import { createRefusal, otherMethodsRoute } from '../bindings/http/unrouted.ts';
import { closeOnEarlyRefusal } from '../bindings/http/body-refusal.ts';
import { REQUEST_ID_HEADER, requestIdOf } from '../bindings/http/request-id.ts';
import { createNamespaces } from '../bindings/soap/namespaces.ts';
import { soapBinding } from '../bindings/soap/soap-routes.ts';
import { DurabilityLostError } from '../store/open-database.ts';
import { clientErrorAnswer } from './http/client-error.ts';
import { consoleDirectory } from './pages/console-assets.ts';
import { CONSOLE_METHODS, CONSOLE_PATH, registerConsole } from './pages/console-routes.ts';
import { loadTokenSecret, type Config } from './config/config.ts';
import { SECURITY_HEADERS } from './http/security-headers.ts';
import { FAVICON_PATH, LANDING_METHODS, LANDING_PATH, registerLandingPage } from './pages/landing-page.ts';
import { createLabelPool, renderOnEventLoop } from './label-threads/label-pool.ts';
import { createMetrics, discardCallMetrics, type Metrics } from './health/metrics.ts';
import { createStageLogBuffer, discardStageLog, type StageLogBuffer } from './stage-log/stage-log-buffer.ts';
import { createStageLogThread, type StageLogStore } from './stage-log/stage-log-thread.ts';
import { readingOwnWrites } from './stage-log/reads-own-writes.ts';
import { stageLogSearchKey } from '../domain/operator/stage-log-search.ts';
import { createConfiguredHttpServer } from './http/configured-http-server.ts';
import { createDiskCheck } from './health/disk-check.ts';
import type { ServiceHttpServer } from './http/http-server.ts';
import { createNotificationJob, type NotificationJob } from './jobs/notification-job.ts';
import { deliveryOptionsOf, notifyDependenciesOf, transportsOf } from './jobs/notification-wiring.ts';
import { createPushJob, type PushJob } from './jobs/push-job.ts';
import { createPushAddressPolicy } from './transports/push-address-policy.ts';
import { createPushTransport } from './transports/push-transport.ts';
import type { PushCounts } from '../domain/push/deliver-pushes.ts';

/** Pushes in flight per account (one slow receiver holds only these), and in all. */
const PUSHES_PER_ACCOUNT = 4;
const PUSHES_IN_FLIGHT = 64;

/**
 * The repositories the app needs; store/open-database.ts provides them. With `config` (an opened
 * store's), the stage log writes from a worker thread with a connection of its own; without it, or
 * on an in-memory SQLite database that no other connection can see, on the event loop.
 */
export type Repositories = Pick<
  Dependencies,
  | 'accounts'
  | 'tokens'
  | 'knownAddresses'
  | 'shipments'
  | 'parcelShops'
  | 'sandbox'
  | 'parcelReader'
  | 'manifests'
  | 'parcelJourneys'
  | 'depots'
  | 'pushes'
> & {
  readonly outbox: Outbox;
  readonly notificationSources: NotificationSources;
  readonly stageRequests: StageLogRepository & StageLogReader;
  readonly loginFailures: LoginFailureRepository;
  readonly config?: StageLogStore;
  /** Resolves once the database answers (GET /health); without it the health check asks nothing. */
  readonly ping?: () => Promise<void>;
  /** Bytes free on the database's disk (GET /health, against HEALTH_MIN_FREE_MB); without it, or undefined, no disk is watched. */
  readonly freeSpace?: () => Promise<number | undefined>;
};

export interface AppOptions {
  readonly config: Config;
  readonly store: Repositories;
  /** Default: the system clock. */
  readonly clock?: Clock;
  /** Log to stdout (pino) at config.logLevel. Default true. */
  readonly logger?: boolean;
}

/** The health check's path and the methods it takes. */
const HEALTH_PATH = '/health';
const HEALTH_METHODS: readonly string[] = ['GET', 'HEAD'];

/** The stage log: written by a thread of its own, or on the event loop for an in-memory store no other connection sees. */
function openStageLog(store: Repositories, settings: Config, tokenSecret: Buffer): StageLogBuffer {
  const { config } = store;
  const shared = config !== undefined && (config.databaseUrl !== undefined || config.sqlitePath !== ':memory:');
  const options = {
    bounds: { maxEntryBytes: settings.stageLogMaxEntryBytes, maxAccountBytesPerDay: settings.stageLogMaxAccountBytes },
    searchKey: stageLogSearchKey(tokenSecret),
  };
  return shared ? createStageLogThread(config, options) : createStageLogBuffer(store.stageRequests, options);
}

export async function buildApp(options: AppOptions): Promise<{
  app: FastifyInstance;
  deps: Dependencies;
  metrics?: Metrics;
  http: ServiceHttpServer;
  notifications: NotificationJob;
  pushes: PushJob;
}> {
  const { config, store } = options;
  const clock = options.clock ?? systemClock;
  const tokenSecret = loadTokenSecret(config);
  const stageLog = config.environment === 'stage' ? openStageLog(store, config, tokenSecret) : undefined;
  const labelPool = config.labelThreads > 0 ? createLabelPool(config.labelThreads) : undefined;
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : createMetrics({ environment: config.environment, store: config.databaseUrl === undefined ? 'sqlite' : 'postgres' });
  // The notification job wakes when this process queues a message (it is made below, with the app's log).
  const waking: { job?: NotificationJob; pushes?: PushJob } = {};
  const pushQueued = () => waking.pushes?.wake();
  const notify = notifyDependenciesOf(store, config, clock, {
    queued: () => waking.job?.wake(),
    pushes: { queue: store.pushes, queued: pushQueued },
  });
  // Where pushes may go (README "Tracking push"): checked when a URL is set and at every connection.
  const pushPolicy = createPushAddressPolicy({
    loopbackAllowed: config.push.loopbackAllowed,
    ...(config.push.allowedNetworks === undefined ? {} : { allowedNetworks: config.push.allowedNetworks }),
  });
  const deps: Dependencies = Object.freeze({
    accounts: store.accounts,
    tokens: store.tokens,
    knownAddresses: store.knownAddresses,
    shipments: store.shipments,
    parcelShops: store.parcelShops,
    sandbox: store.sandbox,
    parcelJourneys: store.parcelJourneys,
    depots: store.depots,
    parcelReader: store.parcelReader,
    manifests: store.manifests,
    stageLog: stageLog ?? discardStageLog,
    // An account's calls are in its reads once answered (reads-own-writes.ts).
    stageLogReader: stageLog === undefined ? store.stageRequests : readingOwnWrites(store.stageRequests, stageLog),
    metrics: metrics ?? discardCallMetrics,
    labels: labelPool ?? renderOnEventLoop,
    notifications: notify,
    pushes: store.pushes,
    pushAddresses: pushPolicy,
    pushQueued,
    clock,
    throttle: new LoginThrottle(clock, store.loginFailures),
    delayedCalls: new DelayedCalls(),
    sessions: new SessionCache(clock, config.sessionCacheSeconds * 1000),
    settings: Object.freeze({
      environment: config.environment,
      tokenSecret,
      timeZone: config.timeZone,
      holidays: config.holidays,
      operatorValues: config.operatorValues,
    }),
  });
  // Timeouts, the connection cap and the graceful shutdown (http-server.ts); start.ts shuts it down.
  const http = createConfiguredHttpServer(config, { countResponse: metrics?.countResponse.bind(metrics), log: () => app.log });
  /**
   * A request no route takes: a path with no route, or a method Fastify routes nowhere (PROPFIND,
   * MKCOL, … of http.METHODS) at a path that has routes. Every method Fastify routes has a refusing
   * route under the SOAP prefixes, at each REST operation's path and at /health; these are refused as
   * those refuse. (Here rather than in an app-level onRequest hook, which cost every call ~2 % of its throughput.)
   */
  const refuseUnrouted = createRefusal({
    namespaces: createNamespaces(config.soapNamespaceBase),
    otherPaths: {
      [HEALTH_PATH]: HEALTH_METHODS,
      [LANDING_PATH]: LANDING_METHODS,
      [FAVICON_PATH]: LANDING_METHODS,
      [CONSOLE_PATH]: CONSOLE_METHODS,
      [`${CONSOLE_PATH}/`]: CONSOLE_METHODS,
      ...API_DESCRIPTION_PATHS,
    },
    environment: config.environment,
  });
  const app = Fastify({
    serverFactory: http.factory,
    bodyLimit: config.bodyLimit,
    // The request id (X-Request-Id, request-id.ts): the client's when it is a plain one, else a UUID.
    genReqId: (request) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
    // Each request and its answer (method, path, status, time; never a body) at LOG_LEVEL debug or
    // trace only: at info the log stays quiet under load, as logging every request costs throughput.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', '*.password', '*.authToken'],
          },
    // A request arriving during a shutdown is answered 503 by http-server.ts in the binding's shape,
    // before Fastify sees it; Fastify's own 503 body would be outside our answer format.
    return503OnClosing: false,
    // A URL the router cannot read (bad percent-encoding, a segment over maxParamLength) names nothing:
    // the not-found answer of its binding rather than Fastify's own JSON.
    frameworkErrors: (error, request, reply) => {
      if (isClientError(error)) refuseUnrouted(request, reply);
      else answerError(error, request, reply);
    },
    // What Node's HTTP parser refuses (a method it does not know, a malformed header): a SOAP fault on a
    // SOAP path, else the REST error shape, after the answers of the requests before it on the connection.
    clientErrorHandler: clientErrorAnswer({
      countResponse: metrics === undefined ? undefined : (statusCode) => metrics.countResponse(statusCode),
      namespaces: createNamespaces(config.soapNamespaceBase),
      environment: config.environment,
    }),
  });
  // Only JSON is taken at the REST paths (docs/decisions.md "REST"); the SOAP plugin adds XML in its own scope.
  // A request no route takes is answered in the REST shape and in its body's language: its body is
  // read as the REST binding reads bodies. The bindings add their parsers in their own scopes.
  takeJsonBodies(app);
  app.setNotFoundHandler(refuseUnrouted);
  // Before any route or refusal runs, so that every answer carries them, Fastify's own included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    closeOnEarlyRefusal(error, request, reply);
    // Fastify reads the body of a request no route takes before its not-found handler runs: a body
    // error there (content type, size, JSON, QUERY without a content type) must not hide that the URL
    // is what is wrong. Errors of the handler itself are still internal errors.
    return request.is404 && isClientError(error) ? refuseUnrouted(request, reply) : answerError(error, request, reply);
  });
  const transports = transportsOf(config);
  const notifications = createNotificationJob(notify, {
    transports,
    delivery: deliveryOptionsOf(config),
    intervalMs: config.notifications.intervalSeconds * 1000,
    log: () => app.log,
    counted: metrics === undefined ? undefined : (counts) => metrics.countNotifications(counts),
  });
  waking.job = notifications;
  const pushes = createPushJob(
    { pushes: store.pushes, clock, timeZone: config.timeZone },
    {
      transport: createPushTransport({ policy: pushPolicy, timeoutMs: config.push.timeoutSeconds * 1000 }),
      // A try's lease outlasts its timeout, so no other process takes a push still being sent.
      delivery: { leaseMs: (2 * config.push.timeoutSeconds + 5) * 1000, perAccount: PUSHES_PER_ACCOUNT, inFlight: PUSHES_IN_FLIGHT },
      intervalMs: config.push.intervalSeconds * 1000,
      log: () => app.log,
      ...(metrics === undefined ? {} : { counted: (counts: PushCounts) => metrics.countPushes(counts) }),
    },
  );
  waking.pushes = pushes;
  app.addHook('onClose', () => pushes.stop());
  metrics?.watchPushes(() => store.pushes.stats());
  app.addHook('onClose', async () => {
    await notifications.stop();
    transports?.smtp?.close();
  });
  metrics?.watchOutbox(() => store.outbox.stats());
  if (stageLog !== undefined) app.addHook('onClose', () => stageLog.close());
  if (labelPool !== undefined) app.addHook('onClose', () => labelPool.close());
  if (metrics !== undefined) {
    app.addHook('onResponse', (_request, reply, done) => {
      metrics.countResponse(reply.statusCode);
      done();
    });
    app.addHook('onClose', () => metrics.close());
  }
  // For load balancers and orchestrators: 200 while the process serves and its database answers and
  // can make writes durable.
  const diskProblem = createDiskCheck(store.freeSpace, config.healthMinFreeMegabytes);
  // The notification queue (live): how many messages wait and how long the oldest has waited.
  const notificationQueue = async () => {
    const stats = await store.outbox.stats();
    const age =
      stats.oldestWaitingAt === undefined ? 0 : Math.max(0, Math.round((clock.now().getTime() - stats.oldestWaitingAt.getTime()) / 1000));
    return { queued: stats.queued, sending: stats.sending, oldestAgeSeconds: age };
  };
  app.get(HEALTH_PATH, async (_request, reply) => {
    let reason: string | undefined;
    try {
      await store.ping?.();
      reason = await diskProblem();
      if (reason !== undefined) app.log.error(`health check: ${reason}`);
    } catch (error) {
      reason =
        error instanceof DurabilityLostError
          ? 'the database cannot make writes durable; restart the service'
          : 'the database does not answer';
      app.log.error({ err: error }, `health check: ${reason}`);
    }
    if (reason !== undefined) return reply.code(503).send({ status: 'unavailable', reason });
    return { status: 'ok', environment: config.environment, details: { notifications: await notificationQueue() } };
  });
  // Other methods are refused before their body is read (a route-level hook, as the bindings' paths do).
  app.route(otherMethodsRoute(app.supportedMethods, HEALTH_METHODS, HEALTH_PATH, refuseUnrouted));
  registerLandingPage(app, { environment: config.environment, refuse: refuseUnrouted });
  registerConsole(app, {
    environment: config.environment,
    timeZone: config.timeZone,
    directory: consoleDirectory(import.meta.url),
    refuse: refuseUnrouted,
  });
  app.register(restBinding, { deps, refuse: refuseUnrouted, publicUrl: config.publicUrl });
  app.register(soapBinding, { deps, namespaceBase: config.soapNamespaceBase, refuse: refuseUnrouted, publicUrl: config.publicUrl });
  await app.ready();
  return { app, deps, metrics, http, notifications, pushes };
}
