// Failed logins, one row per failure and key, so every process on the database counts them alike.
import type { Kysely } from 'kysely';
import type { LoginFailureRepository, LoginFailures } from '../domain/ports.ts';
import { toDate, toMillis } from './column-values.ts';
import type { Database } from './schema.ts';

export function createLoginFailureRepository(db: Kysely<Database>): LoginFailureRepository {
  return {
    async failuresSince(keys: readonly string[], since: Date): Promise<LoginFailures[]> {
      if (keys.length === 0) return [];
      const rows = await db
        .selectFrom('login_failures')
        .select(['key', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('at').as('last')])
        .where('key', 'in', keys)
        .where('at', '>=', toMillis(since))
        .groupBy('key')
        .execute();
      return rows.map((row) => ({ key: row.key, count: Number(row.count), last: toDate(Number(row.last)) }));
    },

    async record(keys: readonly string[], at: Date): Promise<void> {
      if (keys.length === 0) return;
      await db.insertInto('login_failures').values(keys.map((key) => ({ key, at: toMillis(at) }))).execute();
    },

    async clear(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
    },

    async purgeBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('login_failures').where('at', '<', toMillis(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
