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
import { setPushMode, setPushUrl } from '../../domain/sandbox/set-push-url.ts';
import { handlerOf, type Handlers } from './handler.ts';

type SandboxOperation = OperationOf<'SandboxServiceV10'>;

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
