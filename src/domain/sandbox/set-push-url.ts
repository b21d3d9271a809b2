// SandboxService setPushUrl and setPushMode (stage): where the account's pushes go — the carrier's
// customer centre's one URL per account, set here by the integrator — and how they leave while a
// receiver is tested (README "Tracking push"). `url` absent or empty switches pushing off. A URL must be
// http or https with a host, and its host must not be an address the operator did not allow.
import type { PushMode } from '../../contract/push-codes.ts';
import type { SetPushModeData, SetPushUrlData } from '../../contract/sandbox-service.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { refuseSandbox } from './sandbox-refusal.ts';
import type { Dependencies } from '../dependencies.ts';

/** The account's push setting as setPushUrl and setPushMode answer it. */
export interface PushSettingView {
  readonly url?: string;
  readonly mode: PushMode;
}

/** Longest push URL taken. */
export const MAX_PUSH_URL = 2000;

/** Why a push URL is refused, as an error code and its parameters; undefined when it may be set. */
export async function pushUrlRefusal(
  deps: Pick<Dependencies, 'pushAddresses'>,
  url: string,
): Promise<{ code: 'error_invalid_push_url' | 'error_push_address_not_allowed'; detail: string } | undefined> {
  if (url.length > MAX_PUSH_URL) return { code: 'error_invalid_push_url', detail: `longer than ${MAX_PUSH_URL} characters` };
  const refusal = await deps.pushAddresses.check(url);
  if (refusal === undefined) return undefined;
  return { code: refusal.reason === 'address' ? 'error_push_address_not_allowed' : 'error_invalid_push_url', detail: refusal.detail };
}

export async function setPushUrl(deps: Dependencies, session: Session, request: SetPushUrlData): Promise<Outcome<PushSettingView>> {
  const url = (request.url ?? '').trim();
  if (url !== '') {
    const refusal = await pushUrlRefusal(deps, url);
    if (refusal !== undefined) return refuseSandbox(session, refusal.code, { path: 'url', value: url, detail: refusal.detail });
  }
  const account = await deps.accounts.updateAccount(session.account.delisId, {
    pushUrl: url === '' ? null : { url, since: session.clock.now() },
  });
  deps.sessions.forgetAccount(session.account.id);
  return succeed({ ...(url === '' ? {} : { url }), mode: account?.pushMode ?? 'immediate' });
}

export async function setPushMode(deps: Dependencies, session: Session, request: SetPushModeData): Promise<Outcome<PushSettingView>> {
  const mode = request.mode as PushMode;
  const account = await deps.accounts.updateAccount(session.account.delisId, { pushMode: mode });
  deps.sessions.forgetAccount(session.account.id);
  return succeed({ ...(account?.push === undefined ? {} : { url: account.push.url }), mode });
}
