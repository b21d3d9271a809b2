// What every page of a logged-in console shares: the login, the environment, and a call function that
// ends the session when the service refuses its token.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { AuthenticatedOperation, RequestOf, ResultOf } from './api.ts';
import type { Session } from './session.ts';

export type Environment = 'stage' | 'live';

export interface ConsoleContextValue {
  readonly session: Session;
  readonly environment: Environment;
  /** Calls an authenticated operation in the console's language (api.ts callOperation). */
  readonly call: <K extends AuthenticatedOperation>(operation: K, request: RequestOf<K>) => Promise<ResultOf<K>>;
}

export const ConsoleContext = createContext<ConsoleContextValue | undefined>(undefined);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (value === undefined) throw new Error('useConsole outside a logged-in console');
  return value;
}
