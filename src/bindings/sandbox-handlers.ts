// What each SandboxService operation does with a decoded request (contract/sandbox.ts), for both
// bindings: the domain call and its answer as the operation's response resource. Served on stage only
// (bindings/served-in.ts). operation-handlers.ts lists these with every other operation's.
import type { Decoded } from '../contract/decode.ts';
import { formatMessage } from '../contract/error-catalogue.ts';
import type { ObjectType } from '../contract/model.ts';
import { advanceParcel } from '../domain/advance-parcel.ts';
import { clearFaults } from '../domain/clear-faults.ts';
import { getSandboxState } from '../domain/get-sandbox-state.ts';
import { injectFault } from '../domain/inject-fault.ts';
import { listFaults } from '../domain/list-faults.ts';
import type { Outcome, Session } from '../domain/outcome.ts';
import { resetAccount } from '../domain/reset-account.ts';
import type { Services } from '../domain/services.ts';
import { setClock } from '../domain/set-clock.ts';
import type { CallContext, Handler, HandlerResult } from './operation-handlers.ts';

type SandboxOperation<T> = (services: Services, session: Session, request: T) => Promise<Outcome<object>>;

/**
 * The handler of a sandbox operation: a request that decoded without violations goes to `operation`,
 * whose value is the answer; the first violation is an ERR_INVALID_REQUEST fault.
 */
function handlerOf<T>(operation: SandboxOperation<T>): Handler {
  return async (call: CallContext, request: Decoded<ObjectType>): Promise<HandlerResult> => {
    const session = call.session;
    if (session === undefined) throw new Error('a sandbox operation needs an authenticated session');
    const first = request.violations[0];
    if (first !== undefined) {
      const reason = formatMessage(first.code, session.language, first.params);
      return { ok: false, fault: { code: 'ERR_INVALID_REQUEST', params: { reason } } };
    }
    const outcome = await operation(call.services, session, request.value as T);
    return outcome.ok ? { ok: true, response: { ...outcome.value } } : outcome;
  };
}

export const sandboxHandlers: Readonly<Record<string, Handler>> = Object.freeze({
  resetAccount: handlerOf(resetAccount),
  setClock: handlerOf(setClock),
  advanceParcel: handlerOf(advanceParcel),
  injectFault: handlerOf(injectFault),
  listFaults: handlerOf(listFaults),
  clearFaults: handlerOf(clearFaults),
  getSandboxState: handlerOf(getSandboxState),
});
