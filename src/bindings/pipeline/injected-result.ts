// SandboxService fault injection as an operation's result, for both bindings: the hook each call path
// runs after authentication and before the operation (domain/sandbox/fault-injection.ts decides), and how the
// result of a call an injected fault answers is marked, recorded and told apart from a real one.
import { errorCatalogue, type ErrorCode } from '../../contract/error-catalogue.ts';
import { takeInjectedFault, type InjectedAnswer } from '../../domain/sandbox/fault-injection.ts';
import type { Fault, Session } from '../../domain/core/outcome.ts';
import type { Dependencies } from '../../domain/dependencies.ts';

/**
 * The result of a call an injected fault answers: a fault of any operation's handler result, and how
 * to answer it — none for a delayed call refused (ERR_TOO_MANY_DELAYED_CALLS), answered as any fault.
 */
export interface InjectedResult {
  readonly ok: false;
  readonly fault: Fault;
  readonly injected?: InjectedAnswer;
}

/**
 * The result a call gets from an injected fault, undefined when it goes on to its operation (none
 * waits, or a delay has passed). No promise at all for an account with no fault pending: every
 * other call's cost. The result is recorded as ERR_INJECTED_FAULT; `injected` says how to answer it.
 */
export function injectedFaultResult(
  deps: Dependencies,
  session: Session,
  operation: string,
  binding: 'rest' | 'soap',
): Promise<InjectedResult | undefined> | undefined {
  return takeInjectedFault(deps, session, operation, binding)?.then((answer) =>
    answer === undefined
      ? undefined
      : 'refused' in answer
        ? { ok: false, fault: answer.refused }
        : {
            ok: false,
            fault: { code: 'ERR_INJECTED_FAULT', params: { by: answer.by, status: 'httpStatus' in answer ? answer.httpStatus : 503 } },
            injected: answer,
          },
  );
}

/** An injected code's HTTP status and side (client or server), when the catalogue knows the code; else `fallback`'s. */
export function injectedStatusOf(code: string, fallback: number): number {
  return Object.hasOwn(errorCatalogue, code) ? (errorCatalogue[code as ErrorCode].httpStatus ?? fallback) : fallback;
}

export type { InjectedAnswer };
