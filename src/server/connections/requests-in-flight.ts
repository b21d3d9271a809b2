// A cap on the requests each connection has being answered at once (HTTP/1.1 pipelining). A client may
// send request after request without reading an answer; Node parses all it has read and hands each to
// the app, whose answers then wait in memory behind the first one the client does not read — 1,500
// pipelined GET /rest/openapi.json on each of 4 connections held 2.75 GB (issue 28). Past the cap a
// request waits, unanswered and costing only its parsed headers, until an answer of its connection has
// gone out. Node itself stops reading a connection whose answers pile up; a connection with more than
// MAX_REQUESTS_WAITING requests waiting besides (answers held up by slow calls rather than unread
// ones) is closed. Clients that read their answers see no difference.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Requests of one connection being answered at once, at most. */
export const MAX_REQUESTS_IN_FLIGHT = 32;

/** Requests of one connection waiting for a turn, at most: one more closes the connection (~1 KB each). */
export const MAX_REQUESTS_WAITING = 1024;

const PIPELINE = Symbol('pipeline');

/** A connection's requests being answered, and those waiting for a turn. */
interface Pipeline {
  inFlight: number;
  readonly waiting: Array<() => void>;
}

type PipelinedSocket = Socket & { [PIPELINE]?: Pipeline };

function pipelineOf(socket: PipelinedSocket): Pipeline {
  let pipeline = socket[PIPELINE];
  if (pipeline === undefined) {
    const created: Pipeline = { inFlight: 0, waiting: [] };
    socket.once('close', () => (created.waiting.length = 0));
    socket[PIPELINE] = pipeline = created;
  }
  return pipeline;
}

/**
 * Hands the request to `handle` now when its connection has fewer than `max` being answered, else
 * once one of them has been sent (its response closed); closes the connection when MAX_REQUESTS_WAITING
 * wait already.
 */
export function admitRequest(
  request: IncomingMessage,
  response: ServerResponse,
  handle: () => void,
  max: number = MAX_REQUESTS_IN_FLIGHT,
): void {
  const socket = request.socket as PipelinedSocket;
  const pipeline = pipelineOf(socket);
  const start = () => {
    pipeline.inFlight += 1;
    response.once('close', () => {
      pipeline.inFlight -= 1;
      if (!socket.destroyed) pipeline.waiting.shift()?.();
    });
    handle();
  };
  if (pipeline.inFlight < max) start();
  else if (pipeline.waiting.length < MAX_REQUESTS_WAITING) pipeline.waiting.push(start);
  else socket.destroy();
}

/** How many requests of `socket` are being answered or wait for a turn: more than one is a pipelining client. */
export function requestsHeld(socket: Socket): number {
  const pipeline = (socket as PipelinedSocket)[PIPELINE];
  return pipeline === undefined ? 0 : pipeline.inFlight + pipeline.waiting.length;
}

/** How many requests of `socket` wait for a turn (for tests and the docs' figures). */
export function waitingRequests(socket: Socket): number {
  return (socket as PipelinedSocket)[PIPELINE]?.waiting.length ?? 0;
}
