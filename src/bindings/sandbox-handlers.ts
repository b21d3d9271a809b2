// What each SandboxService operation does with a decoded request (contract/sandbox.ts), for both
// bindings: the domain call and its answer as the operation's response resource. Served on stage only
// (bindings/served-in.ts). operation-handlers.ts lists these with every other operation's.
import type { Infer } from '../contract/model.ts';
import type { OperationOf, RequestType } from '../contract/operations.ts';
import { advanceParcel } from '../domain/advance-parcel.ts';
import { clearFaults } from '../domain/clear-faults.ts';
import { getSandboxState } from '../domain/get-sandbox-state.ts';
import { injectFault } from '../domain/inject-fault.ts';
import { listFaults } from '../domain/list-faults.ts';
import type { Outcome, Session } from '../domain/outcome.ts';
import { resetAccount } from '../domain/reset-account.ts';
import type { SandboxServices } from '../domain/services.ts';
import { setClock } from '../domain/set-clock.ts';
import { answered, sessionOf, whenValid, type AnswerOf, type Handler, type Handlers } from './handler.ts';

type SandboxOperation = OperationOf<'SandboxServiceV10'>;

/**
 * The handler of sandbox operation `K`: a request that decoded without violations goes to `operation`,
 * whose value is the answer; the first violation is an ERR_INVALID_REQUEST fault.
 */
function handlerOf<K extends SandboxOperation>(
  operation: (services: SandboxServices, session: Session, request: Infer<RequestType<K>>) => Promise<Outcome<AnswerOf<K>>>,
): Handler<K> {
  return (call, request) =>
    whenValid(call, request, async (value) => answered(await operation(call.services, sessionOf(call), value), (answer) => answer));
}

/** One handler per SandboxService operation: one missing, or one the service does not declare, does not compile. */
export const sandboxHandlers: Pick<Handlers, SandboxOperation> = Object.freeze({
  resetAccount: handlerOf<'resetAccount'>(resetAccount),
  setClock: handlerOf<'setClock'>(setClock),
  advanceParcel: handlerOf<'advanceParcel'>(advanceParcel),
  injectFault: handlerOf<'injectFault'>(injectFault),
  listFaults: handlerOf<'listFaults'>(listFaults),
  clearFaults: handlerOf<'clearFaults'>(clearFaults),
  getSandboxState: handlerOf<'getSandboxState'>(getSandboxState),
});
