// The write timeout (WRITE_TIMEOUT_SECONDS): a connection whose answer waits for a client that does not
// read it — bytes given to the socket that the kernel never takes — is destroyed once none of them has
// gone out for that long. Node's own timeouts end when the request is in: an answer nobody reads held
// its memory, and its connection, for as long as the client liked (issue 28).
import type { Socket } from 'node:net';

/** How many of a connection's bytes had gone out when they last moved, and when that was. */
interface Progress {
  sent: number;
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

type Connection = Socket & { _bytesDispatched?: number; _handle?: { writeQueueSize?: number } | null };

/**
 * The bytes of a connection the kernel has taken: those Node has handed to libuv, less libuv's queue of
 * them (which shrinks as the kernel takes a large write piece by piece). It only grows. The unsent
 * bytes alone do not tell: a client reading steadily while the server writes the next answer of a
 * pipeline behind can leave them the same from one look to the next (answers of one size, say).
 */
function sentOf(socket: Connection): number {
  return (socket._bytesDispatched ?? 0) - (socket._handle?.writeQueueSize ?? 0);
}

/** Watches the unsent bytes of every connection in `open` and destroys those stalled past the timeout. */
export function watchWrites(open: ReadonlySet<Socket>, options: WriteWatchOptions): WriteWatch {
  const progress = new WeakMap<Socket, Progress>();
  const look = () => {
    const now = performance.now();
    for (const socket of open) {
      const last = progress.get(socket);
      if (socket.writableLength === 0) {
        progress.delete(socket);
        continue;
      }
      const sent = sentOf(socket);
      if (last === undefined || sent > last.sent) progress.set(socket, { sent, since: now });
      else if (now - last.since >= options.timeoutMs) socket.destroy();
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
