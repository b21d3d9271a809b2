// Login attempts and failures, one row per attempt and key, so every process on the database counts
// them alike. An attempt is written before its password is checked (pending), which makes parallel
// guesses count against each other; docs/decisions.md "Authentication" gives the reasoning.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { LoginAttempt, LoginFailureRepository, LoginFailures } from '../domain/ports/login-ports.ts';
import type { StoreDialect } from './store-dialect.ts';
import { toDate, toMillis, toText } from './column-values.ts';
import { deleteRowsBefore } from './delete-in-batches.ts';
import type { Database } from './schema.ts';

type Reader = Kysely<Database>;

/**
 * Attempts of `keys` since `since` (only those with `id` below `below[key]` when given, by stored key),
 * per key. Keys are stored as toText makes them, and answered as asked.
 */
async function readAttempts(
  db: Reader,
  keys: readonly string[],
  since: Date,
  staleBefore: Date,
  below?: ReadonlyMap<string, number>,
): Promise<LoginFailures[]> {
  if (keys.length === 0) return [];
  const asked = new Map(keys.map((key) => [toText(key), key]));
  const stale = toMillis(staleBefore);
  const pending = sql<boolean>`pending = 1 and at >= ${stale}`;
  const attempts = db
    .selectFrom('login_failures')
    .select([
      'key',
      sql<string | number>`sum(case when ${pending} then 1 else 0 end)`.as('pending'),
      sql<string | number>`sum(case when ${pending} then 0 else 1 end)`.as('count'),
      sql<string | number | null>`max(case when ${pending} then null else at end)`.as('last'),
    ])
    .where('key', 'in', [...asked.keys()])
    .where('at', '>=', toMillis(since));
  const limited =
    below === undefined
      ? attempts
      : attempts.where((eb) => eb.or([...below].map(([key, id]): Expression<SqlBool> => eb.and([eb('key', '=', key), eb('id', '<', id)]))));
  const rows = await limited.groupBy('key').execute();
  return rows.map((row) => ({
    key: asked.get(row.key) ?? row.key,
    count: Number(row.count),
    last: row.last === null ? undefined : toDate(Number(row.last)),
    pending: Number(row.pending),
  }));
}

export function createLoginFailureRepository(db: Kysely<Database>, dialect: StoreDialect): LoginFailureRepository {
  /** Inserts the pending rows and reads what came before them. */
  const begin = async (trx: Reader, keys: readonly string[], at: Date, since: Date, staleBefore: Date) => {
    const rows = await trx
      .insertInto('login_failures')
      .values(keys.map((key) => ({ key: toText(key), at: toMillis(at), pending: 1 as const })))
      .returning(['id', 'key'])
      .execute();
    const ids = new Map(rows.map((row) => [row.key, row.id]));
    const before = await readAttempts(trx, keys, since, staleBefore, ids);
    return { attempt: { ids: [...ids.values()] } satisfies LoginAttempt, before };
  };

  return {
    failuresSince: (keys, since, staleBefore) => readAttempts(db, keys, since, staleBefore),

    async begin(keys, at, since, staleBefore) {
      // "Earlier" is "smaller id", so the rows with smaller ids must be visible when we read. SQLite
      // has one writer at a time and hands out ids in commit order. PostgreSQL draws ids before commit,
      // so an attempt could commit after a later one has read; a lock held from insert to read makes
      // the two steps of each attempt one, in id order. It is held for two short statements only,
      // never while the password is checked.
      if (dialect === 'sqlite') return begin(db, keys, at, since, staleBefore);
      return db.transaction().execute(async (trx) => {
        await sql`lock table login_failures in share row exclusive mode`.execute(trx);
        return begin(trx, keys, at, since, staleBefore);
      });
    },

    async fail(attempt, at) {
      if (attempt.ids.length === 0) return;
      // Dated at the failure, not at the attempt's start: the wait runs from the answer the caller got.
      await db
        .updateTable('login_failures')
        .set({ pending: 0, at: toMillis(at) })
        .where('id', 'in', attempt.ids)
        .execute();
    },

    async abandon(attempt) {
      if (attempt.ids.length === 0) return;
      await db.deleteFrom('login_failures').where('id', 'in', attempt.ids).execute();
    },

    async succeed(attempt, clearKeys) {
      if (attempt.ids.length === 0) return;
      const last = Math.max(...attempt.ids);
      await db
        .deleteFrom('login_failures')
        .where((eb) =>
          eb.or([
            eb('id', 'in', attempt.ids),
            // Failures up to this attempt; attempts begun after it (pending or not) keep counting.
            ...(clearKeys.length === 0
              ? []
              : [eb.and([eb('key', 'in', clearKeys.map(toText)), eb('id', '<', last), eb('pending', '=', 0)])]),
          ]),
        )
        .execute();
    },

    purgeBefore: (before: Date): Promise<number> => deleteRowsBefore(db, 'login_failures', before),
  };
}
