// Empties a server's connections for a graceful shutdown: each request being answered is finished
// and its connection closed after the answer; a connection that sends nothing for a moment while no
// request of it is being answered — idle between requests, or a stalled upload — is closed. Closing
// every idle connection at once (what `server.close()` does) resets the requests clients are sending
// on them at that moment; a quiet moment first makes that a client's own long pause, not a race.
import type { Socket } from 'node:net';
import { currentResponse, stateOf, type Connections } from './connections.ts';

export interface DrainOptions {
  /** How long a connection not being answered may send nothing before it is closed. Default 1 s. */
  readonly quietMs?: number;
  /** How often the connections are looked at. Default 100 ms. */
  readonly stepMs?: number;
  /** When to give up: the connections left are then closed. */
  readonly timeoutMs: number;
}

/** How a drain ended: the connections whose requests were still being answered when it gave up. */
export interface DrainResult {
  readonly unanswered: number;
}

/**
 * Drains `connections`: the caller has stopped taking new connections and has every request from
 * now on answered with `Connection: close`. Responses already under way are told to close too.
 */
export async function drainConnections(connections: Connections, options: DrainOptions): Promise<DrainResult> {
  const { quietMs = 1000, stepMs = 100, timeoutMs } = options;
  const started = performance.now();
  const heard = new Map<Socket, { bytes: number; at: number }>();
  for (const socket of connections.open) {
    const response = currentResponse(socket);
    if (response !== undefined && !response.headersSent) response.setHeader('connection', 'close');
  }
  for (;;) {
    const now = performance.now();
    for (const socket of connections.open) {
      if (stateOf(socket) === 'answering') continue;
      const last = heard.get(socket);
      if (last === undefined || last.bytes !== socket.bytesRead) heard.set(socket, { bytes: socket.bytesRead, at: now });
      else if (now - last.at >= quietMs) socket.destroy();
    }
    if (connections.open.size === 0) return { unanswered: 0 };
    if (now - started >= timeoutMs) {
      const unanswered = [...connections.open].filter((socket) => stateOf(socket) === 'answering').length;
      for (const socket of connections.open) socket.destroy();
      return { unanswered };
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
