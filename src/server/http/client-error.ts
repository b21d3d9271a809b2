// Answers what Node's HTTP parser refuses before a request exists (Fastify's clientErrorHandler): a
// method Node does not know (`FOO`), a malformed request line or header, body bytes beyond the
// Content-Length read as a next request. The answer is in the shape of the binding the request was
// meant for, as far as the bytes tell it: a SOAP fault when the refused request's own request line
// (or, when it has none in the packet, the connection's previous request) names a SOAP path
// (docs/decisions.md "SOAP": anything going wrong on a SOAP path is a SOAP fault), else the REST error
// shape (docs/decisions.md "REST": never another body); the connection closes after it. A request
// already complete on the connection is answered first (pipelining): the refusal waits for its answer.
import type { ConnectionError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ShipmentServiceContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { requestIdOf } from '../../bindings/http/request-id.ts';
import { faultResponse } from '../../bindings/rest/rest-faults.ts';
import type { Namespaces } from '../../bindings/soap/namespaces.ts';
import { FAULT_HTTP_STATUS, faultNamespacesOf, soapFaultOf, writeFault } from '../../bindings/soap/soap-faults.ts';
import { isSoapUrl, resolveSoapUrl } from '../../bindings/soap/soap-paths.ts';
import { currentResponse } from '../connections/connections.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/**
 * A request that timed out and header fields over the limit are answered (REST) as Fastify's default
 * handler answers them: the catalogue has no code for 408 or 431. On a SOAP path they are faults of
 * ERR_INVALID_REQUEST with the same status.
 */
const FASTIFY_ANSWERS: Readonly<Record<string, { readonly statusCode: number; readonly body: string; readonly reason: string }>> =
  Object.freeze({
    ERR_HTTP_REQUEST_TIMEOUT: {
      statusCode: 408,
      body: '{"error":"Request Timeout","message":"Client Timeout","statusCode":408}',
      reason: 'it did not arrive within the time this server gives a request.',
    },
    HPE_HEADER_OVERFLOW: {
      statusCode: 431,
      body: '{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP header size","statusCode":431}',
      reason: 'its header fields are larger than this server takes.',
    },
  });

/** The {reason} of ERR_INVALID_REQUEST: the parser's own words (`Parse Error: Invalid character in Content-Length`). */
function reasonOf(error: ConnectionError): string {
  const known = FASTIFY_ANSWERS[error.code];
  if (known !== undefined) return known.reason;
  if (error.code === 'HPE_INVALID_METHOD') return 'its method is not one this server knows.';
  const words = error.message.replace(/^Parse Error: /, '');
  return `it cannot be read as HTTP/1.1 (${words.charAt(0).toLowerCase()}${words.slice(1)}).`;
}

/** A request line: method, target, version (RFC 9112 §3), at the start of the bytes or of a line. */
const REQUEST_LINE = /(?:^|\n)[!#$%&'*+.^_`|~0-9A-Za-z-]+ (\S+) HTTP\/\d\.\d\r?\n/g;

/**
 * The target the refused request was meant for: the last request line in the packet that starts
 * before where the parser stopped (the refused request's own, read beyond that point when the parser
 * stopped inside it, as at an unknown method; or the one before it when the refused bytes have none,
 * as body bytes beyond a Content-Length), else the connection's latest request's URL.
 */
function targetOf(error: ConnectionError, socket: Socket): string | undefined {
  const raw: unknown = error.rawPacket;
  if (Buffer.isBuffer(raw)) {
    const stop = Number.isInteger(error.bytesParsed) ? error.bytesParsed : raw.length;
    let last: string | undefined;
    for (const match of raw.toString('latin1').matchAll(REQUEST_LINE)) if (match.index <= stop) last = match[1];
    if (last !== undefined) return last;
  }
  return currentResponse(socket)?.req.url;
}

/** What the client error handler needs to answer in SOAP's shape. */
export interface ClientErrorOptions {
  /** Counts each answer for the operator's metrics, as Fastify's hook counts the answers of requests. */
  readonly countResponse?: (statusCode: number) => void;
  /** The SOAP namespaces (config.soapNamespaceBase) and the environment, for a fault on a SOAP path. */
  readonly namespaces: Namespaces;
  readonly environment: Environment;
}

interface RawAnswer {
  readonly statusCode: number;
  readonly contentType: string;
  readonly body: string;
}

function answerOf(error: ConnectionError, target: string | undefined, options: ClientErrorOptions): RawAnswer {
  const known = FASTIFY_ANSWERS[error.code];
  const fault = { code: 'ERR_INVALID_REQUEST', params: { reason: reasonOf(error) } } as const;
  if (target !== undefined && isSoapUrl(target)) {
    const resolved = resolveSoapUrl(target, options.environment);
    const service = resolved.kind === 'unknown' ? ShipmentServiceContract : resolved.service;
    return {
      statusCode: known?.statusCode ?? FAULT_HTTP_STATUS,
      contentType: 'text/xml; charset=utf-8',
      body: writeFault(soapFaultOf(fault, 'en_US', 'Client'), faultNamespacesOf(options.namespaces, service)),
    };
  }
  if (known !== undefined) return { statusCode: known.statusCode, contentType: 'application/json; charset=utf-8', body: known.body };
  const { statusCode, body } = faultResponse(fault, 'en_US', ['result']);
  return { statusCode, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) };
}

const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/** Connections whose refusal is written or waits for the answer before it: the parser tells its error again on every later packet. */
const refusing = new WeakSet<Socket>();

/** Fastify's `clientErrorHandler` (called with the app as `this`). */
export function clientErrorAnswer(options: ClientErrorOptions) {
  return function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
    // A connection reset or closed: nobody to answer (as Fastify's default handler).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (refusing.has(socket)) return;
    refusing.add(socket);
    this.log.trace({ err: error }, 'client error');
    const answered = currentResponse(socket);
    // A request answered before its body had all arrived (a refused body) has had its answer: a
    // second one, its timeout's, would follow it on the wire.
    if (answered?.headersSent === true && !answered.req.complete) {
      socket.destroy(error);
      return;
    }
    const { statusCode, contentType, body } = answerOf(error, targetOf(error, socket), options);
    const refuse = () => {
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: ${contentType}\r\n` +
            `${SECURITY_HEADER_LINES}X-Request-Id: ${requestIdOf(undefined)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
        options.countResponse?.(statusCode);
      }
      socket.destroy(error);
    };
    // A complete request before the refused bytes (pipelined in the same packet) is answered first:
    // Node writes a connection's answers in order, so once the latest has gone out, all have.
    if (answered !== undefined && answered.req.complete && !answered.writableFinished && !answered.destroyed) {
      answered.once('close', refuse);
      return;
    }
    refuse();
  };
}
