// ConsoleService resendPush: a push given up after its 48 hours goes back in the queue, due at once
// (the account's time), with the same pushid — "send again" on the console's Pushes page. A push that
// is not given up (delivered, or still waiting) is left as it is: `resent` 0.
import type { ResendPushData } from '../../contract/console-service.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { refuse } from '../core/invalid-request.ts';
import type { Dependencies } from '../dependencies.ts';

export async function resendPush(deps: Dependencies, session: Session, request: ResendPushData): Promise<Outcome<{ resent: number }>> {
  const accountId = session.account.id;
  const pushid = String(request.pushid);
  const [push] = (await deps.pushes.listPushes({ accountId, pushid, limit: 1 })).pushes;
  if (push === undefined) return refuse(session, 'error_push_not_found', { path: 'pushid', value: pushid });
  const now = session.clock.now();
  const resent = await deps.pushes.resend({ accountId, pushid }, async () => now);
  if (resent > 0) deps.pushQueued?.();
  return succeed({ resent });
}
