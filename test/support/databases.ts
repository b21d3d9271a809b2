// Fresh, migrated databases for store tests: one suite runs over SQLite and PostgreSQL alike.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import pg from 'pg';
import { openStore, type Store, type StoreOptions } from '../../src/store/open-database.ts';
import type { StoreDialect } from '../../src/store/store-dialect.ts';

/** Every dialect the store supports; each store suite runs once per entry. None is ever skipped. */
export const STORE_DIALECTS: readonly StoreDialect[] = Object.freeze(['sqlite', 'postgres']);

/**
 * The PostgreSQL server tests create their databases on, connected to as a role allowed to create and
 * drop databases. Default `postgres://postgres@127.0.0.1:5432/postgres` (scripts/with-postgres.sh).
 */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, migrated, empty database and how to reach it. */
export interface TestDatabase {
  readonly dialect: StoreDialect;
  /** Opens this same database (another store, a child process); contains no clock. */
  readonly options: StoreOptions;
  /** Removes the database (and, for SQLite, its directory). */
  dispose(): Promise<void>;
}

/** What a suite body gets: its dialect and, once `before` ran, the database and a store open on it. */
export interface StoreSuite {
  readonly dialect: StoreDialect;
  /** The store opened for this suite. Only valid inside tests and hooks. */
  readonly store: () => Store;
  /** Options that open the suite's database again. Only valid inside tests and hooks. */
  readonly options: () => StoreOptions;
}

/**
 * Declares `describe(`${name} [${dialect}]`)` once per dialect, each with its own fresh database
 * (migrated, dropped afterwards) and a store opened with `overrides` (e.g. a small serialLeaseSize).
 * When PostgreSQL cannot be reached the suite fails; it is never skipped.
 */
export function forEachStore(name: string, body: (suite: StoreSuite) => void, overrides: StoreOptions = {}): void {
  for (const dialect of STORE_DIALECTS) {
    describe(`${name} [${dialect}]`, () => {
      let database: TestDatabase | undefined;
      let store: Store | undefined;
      before(async () => {
        database = await createTestDatabase(dialect);
        store = await openStore({ ...database.options, ...overrides });
      });
      after(async () => {
        await store?.close();
        await database?.dispose();
      });
      body({
        dialect,
        store: () => store ?? fail('store() used before the suite opened its database'),
        options: () => ({ ...(database ?? fail('options() used before the suite created its database')).options, ...overrides }),
      });
    });
  }
}

/** Creates an empty database on `dialect` and, unless `migrate` is false, runs the migrations on it. */
export async function createTestDatabase(dialect: StoreDialect, { migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const database = dialect === 'sqlite' ? await createSqliteDatabase() : await createPostgresDatabase();
  if (!migrate) {
    return database;
  }
  try {
    const store = await openStore(database.options);
    try {
      await store.migrate();
    } finally {
      await store.close();
    }
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return database;
}

async function createSqliteDatabase(): Promise<TestDatabase> {
  const directory = await mkdtemp(join(tmpdir(), 'parcel-store-'));
  return {
    dialect: 'sqlite',
    // A directory that does not exist yet: opening the store must create it.
    options: Object.freeze({ sqlitePath: join(directory, 'data', 'parcel-service.sqlite') }),
    dispose: () => rm(directory, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `parcel_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name}`));
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    dialect: 'postgres',
    options: Object.freeze({ databaseUrl: url.href }),
    dispose: () =>
      withAdmin(async (admin) => {
        // Connections a killed child process left behind would make DROP DATABASE fail.
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        await admin.query(`drop database if exists ${name}`);
      }),
  };
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(unreachableMessage(error), { cause: error });
  }
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Store tests need PostgreSQL; without it they fail, in CI and locally, rather than pass on SQLite alone. */
function unreachableMessage(error: unknown): string {
  const where = new URL(ADMIN_DATABASE_URL);
  where.password = '';
  const reason = error instanceof Error ? error.message : String(error);
  const hint =
    process.env.CI === undefined
      ? 'run the tests through scripts/with-postgres.sh, or set TEST_DATABASE_URL'
      : 'the CI job must provide PostgreSQL (scripts/with-postgres.sh) or set TEST_DATABASE_URL';
  return `PostgreSQL is not reachable at ${where.href} (${reason}): ${hint}`;
}

function fail(message: string): never {
  throw new Error(message);
}
