// A body sent with a content coding (Content-Encoding: gzip, deflate, br) is refused, not read: its
// bytes are no JSON or XML until unpacked, and unpacking would need a size bound of its own (a small
// gzip body can unpack to gigabytes). RFC 9110 §15.5.16: 415, with Accept-Encoding naming what is taken.
import type { IncomingHttpHeaders } from 'node:http';

/** The only content coding taken, for the answer's Accept-Encoding. */
export const ACCEPTED_ENCODING = 'identity';

/** Fastify error code of a body refused for its content coding (both bindings map it to ERR_UNSUPPORTED_MEDIA_TYPE). */
export const CONTENT_ENCODING_REFUSED = 'PARCEL_ERR_CONTENT_ENCODING';

/** The content coding a request's body says it has, unless it is none or identity. */
export function refusedEncoding(headers: IncomingHttpHeaders): string | undefined {
  const value = headers['content-encoding']?.trim();
  return value === undefined || value === '' || value.toLowerCase() === ACCEPTED_ENCODING ? undefined : value;
}

/** The error a content-type parser hands Fastify for such a body. */
export function contentEncodingError(coding: string): Error {
  return Object.assign(new Error(`the body has Content-Encoding ${coding}`), { code: CONTENT_ENCODING_REFUSED, statusCode: 415, coding });
}

/** ERR_UNSUPPORTED_MEDIA_TYPE's parameters for such a body: what was sent, and what to send instead. */
export function encodingFaultParams(headers: IncomingHttpHeaders, expected: string) {
  return { contentType: `${headers['content-type'] ?? '(none)'} with Content-Encoding ${refusedEncoding(headers)}`, expected: `${expected}, uncompressed` };
}
