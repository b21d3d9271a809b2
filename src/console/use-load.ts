// Loads what a page shows from an operation, again whenever its inputs change, and forgets an answer
// that arrives after the page asked for another.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: Error | undefined;
  readonly loading: boolean;
  /** Loads again. */
  readonly reload: () => void;
}

export function useLoad<T>(load: () => Promise<T>, inputs: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const latest = useRef(0);
  // `inputs` are what `load` reads, as the caller lists them.
  const run = useCallback(load, inputs);
  const start = useCallback(() => {
    const ticket = ++latest.current;
    setState((previous) => ({ data: previous.data, loading: true }));
    run().then(
      (data) => {
        if (ticket === latest.current) setState({ data, loading: false });
      },
      (error: unknown) => {
        if (ticket === latest.current) setState({ error: error instanceof Error ? error : new Error(String(error)), loading: false });
      },
    );
  }, [run]);
  useEffect(start, [start]);
  return { data: state.data, error: state.error, loading: state.loading, reload: start };
}
