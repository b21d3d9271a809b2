// A job of rounds (the notification job, the push job): now and then, and at once when woken, one
// round; one round at a time, a wake during a round making another after it; on stop, no new round,
// and the one under way told to end (its signal) and waited for.

export interface RoundJob {
  /** Starts the timer and a first round. */
  start(): void;
  /** A round soon (after the one under way, if any); nothing before start(). */
  wake(): void;
  /** One round now; resolves when it (and any round asked for meanwhile) has ended. */
  run(): Promise<void>;
  /** Stops the timer and the round under way; resolves once it has ended. */
  stop(): Promise<void>;
}

export function createRoundJob(
  /** One round; resolving true asks for another at once (work left beyond its share). */
  round: (stop: AbortSignal) => Promise<unknown>,
  options: { readonly intervalMs: number; readonly stopped?: () => Promise<void> },
): RoundJob {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const run = (): Promise<void> => {
    if (stopping.signal.aborted) return running ?? Promise.resolve();
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        if ((await round(stopping.signal)) === true) again = true;
      } while (again && !stopping.signal.aborted);
      running = undefined;
    })();
    return running;
  };
  return {
    start() {
      if (timer !== undefined || stopping.signal.aborted) return;
      timer = setInterval(() => void run(), options.intervalMs);
      timer.unref();
      void run();
    },
    wake() {
      if (timer !== undefined) setImmediate(() => void run());
    },
    run,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
      await options.stopped?.();
    },
  };
}
