// A body sent with a content coding (Content-Encoding: gzip, deflate, br) is refused, not read: its
// bytes are no JSON or XML until unpacked, and unpacking would need a size bound of its own (a small
// gzip body can unpack to gigabytes). RFC 9110 §15.5.16: 415, with Accept-Encoding naming what is taken.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The only content coding taken, for the answer's Accept-Encoding. */
const ACCEPTED_ENCODING = 'identity';

/** Fastify error code of a body refused for its content coding (both bindings map it to ERR_UNSUPPORTED_MEDIA_TYPE). */
export const CONTENT_ENCODING_REFUSED = 'PARCEL_ERR_CONTENT_ENCODING';

/** The content coding a request's body says it has, unless it is none or identity. */
export function refusedEncoding(headers: FastifyRequest['headers']): string | undefined {
  const value = headers['content-encoding']?.trim();
  return value === undefined || value === '' || value.toLowerCase() === ACCEPTED_ENCODING ? undefined : value;
}

/** The error a content-type parser hands Fastify for such a body. */
export function contentEncodingError(coding: string): Error {
  return Object.assign(new Error(`the body has Content-Encoding ${coding}`), { code: CONTENT_ENCODING_REFUSED, statusCode: 415, coding });
}

/**
 * Readies `reply` for the ERR_UNSUPPORTED_MEDIA_TYPE fault of such a body (Accept-Encoding: identity)
 * and returns the fault's parameters: what was sent, and what to send instead (`expected`).
 */
export function encodingRefusal(request: FastifyRequest, reply: FastifyReply, expected: string) {
  reply.header('accept-encoding', ACCEPTED_ENCODING);
  const { headers } = request;
  return {
    contentType: `${headers['content-type'] ?? '(none)'} with Content-Encoding ${refusedEncoding(headers)}`,
    expected: `${expected}, uncompressed`,
  };
}
