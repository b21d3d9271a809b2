// Stage requests kept for metrics and the account's Requests page (already masked by the caller),
// with retention.
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  LoggedStageRequest,
  StageLogReader,
  StageLogRepository,
  StageRequest,
  StageRequestCount,
} from '../domain/ports/stage-log-ports.ts';
import { fromFlag, toDate, toFlag, toMillis, toText } from './column-values.ts';
import { deleteRowsBefore } from './delete-in-batches.ts';
import { prepareInsert } from './prepared-insert.ts';
import type { Database, StageRequestsTable } from './schema.ts';
import type { Transactor } from './transactor.ts';

/** Stage requests kept in `db`, written in `transactor`'s transactions (metrics: not synced). */
export function createStageRequestRepository(db: Kysely<Database>, transactor: Transactor): StageLogRepository & StageLogReader {
  const insert = prepareInsert(db, 'stage_requests', [
    'at',
    'binding',
    'operation',
    'delis_id',
    'error_code',
    'body',
    'answer',
    'status',
    'duration_ms',
    'request_id',
    'client_address',
    'path',
    'refused_before_authentication',
    'search_keys',
  ]);
  return {
    async recordMany(all: readonly StageRequest[]): Promise<void> {
      const requests = await withNamedAccounts(db, all);
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
            status: request.status ?? null,
            duration_ms: request.durationMs === undefined ? null : Math.round(request.durationMs),
            request_id: request.requestId === undefined ? null : toText(request.requestId),
            client_address: request.clientAddress === undefined ? null : toText(request.clientAddress),
            path: request.path === undefined ? null : toText(request.path),
            refused_before_authentication: toFlag(request.refusedBeforeAuthentication === true),
            search_keys: request.searchKeys ?? null,
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
      if (query.requestId !== undefined) select = select.where('request_id', '=', query.requestId);
      if (query.from !== undefined) select = select.where('at', '>=', toMillis(query.from));
      if (query.to !== undefined) select = select.where('at', '<', toMillis(query.to));
      const { containing, references } = query;
      if (containing !== undefined || references !== undefined) {
        const texts = containing ?? [];
        const digests = references ?? [];
        if (texts.length === 0 && digests.length === 0) return { requests: [], more: false };
        const like = (text: string) => sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;
        select = select.where((eb) =>
          eb.or([
            ...texts.flatMap((text) => [eb('body', 'like', like(text)), eb('answer', 'like', like(text))]),
            // A digest is found whole: the column holds each between spaces.
            ...digests.map((digest) => eb('search_keys', 'like', like(` ${digest} `))),
          ]),
        );
      }
      const rows = await select
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const requests: LoggedStageRequest[] = rows.slice(0, query.limit).map((row) => ({ id: row.id, ...toStageRequest(row) }));
      return { requests, more: rows.length > query.limit };
    },
  };
}

/** `text` as a LIKE pattern matching it literally (escape character: backslash). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `requests` without those refused before authentication that name no existing account: nobody can
 * fill the log of an account that does not exist, nor learn from it which delisIds do.
 */
async function withNamedAccounts(db: Kysely<Database>, requests: readonly StageRequest[]): Promise<readonly StageRequest[]> {
  const refused = requests.filter((request) => request.refusedBeforeAuthentication === true);
  if (refused.length === 0) return requests;
  const named = [...new Set(refused.flatMap((request) => (request.delisId === undefined ? [] : [request.delisId])))];
  const rows = named.length === 0 ? [] : await db.selectFrom('accounts').select('delis_id').where('delis_id', 'in', named).execute();
  const existing = new Set(rows.map((row) => row.delis_id));
  return requests.filter(
    (request) => request.refusedBeforeAuthentication !== true || (request.delisId !== undefined && existing.has(request.delisId)),
  );
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
    ...(row.status === null ? {} : { status: row.status }),
    ...(row.duration_ms === null ? {} : { durationMs: row.duration_ms }),
    ...(row.request_id === null ? {} : { requestId: row.request_id }),
    ...(row.client_address === null ? {} : { clientAddress: row.client_address }),
    ...(row.path === null ? {} : { path: row.path }),
    ...(fromFlag(row.refused_before_authentication) ? { refusedBeforeAuthentication: true } : {}),
  };
}
