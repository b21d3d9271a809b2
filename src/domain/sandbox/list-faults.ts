// SandboxService listFaults: the caller's pending injected faults, oldest first, or the one named.
import type { ListFaultsData } from '../../contract/sandbox-service.ts';
import { faultView, type FaultView } from './fault-injection.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { refuseSandbox } from './sandbox-refusal.ts';
import type { SandboxDependencies } from '../dependencies.ts';

export async function listFaults(
  deps: SandboxDependencies,
  session: Session,
  request: ListFaultsData,
): Promise<Outcome<{ fault: FaultView[] }>> {
  const faults = await deps.sandbox.listInjectedFaults(session.account.id, request.id);
  if (request.id !== undefined && faults.length === 0)
    return refuseSandbox(session, 'error_injected_fault_not_found', { path: 'id', value: request.id });
  return succeed({ fault: faults.map(faultView) });
}
