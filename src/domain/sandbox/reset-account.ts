// SandboxService resetAccount: the caller's account as new — its parcels, orders (pickup orders and
// collection requests too), consolidations, tracking events, stage-log entries and pending faults are
// removed; the account, its settings, its clock and its token stay. Numbers issued before are never
// issued again, so the account's next parcel numbers continue the sequence and the old ones answer as
// unknown.
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { AccountReset } from '../ports/account-ports.ts';
import type { SandboxDependencies } from '../dependencies.ts';

export async function resetAccount(deps: SandboxDependencies, session: Session, _request: unknown): Promise<Outcome<AccountReset>> {
  const { account } = session;
  const removed = await deps.sandbox.resetAccount(account.id, account.delisId);
  // Its pending faults are gone: this process's next call of the account must not look for them.
  deps.sessions.forgetAccount(account.id);
  return succeed(removed);
}
