// The fault of a body Fastify refused before any route ran (wrong content type, too large, a content
// coding), the same for both bindings; each writes it in its own shape. Such refusals, and a JSON body
// refused at a bound on its way in (read-json-body.ts), are answered before the body has all been read:
// the answer closes the connection once the rest has been read and dropped (lingering-response.ts).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Fault } from '../../domain/core/outcome.ts';
import { CONTENT_ENCODING_REFUSED, encodingRefusal } from './content-encoding.ts';
import { closeAfterAnswer } from './lingering-response.ts';

/** The codes of the errors with which Fastify, or our parsers, refuse a body without reading it all. */
const EARLY_REFUSALS: ReadonlySet<string> = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  CONTENT_ENCODING_REFUSED,
]);

/** A body error whose body was refused before all of it was read (a content-type parser's bound). */
export interface UnreadBodyError {
  readonly unread?: boolean;
}

/** Whether `error` refuses a request's body before all of it has been read. */
export function isEarlyRefusal(error: FastifyError): boolean {
  return EARLY_REFUSALS.has(error.code) || (error as UnreadBodyError).unread === true;
}

/**
 * Each binding's error handler calls this first: an early refusal's answer says Connection: close, and
 * the connection lingers until the rest of the body is read (or its bounds pass), so that a client
 * still sending reads the answer instead of a reset.
 */
export function closeOnEarlyRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (!isEarlyRefusal(error)) return;
  reply.header('connection', 'close');
  closeAfterAnswer(request.raw, reply.raw);
}

/** The fault of `error` when it refuses the body's type, size or coding; `expected` is the content type to send. */
export function bodyRefusalOf(error: FastifyError, request: FastifyRequest, reply: FastifyReply, expected: string): Fault | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'ERR_UNSUPPORTED_MEDIA_TYPE', params: { contentType: request.headers['content-type'] ?? '(none)', expected } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'ERR_BODY_TOO_LARGE', params: { limit: request.routeOptions.bodyLimit ?? 0 } };
    case CONTENT_ENCODING_REFUSED:
      return { code: 'ERR_UNSUPPORTED_MEDIA_TYPE', params: encodingRefusal(request, reply, expected) };
    default:
      return undefined;
  }
}
