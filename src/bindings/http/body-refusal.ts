// The fault of a body Fastify refused before any route ran (wrong content type, too large, a content
// coding), the same for both bindings; each writes it in its own shape.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Fault } from '../../domain/core/outcome.ts';
import { CONTENT_ENCODING_REFUSED, encodingRefusal } from './content-encoding.ts';

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
