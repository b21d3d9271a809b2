// A running service for system tests: a fresh database, a movable clock, accounts and logins.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../../src/domain/login/password.ts';
import type { Account, NewAccount } from '../../src/domain/ports/account-ports.ts';
import type { Dependencies } from '../../src/domain/dependencies.ts';
import { buildApp, type Repositories } from '../../src/server/build-app.ts';
import type { Metrics } from '../../src/server/health/metrics.ts';
import type { ServiceHttpServer } from '../../src/server/http/http-server.ts';
import type { NotificationJob } from '../../src/server/jobs/notification-job.ts';
import type { PushJob } from '../../src/server/jobs/push-job.ts';
import { readConfig } from '../../src/server/config/config.ts';
import { openStore, type Store } from '../../src/store/open-database.ts';
import type { StoreDialect } from '../../src/store/store-dialect.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { checkEveryExchange } from './openapi-check.ts';
import { TestClock } from './test-clock.ts';
import { REST_PATH, type Auth } from './rest.ts';

// Every REST exchange of every app a test file creates is held to the OpenAPI document (openapi-check.ts).
checkEveryExchange();

export const PASSWORD = 'correct horse battery';

/**
 * A scrypt hash of PASSWORD at the lowest cost (verifyPassword reads the cost from the hash), for tests
 * of many logins at once: with the real cost (~50 ms of CPU each) a loaded machine spreads their checks
 * over seconds, so what they show would depend on the machine's load rather than on the code.
 */
export function cheapPasswordHash(): string {
  const salt = randomBytes(16);
  const hash = scryptSync(PASSWORD, salt, 32, { N: 16, r: 1, p: 1 });
  return `scrypt$16$1$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly deps: Dependencies;
  /** With METRICS_PORT in `env`: the operator's metrics (not listening until asked to). */
  readonly metrics?: Metrics;
  readonly store: Store;
  /** The HTTP server under the app: its shutdown (a test listens with app.listen first). */
  readonly http: ServiceHttpServer;
  /** The notification job (not started: a test runs its rounds, or starts its timer). */
  readonly notifications: NotificationJob;
  /** The push job (not started: a test runs its rounds, or starts its timer). */
  readonly pushes: PushJob;
  readonly clock: TestClock;
  readonly dataDir: string;
  addAccount(overrides?: Partial<NewAccount> & { password?: string }): Promise<Account>;
  /** Logs in over REST and returns the authentication object for shipment calls. */
  authenticate(delisId: string, messageLanguage?: string): Promise<Auth>;
  /** POSTs JSON to a path. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly dialect?: StoreDialect;
  readonly env?: Record<string, string>;
  readonly clock?: TestClock;
  /** Replaces repositories handed to the app, e.g. with one that fails. Default: the store's. */
  readonly repositories?: (store: Store) => Repositories;
}

let accountCounter = 0;

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parcel-app-'));
  const database: TestDatabase = await createTestDatabase(options.dialect ?? 'sqlite');
  const clock = options.clock ?? new TestClock();
  const store = await openStore({ ...database.options, clock });
  const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const { app, deps, metrics, http, notifications, pushes } = await buildApp({
    config,
    store: options.repositories?.(store) ?? store,
    clock,
    logger: false,
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    app,
    deps,
    metrics,
    store,
    http,
    notifications,
    pushes,
    clock,
    dataDir,
    post,
    async addAccount(overrides = {}) {
      const { password = PASSWORD, ...rest } = overrides;
      accountCounter += 1;
      return store.accounts.addAccount({
        delisId: `KD${String(process.pid % 10000).padStart(4, '0')}${String(accountCounter).padStart(3, '0')}`,
        passwordHash: await hashPassword(password),
        depots: ['0522'],
        messageLanguage: 'en_US',
        lateExport: false,
        pickupApproved: false,
        ...rest,
      });
    },
    async authenticate(delisId, messageLanguage = 'en_US') {
      const response = await post(REST_PATH.getAuth, { delisId, password: PASSWORD, messageLanguage });
      const body = response.json();
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return { delisId, authToken: body.getAuthResponse.return.authToken as string, messageLanguage };
    },
    async close() {
      try {
        // Rejects when an exchange broke the OpenAPI document (openapi-check.ts); the rest is cleaned up all the same.
        await app.close();
      } finally {
        await store.close();
        await database.dispose();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
