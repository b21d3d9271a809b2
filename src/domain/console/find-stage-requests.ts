// ConsoleService findStageRequests (stage): the account's own logged calls, newest first, each with its
// masked request and answer, how it was answered (HTTP status, duration, request id) and where from;
// on the first page, today's count of refused calls that named the account (never logged one by one).
// Live keeps no log. The console's own reads are left out unless asked for, so that looking at the log
// does not fill it. A page holds at most MAX_STAGE_REQUESTS_PAGE_TEXT characters of text, so that no
// answer is more than about a MiB whatever `limit` says.
import {
  DEFAULT_PAGE_SIZE,
  ISO_DATE_TIME,
  MAX_STAGE_REQUESTS_PAGE_TEXT,
  type FindStageRequestsData,
} from '../../contract/console-service.ts';
import { ConsoleServiceContract, operationsOf } from '../../contract/operation-table.ts';
import { referenceKey } from '../shipment/label-references.ts';
import { referenceDigest, stageLogSearchKey } from '../operator/stage-log-search.ts';
import { refuse } from '../core/invalid-request.ts';
import { fail, succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { Dependencies } from '../dependencies.ts';
import type { RefusedCalls } from '../ports/stage-log-ports.ts';

/** One logged call as findStageRequests answers it. */
export interface StageRequestEntry {
  readonly id: number;
  readonly at: Date;
  readonly binding: 'REST' | 'SOAP';
  readonly operation: string;
  readonly errorCode?: string;
  readonly request: string;
  readonly answer?: string;
  readonly httpStatus?: number;
  readonly durationMs?: number;
  readonly requestId?: string;
  readonly clientAddress?: string;
  readonly path?: string;
  readonly refusedBeforeAuthentication: boolean;
}

/** ConsoleService's operations: what the console calls to draw its pages. */
const CONSOLE_OPERATIONS: readonly string[] = Object.freeze(operationsOf(ConsoleServiceContract).map((operation) => operation.name));

/** A parcel label number as printed (`0522 9000 0000 00 7`): 14 digits, spaces and a check character allowed. */
const PRINTED_NUMBER = /^(\d{14})[0-9A-Z]?$/;

/** Most parcels one reference search names. */
const MAX_SEARCHED_PARCELS = 20;

/**
 * The texts a call about `search` contains: the parcel label number it is, and the numbers of the
 * account's parcels whose label prints it as a reference (as findParcels matches references).
 */
async function searchedNumbers(deps: Dependencies, session: Session, search: string): Promise<string[]> {
  const number = PRINTED_NUMBER.exec(search.replace(/\s+/g, '').toUpperCase())?.[1];
  const { parcels } = await deps.parcelReader.listParcels(session.account.id, {
    reference: referenceKey(search.trim()),
    limit: MAX_SEARCHED_PARCELS,
  });
  return [...new Set([...(number === undefined ? [] : [number]), ...parcels.map((parcel) => parcel.parcelLabelNumber)])];
}

export async function findStageRequests(
  deps: Dependencies,
  session: Session,
  request: FindStageRequestsData,
): Promise<Outcome<{ stageRequest: StageRequestEntry[]; more: boolean; refusedCalls?: RefusedCallsEntry }>> {
  if (deps.settings.environment !== 'stage') return fail('ERR_STAGE_ONLY', { operation: 'findStageRequests' });
  const from = request.from === undefined ? undefined : new Date(request.from);
  const to = request.to === undefined ? undefined : new Date(request.to);
  // The pattern lets a 13th month or a 31st of June through.
  for (const [path, time] of [['from', from] as const, ['to', to] as const]) {
    if (time !== undefined && Number.isNaN(time.getTime()))
      return refuse(session, 'error_invalid_field_format', { path, format: ISO_DATE_TIME });
  }
  // An operation or a request id names calls: the console's own are not left out then.
  const named = request.operation !== undefined || request.requestId !== undefined;
  const { requests, more } = await deps.stageLogReader.findStageRequests(session.account.delisId, {
    operation: request.operation,
    failedOnly: request.failedOnly,
    excludeOperations: request.includeConsole === true || named ? undefined : CONSOLE_OPERATIONS,
    before: request.before,
    requestId: request.requestId,
    containing: request.search === undefined ? undefined : await searchedNumbers(deps, session, request.search),
    // And the calls that carried it as a reference (validateOrders, storeOrders), by its digest: the log masks references.
    references:
      request.search === undefined || referenceKey(request.search) === ''
        ? undefined
        : [referenceDigest(stageLogSearchKey(deps.settings.tokenSecret), request.search)],
    from,
    to,
    limit: request.limit ?? DEFAULT_PAGE_SIZE,
  });
  const kept = withinPageText(requests);
  const refused =
    request.before === undefined
      ? await deps.stageLogReader.refusedCalls(session.account.delisId, deps.clock.now().toISOString().slice(0, 10))
      : undefined;
  return succeed({
    stageRequest: kept.map((logged) => ({
      id: logged.id,
      at: logged.at,
      binding: logged.binding === 'rest' ? 'REST' : 'SOAP',
      operation: logged.operation,
      errorCode: logged.errorCode,
      request: logged.body,
      answer: logged.answer,
      httpStatus: logged.status,
      durationMs: logged.durationMs,
      requestId: logged.requestId,
      clientAddress: logged.clientAddress,
      path: logged.path,
      refusedBeforeAuthentication: logged.refusedBeforeAuthentication === true,
    })),
    more: more || kept.length < requests.length,
    refusedCalls: refused === undefined ? undefined : refusedCallsEntry(refused),
  });
}

/** Today's refused calls as findStageRequests answers them. */
export interface RefusedCallsEntry {
  readonly day: string;
  readonly count: number;
  readonly addresses: number;
  readonly moreAddresses: boolean;
  readonly example: ReadonlyArray<{
    readonly at: Date;
    readonly binding: 'REST' | 'SOAP';
    readonly operation: string;
    readonly errorCode?: string;
    readonly httpStatus?: number;
    readonly path?: string;
    readonly clientAddress: string;
    readonly count: number;
  }>;
}

function refusedCallsEntry(refused: RefusedCalls): RefusedCallsEntry {
  return {
    day: refused.day,
    count: refused.count,
    addresses: refused.addresses,
    moreAddresses: refused.moreAddresses,
    example: refused.examples.map((example) => ({
      at: example.at,
      binding: example.binding === 'rest' ? 'REST' : 'SOAP',
      operation: example.operation,
      errorCode: example.errorCode,
      httpStatus: example.status,
      path: example.path,
      clientAddress: example.clientAddress,
      count: example.count,
    })),
  };
}

/** The first entries whose texts together stay within MAX_STAGE_REQUESTS_PAGE_TEXT; at least one. */
function withinPageText<T extends { readonly body: string; readonly answer?: string }>(requests: readonly T[]): readonly T[] {
  let text = 0;
  for (let index = 0; index < requests.length; index++) {
    text += requests[index].body.length + (requests[index].answer?.length ?? 0);
    if (text > MAX_STAGE_REQUESTS_PAGE_TEXT) return requests.slice(0, Math.max(1, index));
  }
  return requests;
}
