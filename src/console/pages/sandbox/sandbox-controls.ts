// What the sandbox page's panels share: the state getSandboxState answers, a control's run (its error
// or its message shown beside it), and the call of a SandboxService operation that reloads the state.
import { useState } from 'preact/hooks';
import type { RequestOf, ResultOf } from '../../api.ts';

/** What getSandboxState answers. */
export type SandboxState = ResultOf<'getSandboxState'>;

/** The SandboxService operations, which the page calls. */
export type SandboxOperation =
  | 'resetAccount'
  | 'setClock'
  | 'setScenario'
  | 'setJourneyClock'
  | 'advanceParcel'
  | 'injectFault'
  | 'listFaults'
  | 'clearFaults'
  | 'getSandboxState'
  | 'setPushUrl'
  | 'setPushMode';

/** Calls a SandboxService operation, then reloads the sandbox's state the page shows. */
export type SandboxCall = <K extends SandboxOperation>(operation: K, request: RequestOf<K>) => Promise<ResultOf<K>>;

/** What every panel is handed: the call, and the state as last loaded (undefined until it is). */
export interface PanelProps {
  readonly sandbox: SandboxCall;
  readonly current: SandboxState | undefined;
}

/** Runs a control: its error or its result's message shown beside it. */
export function useAction() {
  const [error, setError] = useState<Error>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      setDone(await work());
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
    } finally {
      setBusy(false);
    }
  };
  return { error, done, busy, run };
}
