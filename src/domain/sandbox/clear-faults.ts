// SandboxService clearFaults: removes the caller's pending injected faults, or the one named.
import type { ClearFaultsData } from '../../contract/sandbox-service.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { refuseSandbox } from './sandbox-refusal.ts';
import type { SandboxDependencies } from '../dependencies.ts';

export async function clearFaults(
  deps: SandboxDependencies,
  session: Session,
  request: ClearFaultsData,
): Promise<Outcome<{ cleared: number }>> {
  const cleared = await deps.sandbox.clearInjectedFaults(session.account.id, request.id);
  if (request.id !== undefined && cleared === 0)
    return refuseSandbox(session, 'error_injected_fault_not_found', { path: 'id', value: request.id });
  deps.sessions.forgetAccount(session.account.id);
  return succeed({ cleared });
}
