// ConsoleService findStageRequests (stage): the account's own logged calls, newest first, each with its
// masked request and answer. Live keeps no log. The console's own reads are left out unless asked for,
// so that looking at the log does not fill it.
import { DEFAULT_PAGE_SIZE, type FindStageRequestsData } from '../../contract/console-service.ts';
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
  return succeed({
    stageRequest: requests.map((logged) => ({
      id: logged.id,
      at: logged.at,
      binding: logged.binding === 'rest' ? 'REST' : 'SOAP',
      operation: logged.operation,
      errorCode: logged.errorCode,
      request: logged.body,
      answer: logged.answer,
    })),
    more,
  });
}
