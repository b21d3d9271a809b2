// The HTTP server under the app (Fastify's serverFactory): every request's headers and body within
// their time (HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS), its answer sent within its time
// (WRITE_TIMEOUT_SECONDS, write-timeout.ts), at most 32 pipelined requests of a connection answered at
// once (requests-in-flight.ts), the open connections within their cap (MAX_CONNECTIONS,
// connections.ts), and a graceful shutdown that answers what still arrives with
// 503 and finishes what is in flight (drain.ts).
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { closeAfterAnswer } from '../../bindings/http/lingering-response.ts';
import { trackConnections } from '../connections/connections.ts';
import { drainConnections, type DrainResult } from '../connections/drain.ts';
import { admitRequest } from '../connections/requests-in-flight.ts';
import { REQUEST_ID_HEADER, requestIdOf } from '../../bindings/http/request-id.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import type { ShutdownAnswer } from './shutdown-answer.ts';

export interface HttpServerOptions {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  /** How long an answer may wait unread (none of it going out) before its connection is destroyed. */
  readonly writeTimeoutMs: number;
  readonly maxConnections: number;
  /** The largest body read (and dropped) before a request is answered during the shutdown. */
  readonly bodyLimit: number;
  /** The answer to a request arriving during the shutdown, for its URL. */
  readonly shutdownAnswer: (url: string) => ShutdownAnswer;
  /** Told of each answer the server writes itself (the operator's response metrics). */
  readonly onAnswer?: (statusCode: number) => void;
  /** Told when the connection cap closes a connection. */
  readonly onCapReached?: (closed: 'older' | 'new') => void;
}

/** Fastify's own default: longer than the usual proxy's (60 s), so the proxy closes an idle connection first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node looks for requests over their time: the timeouts are that late at most. */
const TIMEOUT_CHECK_MS = 1000;
/** How long a new connection is spared by the cap while unread answers are left to close (connections.ts). */
const FRESH_CONNECTION_MS = 1000;

/** The server factory for Fastify and the shutdown of what it made. */
export interface ServiceHttpServer {
  /** Fastify's `serverFactory`: makes the server around Fastify's handler. */
  readonly factory: (handler: RequestListener) => Server;
  /**
   * Stops taking connections, answers new requests 503, lets the ones in flight finish within
   * `timeoutMs` and closes every connection; resolves with what was still being answered at the end.
   */
  shutdown(timeoutMs: number): Promise<DrainResult>;
}

/** An absolute-form request target (RFC 9112 §3.2.2): scheme and authority, then the path. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * Reduces an absolute-form target (`http://evil.example/rest/…`, which proxies send) to its path and
 * query before routing and logging (issue 39): the router took it, but every log line, the stage log
 * and the console's copy as curl kept the whole string as the path. The Host header keeps telling the
 * origin (this server is no proxy).
 */
export function reduceAbsoluteForm(request: IncomingMessage): void {
  const url = request.url;
  if (url === undefined || url.startsWith('/')) return;
  const authority = ABSOLUTE_FORM.exec(url);
  if (authority === null) return;
  const rest = url.slice(authority[0].length);
  request.url = rest.startsWith('/') ? rest : `/${rest}`;
}

/** Answers a request that arrived during the shutdown, once its body is in (so the close sends no reset). */
function answerLate(request: IncomingMessage, response: ServerResponse, options: HttpServerOptions): void {
  let read = 0;
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    const { statusCode, contentType, body } = options.shutdownAnswer(request.url ?? '/');
    // A body over the limit is answered before its end: the rest is read and dropped before the close.
    closeAfterAnswer(request, response);
    response.writeHead(statusCode, {
      ...SECURITY_HEADERS,
      [REQUEST_ID_HEADER]: requestIdOf(request.headers[REQUEST_ID_HEADER]),
      'content-type': contentType,
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
    options.onAnswer?.(statusCode);
  };
  request.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > options.bodyLimit) answer();
  });
  request.once('end', answer);
  request.once('error', () => response.destroy());
}

export function createServiceHttpServer(options: HttpServerOptions): ServiceHttpServer {
  let server: Server | undefined;
  let connections: ReturnType<typeof trackConnections> | undefined;
  let closing = false;
  return {
    factory(handler) {
      server = createServer(
        {
          headersTimeout: options.headersTimeoutMs,
          requestTimeout: options.requestTimeoutMs,
          connectionsCheckingInterval: TIMEOUT_CHECK_MS,
        },
        (request, response) => {
          reduceAbsoluteForm(request);
          tracked.noteRequest(request, response);
          if (closing) answerLate(request, response, options);
          else admitRequest(request, response, () => handler(request, response));
        },
      );
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      const tracked = trackConnections(server, { ...options, checkMs: TIMEOUT_CHECK_MS, freshMs: FRESH_CONNECTION_MS });
      connections = tracked;
      return server;
    },
    async shutdown(timeoutMs) {
      if (server === undefined || connections === undefined) return { unanswered: 0 };
      closing = true;
      // net.Server's close, not http.Server's: that one also closes every idle connection at once,
      // resetting the requests clients are sending on them (drain.ts), and stops the request timeouts.
      if (server.listening) NetServer.prototype.close.call(server);
      return drainConnections(connections, { timeoutMs });
    },
  };
}
