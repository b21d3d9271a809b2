// The write timeout (WRITE_TIMEOUT_SECONDS): a connection whose answer waits for a client that does not
// read it — bytes given to the socket that the kernel never takes — is destroyed once none of them has
// gone out for that long. Node's own timeouts end when the request is in: an answer nobody reads held
// its memory, and its connection, for as long as the client liked (issue 28).
import type { Socket } from 'node:net';

/** Where a connection's unsent bytes stood when they last moved. */
interface Progress {
  length: number;
  queued: number;
  since: number;
}

/** The connections' unsent answers, looked at every `checkMs`. */
export interface WriteWatch {
  /** Whether `socket` has answer bytes waiting that did not move between two looks: its client is not reading. */
  isStalled(socket: Socket): boolean;
  stop(): void;
}

export interface WriteWatchOptions {
  /** How long unsent bytes may stay unmoved before the connection is destroyed (WRITE_TIMEOUT_SECONDS). */
  readonly timeoutMs: number;
  /** How often the connections are looked at: the timeout is that late at most. */
  readonly checkMs: number;
}

/** Node's buffered bytes, and libuv's queue of them, which shrinks as the kernel takes a large write piece by piece. */
function unsentOf(socket: Socket): { length: number; queued: number } {
  const handle = (socket as Socket & { _handle?: { writeQueueSize?: number } | null })._handle;
  return { length: socket.writableLength, queued: handle?.writeQueueSize ?? 0 };
}

/** Watches the unsent bytes of every connection in `open` and destroys those stalled past the timeout. */
export function watchWrites(open: ReadonlySet<Socket>, options: WriteWatchOptions): WriteWatch {
  const progress = new WeakMap<Socket, Progress>();
  const look = () => {
    const now = performance.now();
    for (const socket of open) {
      const { length, queued } = unsentOf(socket);
      const last = progress.get(socket);
      if (length === 0) progress.delete(socket);
      // Anything that went out is progress; more answers written behind a stalled one are not.
      else if (last === undefined || length < last.length || queued < last.queued) progress.set(socket, { length, queued, since: now });
      else if (now - last.since >= options.timeoutMs) socket.destroy();
      else Object.assign(last, { length, queued });
    }
  };
  const timer = setInterval(look, options.checkMs);
  timer.unref();
  return {
    isStalled(socket) {
      const last = progress.get(socket);
      return last !== undefined && performance.now() - last.since >= options.checkMs && socket.writableLength > 0;
    },
    stop: () => clearInterval(timer),
  };
}
