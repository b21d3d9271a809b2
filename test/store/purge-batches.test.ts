// The purge removes old stage requests, expired tokens and old failed logins in bounded batches over
// every store, so a large backlog never holds the write lock (on SQLite, the event loop) for long.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase, type Store } from '../../src/store/open-database.ts';
import type { Database } from '../../src/store/schema.ts';
import { forEachStore } from '../support/databases.ts';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const OLD = 1234;
const KEPT = 3;

/** Every statement the suite's store ran. */
const statements: string[] = [];
let filled = 0;

const tables = [
  {
    table: 'stage_requests',
    fill: (db: Kysely<Database>, at: number, count: number) =>
      db
        .insertInto('stage_requests')
        .values(
          Array.from({ length: count }, () => ({
            at,
            binding: 'rest' as const,
            operation: 'getAuth',
            delis_id: null,
            error_code: null,
            body: '{}',
          })),
        )
        .execute(),
    purge: (store: () => Store) => store().stageRequests.purgeBefore(new Date(T0)),
  },
  {
    table: 'login_failures',
    fill: (db: Kysely<Database>, at: number, count: number) =>
      db
        .insertInto('login_failures')
        .values(Array.from({ length: count }, (_, i) => ({ key: `id:KD${i}`, at, pending: 0 as const })))
        .execute(),
    purge: (store: () => Store) => store().loginFailures.purgeBefore(new Date(T0)),
  },
  {
    table: 'auth_tokens',
    fill: async (db: Kysely<Database>, at: number, count: number) => {
      const account = await db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
      await db
        .insertInto('auth_tokens')
        .values(
          Array.from({ length: count }, (_, i) => ({
            account_id: account.id,
            token_hash: `token-${filled + i}`,
            nonce: 'n',
            issued_at: at - 86_400_000,
            expires_at: at,
          })),
        )
        .execute();
      filled += count;
    },
    purge: (store: () => Store) => store().tokens.deleteTokensExpiredBefore(new Date(T0)),
  },
] as const;

forEachStore(
  'purge in batches',
  ({ store, options }) => {
    let db: Kysely<Database>;
    before(async () => {
      db = openDatabase(options()).db;
      await store().accounts.addAccount({
        delisId: 'KD1',
        passwordHash: 'h',
        depots: ['0522'],
        messageLanguage: 'en_US',
        lateExport: false,
        pickupApproved: false,
      });
    });
    after(() => db.destroy());

    for (const { table, fill, purge } of tables) {
      test(`${table}: removes exactly the old rows, a batch at a time`, async () => {
        for (let i = 0; i < OLD; i += 400) await fill(db, T0 - 1, Math.min(400, OLD - i));
        await fill(db, T0, KEPT);
        statements.length = 0;
        assert.equal(await purge(store), OLD);
        const deletes = statements.filter((text) => new RegExp(`^delete from "${table}"`, 'i').test(text));
        assert.ok(deletes.length >= 3, `${OLD} rows in ${deletes.length} statement(s)`);
        const left = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(left.n), KEPT);
        assert.equal(await purge(store), 0);
      });
    }
  },
  {
    log: (event) => {
      statements.push(event.query.sql);
    },
  },
);
