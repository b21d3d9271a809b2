// Stage requests kept for metrics (already masked by the caller), with retention.
import type { Kysely, Selectable } from 'kysely';
import type { StageLogRepository, StageRequest, StageRequestCount } from '../domain/ports.ts';
import { toDate, toMillis, toText } from './column-values.ts';
import { deleteRowsBefore } from './delete-in-batches.ts';
import { prepareInsert } from './prepared-insert.ts';
import type { Database, StageRequestsTable } from './schema.ts';
import type { Transactor } from './transactor.ts';

/** Stage requests kept in `db`, written in `transactor`'s transactions (metrics: not synced). */
export function createStageRequestRepository(db: Kysely<Database>, transactor: Transactor): StageLogRepository {
  const insert = prepareInsert(db, 'stage_requests', ['at', 'binding', 'operation', 'delis_id', 'error_code', 'body']);
  return {
    async recordMany(requests: readonly StageRequest[]): Promise<void> {
      if (requests.length === 0) {
        return;
      }
      await transactor.transaction((executor) =>
        insert.run(
          executor,
          requests.map((request) => ({
            at: toMillis(request.at),
            binding: request.binding,
            operation: request.operation,
            delis_id: request.delisId === undefined ? null : toText(request.delisId),
            error_code: request.errorCode ?? null,
            body: toText(request.body),
          })),
        ),
      );
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
        .map((row) => ({ operation: row.operation, errorCode: row.error_code, count: row.count }))
        .sort((a, b) => compare(a.operation, b.operation) || compare(a.errorCode ?? '', b.errorCode ?? ''));
    },

    purgeBefore: (before: Date): Promise<number> => deleteRowsBefore(db, 'stage_requests', before),

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
