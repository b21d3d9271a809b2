// Answers what Node's HTTP parser refuses before a request exists (Fastify's clientErrorHandler): a
// method Node does not know (`FOO`), a malformed request line or header. No URL can be trusted then
// (the parser may stop at the method's first byte, before the URL has arrived), so the answer is the
// REST error shape whatever URL was meant (docs/decisions.md "REST": never another body), and the connection closes.
import type { ConnectionError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { requestIdOf } from '../../bindings/http/request-id.ts';
import { faultResponse } from '../../bindings/rest/rest-faults.ts';
import { currentResponse } from '../connections/connections.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/**
 * A request that timed out and header fields over the limit are answered as Fastify's default handler
 * answers them: the catalogue has no code for 408 or 431.
 */
const FASTIFY_ANSWERS: Readonly<Record<string, { readonly statusCode: number; readonly body: string }>> = Object.freeze({
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, body: '{"error":"Request Timeout","message":"Client Timeout","statusCode":408}' },
  HPE_HEADER_OVERFLOW: {
    statusCode: 431,
    body: '{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP header size","statusCode":431}',
  },
});

/** The {reason} of ERR_INVALID_REQUEST: the parser's own words (`Parse Error: Invalid character in Content-Length`). */
function reasonOf(error: ConnectionError): string {
  if (error.code === 'HPE_INVALID_METHOD') return 'its method is not one this server knows.';
  const words = error.message.replace(/^Parse Error: /, '');
  return `it cannot be read as HTTP/1.1 (${words.charAt(0).toLowerCase()}${words.slice(1)}).`;
}

function answerOf(error: ConnectionError): { statusCode: number; body: string } {
  const known = FASTIFY_ANSWERS[error.code];
  if (known !== undefined) return known;
  const { statusCode, body } = faultResponse({ code: 'ERR_INVALID_REQUEST', params: { reason: reasonOf(error) } }, 'en_US', ['result']);
  return { statusCode, body: JSON.stringify(body) };
}

const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * Fastify's `clientErrorHandler` (called with the app as `this`). `countResponse` counts each answer
 * for the operator's metrics, as Fastify's hook counts the answers of requests.
 */
export function clientErrorAnswer(countResponse: (statusCode: number) => void = () => {}) {
  return function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
    // A connection reset or closed: nobody to answer (as Fastify's default handler).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.trace({ err: error }, 'client error');
    const { statusCode, body } = answerOf(error);
    // A request answered before its body had all arrived (a refused body) has had its answer: a
    // second one, its timeout's, would follow it on the wire.
    const answered = currentResponse(socket);
    if (socket.writable && !(answered?.headersSent === true && !answered.req.complete)) {
      socket.write(
        `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `${SECURITY_HEADER_LINES}X-Request-Id: ${requestIdOf(undefined)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      countResponse(statusCode);
    }
    socket.destroy(error);
  };
}
