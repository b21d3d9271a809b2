// A large document written once and completed with the origin of each request (the OpenAPI document,
// the WSDLs: public-origin.ts), served from one Buffer per origin. Every request for it then shares
// those bytes: 1,500 pipelined requests for the 300 KB OpenAPI document that nobody reads used to
// hold 1,500 copies of it (issue 28).
import { Buffer } from 'node:buffer';

/** Stands for the origin in a document written once: a URL no request's origin can be (`.invalid`, RFC 2606). */
export const ORIGIN_MARK = 'http://origin.invalid';

/**
 * Origins whose bytes are kept, the latest used first. Few are ever seen (PUBLIC_URL, or a loopback
 * name or the address reached, each with a port); past this many the least recently used is dropped,
 * so that a client naming a new port in each Host header makes the server no bigger.
 */
export const MAX_CACHED_ORIGINS = 16;

/**
 * The document `text`, which names its origin exactly once as ORIGIN_MARK, for each origin as one
 * Buffer: made on the origin's first request and shared by every later one.
 */
export function originDocument(text: string, what: string): (origin: string) => Buffer {
  const parts = text.split(ORIGIN_MARK);
  if (parts.length !== 2) throw new Error(`${what} must name its origin once, not ${parts.length - 1} times`);
  const [head, tail] = parts;
  const cached = new Map<string, Buffer>();
  return (origin) => {
    let bytes = cached.get(origin);
    if (bytes !== undefined) {
      // Moved to the end: the map's order is the order of last use.
      cached.delete(origin);
    } else {
      bytes = Buffer.from(`${head}${origin}${tail}`, 'utf8');
      if (cached.size >= MAX_CACHED_ORIGINS) cached.delete(cached.keys().next().value as string);
    }
    cached.set(origin, bytes);
    return bytes;
  };
}
