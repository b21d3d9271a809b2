// SandboxService clearFaults: removes the caller's pending injected faults, or the one named.
import type { ClearFaultsData } from '../contract/sandbox.ts';
import { succeed, type Outcome, type Session } from './outcome.ts';
import { refuse } from './sandbox-refusal.ts';
import type { SandboxServices } from './services.ts';

export async function clearFaults(
  services: SandboxServices,
  session: Session,
  request: ClearFaultsData,
): Promise<Outcome<{ cleared: number }>> {
  const cleared = await services.sandbox.clearInjectedFaults(session.account.id, request.id);
  if (request.id !== undefined && cleared === 0)
    return refuse(session, 'error_injected_fault_not_found', { path: 'id', value: request.id });
  services.sessions.forgetAccount(session.account.id);
  return succeed({ cleared });
}
