// SandboxService getSandboxState: the caller's clock, its parcels per state (by its clock, so a parcel
// past its 28 days counts as expired) and its pending injected faults.
import { faultView, type FaultView } from './fault-injection.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { ParcelStateCount } from '../ports/sandbox-ports.ts';
import { clockView, type ClockView } from './sandbox-time.ts';
import type { SandboxDependencies } from '../dependencies.ts';

export interface SandboxState {
  readonly clock: ClockView;
  readonly parcels: readonly ParcelStateCount[];
  readonly fault: readonly FaultView[];
}

export async function getSandboxState(deps: SandboxDependencies, session: Session, _request: unknown): Promise<Outcome<SandboxState>> {
  // The clock as stored now, not as the session read it: another process may have moved it since.
  const account = (await deps.accounts.findAccount(session.account.delisId)) ?? session.account;
  const clock = clockView(account.clock, deps.clock.now());
  const [parcels, faults] = await Promise.all([
    deps.sandbox.countParcels(account.id, clock.now),
    deps.sandbox.listInjectedFaults(account.id),
  ]);
  return succeed({ clock, parcels, fault: faults.map(faultView) });
}
