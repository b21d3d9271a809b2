// An answer sent before its request's body has all arrived (a body refused for its size, type, coding
// or depth, a method refused before its body), for both bindings: it says Connection: close, and once it is sent the rest of the body is
// read and dropped — within LINGER_BOUNDS — before the connection closes. Closing at once, with bytes
// of the body unread, makes the kernel reset the connection under a client that is still sending:
// it sees ECONNRESET or EPIPE, and may lose the answer itself (RFC 9112 §9.6, "lingering close").
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** How much of an unread body is read and dropped after an early answer, at most. */
export interface LingerBounds {
  /** Bytes read and dropped at most; past them the connection is closed. Default 32 MiB. */
  readonly maxBytes: number;
  /** Milliseconds from the refusal at most; past them the connection is closed. Default 10 s. */
  readonly maxMs: number;
}

export const LINGER_BOUNDS: LingerBounds = Object.freeze({ maxBytes: 32 * 1024 * 1024, maxMs: 10_000 });

/** The connections lingering now: a second refusal path on the same request adds nothing. */
const lingering = new WeakSet<Socket>();

/**
 * Whether `request`, on a real connection, announces a body that has not all arrived: an answer now is
 * an early one. (A request without a body is not `complete` either while its handler runs: Node parses
 * its end after.)
 */
export function hasUnreadBody(request: IncomingMessage): boolean {
  if (request.complete || request.readableEnded || !(request.socket instanceof Socket)) return false;
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;
}

/**
 * Makes `response` close its connection, and (on a real connection whose request body has not all
 * arrived) puts the close off until the body's end has been read, `bounds` passed, or the client closed.
 * Call it before the answer is sent.
 */
export function closeAfterAnswer(request: IncomingMessage, response: ServerResponse, bounds: LingerBounds = LINGER_BOUNDS): void {
  response.setHeader('connection', 'close');
  const { socket } = request;
  // Nothing left to read; or no connection at all (an injected request, light-my-request's).
  if (request.complete || request.readableEnded || !(socket instanceof Socket) || socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  let answered = false;
  let drained = false;
  let read = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, bounds.maxMs).unref();
  socket.once('close', () => clearTimeout(timer));
  // Node ends and destroys a connection as soon as an answer that says close has been sent (its
  // server's resOnFinish calls destroySoon): this one's end is sent then, its destruction put off.
  socket.destroySoon = () => {
    answered = true;
    if (drained) Socket.prototype.destroySoon.call(socket);
    else if (socket.writable) socket.end();
  };
  request.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > bounds.maxBytes) close();
  });
  request.once('end', () => {
    drained = true;
    clearTimeout(timer);
    if (answered) Socket.prototype.destroySoon.call(socket);
  });
  // A body reader may have paused the request (read-json-body.ts stops at a bound).
  request.resume();
}
