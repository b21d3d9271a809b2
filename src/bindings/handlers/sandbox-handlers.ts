// What each SandboxService operation does with a decoded request (contract/sandbox-service.ts), for both
// bindings: the domain call and its answer as the operation's response resource. Served on stage only
// (bindings/http/served-in.ts). operation-handlers.ts lists these with every other operation's.
import type { OperationOf } from '../../contract/operation-table.ts';
import { advanceParcel } from '../../domain/sandbox/advance-parcel.ts';
import { clearFaults } from '../../domain/sandbox/clear-faults.ts';
import { getSandboxState } from '../../domain/sandbox/get-sandbox-state.ts';
import { injectFault } from '../../domain/sandbox/inject-fault.ts';
import { listFaults } from '../../domain/sandbox/list-faults.ts';
import { resetAccount } from '../../domain/sandbox/reset-account.ts';
import { setClock } from '../../domain/sandbox/set-clock.ts';
import { setJourneyClock } from '../../domain/sandbox/set-journey-clock.ts';
import { setScenario } from '../../domain/sandbox/set-scenario.ts';
import { validValue } from '../../contract/schema/decode.ts';
import type { RequestType } from '../../contract/operation-table.ts';
import type { Infer } from '../../contract/schema/model.ts';
import { fail, type Outcome, type Session } from '../../domain/core/outcome.ts';
import type { Dependencies } from '../../domain/dependencies.ts';
import { answered, sessionOf, type AnswerOf, type Handler, type Handlers } from './handler.ts';
import { setPushMode, setPushUrl } from '../../domain/sandbox/set-push-url.ts';

type SandboxOperation = OperationOf<'SandboxServiceV10'>;

/**
 * The handler of a SandboxService operation: a request that decoded without violations goes to
 * `operation`; the first violation refuses it with its own code (`error_invalid_field_value`, …), as the
 * sandbox's own refusals are (domain/sandbox/sandbox-refusal.ts), not as ERR_INVALID_REQUEST.
 */
function handlerOf<K extends SandboxOperation>(
  operation: (deps: Dependencies, session: Session, request: Infer<RequestType<K>>) => Promise<Outcome<AnswerOf<K>>>,
): Handler<K> {
  return async (call, request) => {
    const value = validValue(request);
    if (value === undefined) {
      const first = request.violations[0];
      return first === undefined ? fail('ERR_INVALID_REQUEST', { reason: '' }) : fail(first.code, first.params);
    }
    return answered(await operation(call.deps, sessionOf(call), value), (answer) => answer);
  };
}

/** One handler per SandboxService operation: one missing, or one the service does not declare, does not compile. */
export const sandboxHandlers: Pick<Handlers, SandboxOperation> = Object.freeze({
  resetAccount: handlerOf<'resetAccount'>(resetAccount),
  setClock: handlerOf<'setClock'>(setClock),
  setScenario: handlerOf<'setScenario'>(setScenario),
  setJourneyClock: handlerOf<'setJourneyClock'>(setJourneyClock),
  setPushUrl: handlerOf<'setPushUrl'>(setPushUrl),
  setPushMode: handlerOf<'setPushMode'>(setPushMode),
  advanceParcel: handlerOf<'advanceParcel'>(advanceParcel),
  injectFault: handlerOf<'injectFault'>(injectFault),
  listFaults: handlerOf<'listFaults'>(listFaults),
  clearFaults: handlerOf<'clearFaults'>(clearFaults),
  getSandboxState: handlerOf<'getSandboxState'>(getSandboxState),
});
