// SandboxService resetAccount: the caller's account as a new one — its parcels, orders (pickup orders
// and collection requests too), consolidations, tracking events, stage-log entries and pending faults
// removed, its clock back on the real time, its default scenario `delivered`, its journeys as if they
// never ran. What stays (README "Testing your integration"): the account itself with the operator's
// settings (depots, late export, language), the token the caller holds (moved with the clock, so it
// keeps the account time it had left) and the number sequence — numbers issued before are never issued
// again, so the account's next parcel numbers continue it and the old ones answer as unknown.
import { accountTime } from '../core/account-clock.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { AccountReset } from '../ports/account-ports.ts';
import type { SandboxDependencies } from '../dependencies.ts';

export async function resetAccount(deps: SandboxDependencies, session: Session, _request: unknown): Promise<Outcome<AccountReset>> {
  // The clock as stored now, not as the session read it: another process may have moved it since.
  const account = (await deps.accounts.findAccount(session.account.delisId)) ?? session.account;
  const real = deps.clock.now();
  const removed = await deps.sandbox.resetAccount(account.id, account.delisId, real.getTime() - accountTime(account.clock, real).getTime());
  // Its clock, scenario, journeys and faults changed: this process's next call of the account reads them anew.
  deps.sessions.forgetAccount(account.id);
  return succeed(removed);
}
