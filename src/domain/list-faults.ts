// SandboxService listFaults: the caller's pending injected faults, oldest first, or the one named.
import type { ListFaultsData } from '../contract/sandbox.ts';
import { faultView, type FaultView } from './injected-faults.ts';
import { succeed, type Outcome, type Session } from './outcome.ts';
import { refuse } from './sandbox-refusal.ts';
import type { SandboxServices } from './services.ts';

export async function listFaults(
  services: SandboxServices,
  session: Session,
  request: ListFaultsData,
): Promise<Outcome<{ fault: FaultView[] }>> {
  const faults = await services.sandbox.listInjectedFaults(session.account.id, request.id);
  if (request.id !== undefined && faults.length === 0)
    return refuse(session, 'error_injected_fault_not_found', { path: 'id', value: request.id });
  return succeed({ fault: faults.map(faultView) });
}
