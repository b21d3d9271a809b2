// Stage requests kept for metrics and the account's Requests page (already masked by the caller),
// with retention. Every read of findStageRequests is a bounded read of an index (issue 41): by account
// and id, operation, failed calls, time, request id, or — a search — the parcel numbers each call names
// (stage_request_keys). Calls refused before authentication are counted (stage-refusal-rows.ts).
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
import { referenceSearchKey, searchKeysOf } from './stage-request-numbers.ts';
import { countRefusals, purgeRefusalsBefore, refusedCallsOn } from './stage-refusal-rows.ts';
import type { Transactor } from './transactor.ts';

/** Stage requests kept in `db`, written in `transactor`'s transactions (metrics: not synced). */
export function createStageRequestRepository(db: Kysely<Database>, transactor: Transactor): StageLogRepository & StageLogReader {
  const columns = [
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
  ] as const;
  const insert = prepareInsert(db, 'stage_requests', columns);
  // A call naming parcel numbers is inserted on its own, for its id.
  const insertOne = prepareInsert(db, 'stage_requests', columns, { returning: 'id' });
  const insertNumbers = prepareInsert(db, 'stage_request_keys', ['stage_request_id', 'delis_id', 'search_key']);
  return {
    async recordMany(all: readonly StageRequest[]): Promise<void> {
      const requests = await withNamedAccounts(db, all);
      if (requests.length === 0) {
        return;
      }
      const refused = requests.filter((request) => request.refusedBeforeAuthentication === true);
      const kept = refused.length === 0 ? requests : requests.filter((request) => request.refusedBeforeAuthentication !== true);
      await transactor.transaction(async (executor) => {
        // In the calls' order, so that ids follow it: runs of calls naming no number in one statement.
        let run: ReturnType<typeof toRow>[] = [];
        for (const request of kept) {
          const row = toRow(request);
          const delisId = row.delis_id;
          const keys = delisId === null ? [] : searchKeysOf(row);
          if (delisId === null || keys.length === 0) {
            run.push(row);
            continue;
          }
          if (run.length > 0) await insert.run(executor, run);
          run = [];
          const [id] = await insertOne.run(executor, [row]);
          await insertNumbers.run(
            executor,
            keys.map((key) => ({ stage_request_id: id, delis_id: delisId, search_key: key })),
          );
        }
        if (run.length > 0) await insert.run(executor, run);
        if (refused.length > 0) await countRefusals(db, executor, refused);
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
        .map((row) => ({ operation: row.operation, errorCode: row.error_code, count: row.count }))
        .sort((a, b) => compare(a.operation, b.operation) || compare(a.errorCode ?? '', b.errorCode ?? ''));
    },

    // The numbers of a removed call go with it (a foreign key that cascades).
    purgeBefore: async (before: Date): Promise<number> =>
      (await deleteRowsBefore(db, 'stage_requests', before)) + (await purgeRefusalsBefore(db, before)),

    async latest(limit: number): Promise<StageRequest[]> {
      const rows = await db.selectFrom('stage_requests').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toStageRequest);
    },

    async findStageRequests(delisId, query) {
      const { containing, references } = query;
      const keys =
        containing === undefined && references === undefined
          ? undefined
          : [...(containing ?? []), ...(references ?? []).map(referenceSearchKey)];
      if (keys !== undefined && keys.length === 0) return { requests: [], more: false };
      // A time range reads the account's calls by time (stage_requests_account_at_idx), newest first.
      const byTime = query.from !== undefined || query.to !== undefined;
      let select = db.selectFrom('stage_requests').selectAll().where('delis_id', '=', delisId);
      if (query.operation !== undefined) select = select.where('operation', '=', query.operation);
      if (query.failedOnly === true) select = select.where('error_code', 'is not', null);
      if (query.excludeOperations !== undefined && query.excludeOperations.length > 0) {
        select = select.where('operation', 'not in', query.excludeOperations);
      }
      if (query.requestId !== undefined) select = select.where('request_id', '=', query.requestId);
      if (query.from !== undefined) select = select.where('at', '>=', toMillis(query.from));
      if (query.to !== undefined) select = select.where('at', '<', toMillis(query.to));
      if (keys !== undefined) {
        select = select.where(
          'id',
          'in',
          db.selectFrom('stage_request_keys').select('stage_request_id').where('delis_id', '=', delisId).where('search_key', 'in', keys),
        );
      }
      if (query.before !== undefined) {
        const cursor = byTime
          ? await db
              .selectFrom('stage_requests')
              .select('at')
              .where('id', '=', query.before)
              .where('delis_id', '=', delisId)
              .executeTakeFirst()
          : undefined;
        select =
          cursor === undefined
            ? select.where('id', '<', query.before)
            : select.where(sql<boolean>`(at, id) < (${cursor.at}, ${query.before})`);
      }
      const ordered = byTime ? select.orderBy('at', 'desc').orderBy('id', 'desc') : select.orderBy('id', 'desc');
      const rows = await ordered.limit(query.limit + 1).execute();
      const requests: LoggedStageRequest[] = rows.slice(0, query.limit).map((row) => ({ id: row.id, ...toStageRequest(row) }));
      return { requests, more: rows.length > query.limit };
    },

    refusedCalls: (delisId: string, day: string) => refusedCallsOn(db, delisId, day),
  };
}

/** The row of a call. */
function toRow(request: StageRequest) {
  return {
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
  };
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
