// Stage requests kept for metrics (already masked by the caller), with retention.
import type { Kysely, Selectable } from 'kysely';
import type {
  LoggedStageRequest,
  StageLogReader,
  StageLogRepository,
  StageRequest,
  StageRequestCount,
} from '../domain/ports/stage-log-ports.ts';
import { toDate, toMillis, toText } from './column-values.ts';
import { deleteRowsBefore } from './delete-in-batches.ts';
import { prepareInsert } from './prepared-insert.ts';
import type { Database, StageRequestsTable } from './schema.ts';
import type { Transactor } from './transactor.ts';

/** Stage requests kept in `db`, written in `transactor`'s transactions (metrics: not synced). */
export function createStageRequestRepository(db: Kysely<Database>, transactor: Transactor): StageLogRepository & StageLogReader {
  const insert = prepareInsert(db, 'stage_requests', ['at', 'binding', 'operation', 'delis_id', 'error_code', 'body', 'answer']);
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
            answer: request.answer === undefined ? null : toText(request.answer),
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

    async findStageRequests(delisId, query) {
      let select = db.selectFrom('stage_requests').selectAll().where('delis_id', '=', delisId);
      if (query.operation !== undefined) select = select.where('operation', '=', query.operation);
      if (query.failedOnly === true) select = select.where('error_code', 'is not', null);
      if (query.excludeOperations !== undefined && query.excludeOperations.length > 0) {
        select = select.where('operation', 'not in', query.excludeOperations);
      }
      if (query.before !== undefined) select = select.where('id', '<', query.before);
      const rows = await select
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const requests: LoggedStageRequest[] = rows.slice(0, query.limit).map((row) => ({ id: row.id, ...toStageRequest(row) }));
      return { requests, more: rows.length > query.limit };
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
    ...(row.answer === null ? {} : { answer: row.answer }),
  };
}
