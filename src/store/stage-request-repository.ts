// Stage requests kept for metrics (already masked by the caller), with retention.
import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { StageLogRepository, StageRequest, StageRequestCount } from '../domain/ports.ts';
import { toDate, toMillis } from './column-values.ts';
import type { Database, StageRequestsTable } from './schema.ts';

/** Stage requests kept in `db`. */
export function createStageRequestRepository(db: Kysely<Database>): StageLogRepository {
  let insertOne: string | undefined;
  return {
    async recordMany(requests: readonly StageRequest[]): Promise<void> {
      if (requests.length === 0) {
        return;
      }
      // One single-row insert compiled once and run per request: for thousands of rows a second this
      // costs far less than building multi-row statements (and SQLite reuses the prepared statement).
      insertOne ??= db.insertInto('stage_requests')
        .values({ at: 0, binding: 'rest', operation: '', delis_id: null, error_code: null, body: '' })
        .compile().sql;
      const statement = insertOne;
      await db.transaction().execute(async (trx) => {
        for (const request of requests) {
          await trx.executeQuery(CompiledQuery.raw(statement, [
            toMillis(request.at), request.binding, request.operation, request.delisId ?? null, request.errorCode ?? null, request.body,
          ]));
        }
      });
    },

    async counts(since: Date): Promise<StageRequestCount[]> {
      const rows = await db
        .selectFrom('stage_requests')
        .select(['operation', 'error_code', (eb) => eb.fn.countAll<number>().as('count')])
        .where('at', '>=', toMillis(since))
        .groupBy(['operation', 'error_code'])
        .execute();
      // Sorted here: the databases disagree on where NULL sorts.
      return rows
        .map((row) => ({ operation: row.operation, errorCode: row.error_code, count: Number(row.count) }))
        .sort((a, b) => compare(a.operation, b.operation) || compare(a.errorCode ?? '', b.errorCode ?? ''));
    },

    async purgeBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('stage_requests').where('at', '<', toMillis(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async latest(limit: number): Promise<StageRequest[]> {
      const rows = await db.selectFrom('stage_requests').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toStageRequest);
    },
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toStageRequest(row: Selectable<StageRequestsTable>): StageRequest {
  return {
    at: toDate(row.at),
    binding: row.binding,
    operation: row.operation,
    ...(row.delis_id === null ? {} : { delisId: row.delis_id }),
    ...(row.error_code === null ? {} : { errorCode: row.error_code }),
    body: row.body,
  };
}
