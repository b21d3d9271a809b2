// SandboxService injectFault: the caller's next `count` calls of an operation (or of any, `*`), over
// one binding or either, get a fault, an authentication fault, an HTTP status, a delay or a dropped
// connection instead of their answer — before anything is stored (domain/sandbox/fault-injection.ts takes them).
import { MAX_PENDING_FAULTS, type InjectFaultData } from '../../contract/sandbox-service.ts';
import { FAULTABLE_OPERATIONS, faultView, type FaultView } from './fault-injection.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { FaultBehaviour, FaultBinding } from '../ports/sandbox-ports.ts';
import { refuseSandbox } from './sandbox-refusal.ts';
import type { SandboxDependencies } from '../dependencies.ts';

/** The message of an injected fault that names none, in the injecting caller's language. */
const INJECTED = { en_US: 'Injected by the sandbox (injectFault).', nl_NL: 'Geïnjecteerd door de sandbox (injectFault).' } as const;

/** The one behaviour the request gives; undefined when it gives none or several. */
function behaviourOf(request: InjectFaultData, session: Session): FaultBehaviour | undefined {
  const given: FaultBehaviour[] = [];
  const message = INJECTED[session.language];
  if (request.fault !== undefined) given.push({ fault: { faultCode: request.fault.faultCode, message: request.fault.message ?? message } });
  if (request.authenticationFault !== undefined) {
    const { errorCode, errorMessage } = request.authenticationFault;
    given.push({ authenticationFault: { errorCode, errorMessage: errorMessage ?? message } });
  }
  if (request.httpStatus !== undefined) given.push({ httpStatus: request.httpStatus as 500 | 502 | 503 | 504 });
  if (request.delayMs !== undefined) given.push({ delayMs: request.delayMs });
  if (request.dropConnection === true) given.push({ dropConnection: true });
  return given.length === 1 ? given[0] : undefined;
}

export async function injectFault(deps: SandboxDependencies, session: Session, request: InjectFaultData): Promise<Outcome<FaultView>> {
  const { operation } = request;
  if (operation !== '*' && !FAULTABLE_OPERATIONS.includes(operation)) {
    return refuseSandbox(session, 'error_unknown_operation', {
      path: 'operation',
      value: operation,
      values: FAULTABLE_OPERATIONS.join(', '),
    });
  }
  const behaviour = behaviourOf(request, session);
  if (behaviour === undefined) return refuseSandbox(session, 'error_fault_behaviour_choice', { path: 'injectFault' });
  const fault = await deps.sandbox.addInjectedFault(
    session.account.id,
    { operation, binding: (request.binding ?? 'any') as FaultBinding, count: request.count ?? 1, behaviour },
    deps.clock.now(),
    MAX_PENDING_FAULTS,
  );
  if (fault === undefined) return refuseSandbox(session, 'error_too_many_pending_faults', { path: 'injectFault', max: MAX_PENDING_FAULTS });
  // The account's row now counts the fault: this process's next call must read it, not the cached row.
  deps.sessions.forgetAccount(session.account.id);
  return succeed(faultView(fault));
}
