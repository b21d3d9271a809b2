// The HTTP server's open connections: what each is doing, a cap on how many are open (every open
// connection counts), the write timeout of answers nobody reads (write-timeout.ts), and the closing of
// those a shutdown no longer needs. At the cap a new connection takes the place of the oldest one that
// is idle or still sending its request, else of the oldest whose answer its client does not read,
// rather than being refused: connections held open by slow senders (one byte every 20 s) or by unread
// answers are what fills the cap, and a client that sends its request at once must still be served —
// `/health` included. A connection opened less than `freshMs` ago has had no time to send anything yet:
// it goes only after the unread answers (those stalled, then the one furthest behind) and after the
// connections holding several pipelined requests, so that clients connecting at once do not close one another.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { requestsHeld } from './requests-in-flight.ts';
import { watchWrites } from './write-timeout.ts';

/** What a connection is doing: waiting for a request (or its headers), receiving a body, or being answered. */
export type ConnectionState = 'idle' | 'receiving' | 'answering';

const CURRENT = Symbol('current response');
const OPENED = Symbol('opened at');
type Connection = Socket & { [CURRENT]?: ServerResponse; [OPENED]?: number };

/** The response to a connection's latest request, if it has had one. */
export function currentResponse(socket: Socket): ServerResponse | undefined {
  return (socket as Connection)[CURRENT];
}

/** A connection's state, from the response of its latest request. */
export function stateOf(socket: Socket): ConnectionState {
  const response = currentResponse(socket);
  if (response === undefined || response.writableFinished) return 'idle';
  return response.req.complete ? 'answering' : 'receiving';
}

/** The open connections of one server, oldest first. */
export interface Connections {
  /** Every open connection, oldest first. */
  readonly open: ReadonlySet<Socket>;
  /** Notes the request a connection is now on (the server's request handler calls it first). */
  noteRequest(request: IncomingMessage, response: ServerResponse): void;
  /** Whether a connection's answer has stopped going out: its client is not reading it. */
  isStalled(socket: Socket): boolean;
}

export interface ConnectionOptions {
  /** Most open connections. */
  readonly maxConnections: number;
  /** How long an answer may wait unread, none of its bytes going out, before its connection is destroyed. */
  readonly writeTimeoutMs: number;
  /** How often the unsent answers are looked at: the write timeout is that late at most. */
  readonly checkMs: number;
  /** How long a new connection counts as fresh: closed for room only once no unread answer is left to close. */
  readonly freshMs: number;
  /** Told each time the cap closes a connection: an older one in the new one's place, or the new one when every other is being answered. */
  readonly onCapReached?: (closed: 'older' | 'new') => void;
}

/** Tracks `server`'s connections and keeps them within the cap. */
export function trackConnections(server: Server, options: ConnectionOptions): Connections {
  const open = new Set<Socket>();
  const writes = watchWrites(open, { timeoutMs: options.writeTimeoutMs, checkMs: options.checkMs });
  server.once('close', () => writes.stop());
  const makeRoom = (candidate: Socket) => {
    candidate.destroy();
    open.delete(candidate);
    options.onCapReached?.('older');
  };
  server.on('connection', (socket: Socket) => {
    const now = performance.now();
    (socket as Connection)[OPENED] = now;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    if (open.size <= options.maxConnections) return;
    const waiting = (candidate: Socket) => candidate !== socket && stateOf(candidate) !== 'answering';
    const fresh = (candidate: Socket) => now - ((candidate as Connection)[OPENED] ?? 0) < options.freshMs;
    // Oldest first: a slow sender has been open longer than a client that has just connected.
    for (const candidate of open) if (waiting(candidate) && !fresh(candidate)) return makeRoom(candidate);
    // Then an answer its client does not read: that connection is waiting for its write timeout anyway.
    for (const candidate of open) if (candidate !== socket && writes.isStalled(candidate)) return makeRoom(candidate);
    // Then the answer furthest behind its client's reading (bytes beyond the kernel's buffers), before the
    // write watch has had time to call it stalled: at the cap, a client not keeping up gives way first.
    let behind: Socket | undefined;
    for (const candidate of open) {
      if (candidate !== socket && candidate.writableLength > (behind?.writableLength ?? 0)) behind = candidate;
    }
    if (behind !== undefined) return makeRoom(behind);
    // Then the connection holding the most requests (pipelined, their answers not yet made): it has
    // claimed several of the server's places, a client that has just connected none yet.
    let holding: Socket | undefined;
    let most = 1;
    for (const candidate of open) {
      const held = candidate === socket ? 0 : requestsHeld(candidate);
      if (held > most) [holding, most] = [candidate, held];
    }
    if (holding !== undefined) return makeRoom(holding);
    // Then the oldest of those just opened: a flood of new connections must not shut out the next one.
    for (const candidate of open) if (waiting(candidate)) return makeRoom(candidate);
    socket.destroy();
    open.delete(socket);
    options.onCapReached?.('new');
  });
  return {
    open,
    noteRequest(request, response) {
      (request.socket as Connection)[CURRENT] = response;
    },
    isStalled: (socket) => writes.isStalled(socket),
  };
}
