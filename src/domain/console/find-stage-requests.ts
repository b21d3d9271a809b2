// ConsoleService findStageRequests (stage): the account's own logged calls, newest first, each with its
// masked request and answer. Live keeps no log. The console's own reads are left out unless asked for,
// so that looking at the log does not fill it. A page holds at most MAX_STAGE_REQUESTS_PAGE_TEXT
// characters of text, so that no answer is more than about a MiB whatever `limit` says.
import { DEFAULT_PAGE_SIZE, MAX_STAGE_REQUESTS_PAGE_TEXT, type FindStageRequestsData } from '../../contract/console-service.ts';
import { ConsoleServiceContract, operationsOf } from '../../contract/operation-table.ts';
import { fail, succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { Dependencies } from '../dependencies.ts';

/** One logged call as findStageRequests answers it. */
export interface StageRequestEntry {
  readonly id: number;
  readonly at: Date;
  readonly binding: 'REST' | 'SOAP';
  readonly operation: string;
  readonly errorCode?: string;
  readonly request: string;
  readonly answer?: string;
}

/** ConsoleService's operations: what the console calls to draw its pages. */
const CONSOLE_OPERATIONS: readonly string[] = Object.freeze(operationsOf(ConsoleServiceContract).map((operation) => operation.name));

export async function findStageRequests(
  deps: Dependencies,
  session: Session,
  request: FindStageRequestsData,
): Promise<Outcome<{ stageRequest: StageRequestEntry[]; more: boolean }>> {
  if (deps.settings.environment !== 'stage') return fail('ERR_STAGE_ONLY', { operation: 'findStageRequests' });
  const { requests, more } = await deps.stageLogReader.findStageRequests(session.account.delisId, {
    operation: request.operation,
    failedOnly: request.failedOnly,
    excludeOperations: request.includeConsole === true || request.operation !== undefined ? undefined : CONSOLE_OPERATIONS,
    before: request.before,
    limit: request.limit ?? DEFAULT_PAGE_SIZE,
  });
  const kept = withinPageText(requests);
  return succeed({
    stageRequest: kept.map((logged) => ({
      id: logged.id,
      at: logged.at,
      binding: logged.binding === 'rest' ? 'REST' : 'SOAP',
      operation: logged.operation,
      errorCode: logged.errorCode,
      request: logged.body,
      answer: logged.answer,
    })),
    more: more || kept.length < requests.length,
  });
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
