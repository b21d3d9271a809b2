// A large document written once and completed with the origin of each request (the OpenAPI document,
// the WSDLs: public-origin.ts). The bytes before and after the origin are made once and shared by
// every answer, whatever its origin: an answer under way holds only its origin's few bytes besides.
// One Buffer per origin held 1,500 copies for 1,500 pipelined requests nobody read (issue 28), and
// a Buffer per request when each request named another Host: 300 connections × 33 pipelined
// requests, each connection a different loopback Host, built ~10,000 copies of the 300 KB OpenAPI
// document at 7 ms of CPU each (issue 41).
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Stands for the origin in a document written once: a URL no request's origin can be (`.invalid`, RFC 2606). */
export const ORIGIN_MARK = 'http://origin.invalid';

/** A document for one origin: the shared bytes before the origin, the origin's, the shared bytes after. */
export interface OriginAnswer {
  readonly parts: readonly [Buffer, Buffer, Buffer];
  readonly byteLength: number;
}

/**
 * The document `text`, which names its origin exactly once as ORIGIN_MARK, for each origin: its
 * head and tail encoded once, the origin's bytes made per answer (a few dozen).
 */
export function originDocument(text: string, what: string): (origin: string) => OriginAnswer {
  const parts = text.split(ORIGIN_MARK);
  if (parts.length !== 2) throw new Error(`${what} must name its origin once, not ${parts.length - 1} times`);
  const head = Buffer.from(parts[0], 'utf8');
  const tail = Buffer.from(parts[1], 'utf8');
  return (origin) => {
    const bytes = Buffer.from(origin, 'utf8');
    return { parts: [head, bytes, tail], byteLength: head.length + bytes.length + tail.length };
  };
}

/** The document's bytes as one Buffer (a copy: for tests and callers that need it whole). */
export function wholeDocument(answer: OriginAnswer): Buffer {
  return Buffer.concat(answer.parts, answer.byteLength);
}

/**
 * Sends the document as its shared parts: a stream that hands the socket the same head and tail
 * Buffers every answer shares (writes queue them by reference, never copying), with its length.
 */
export function sendOriginDocument(reply: FastifyReply, contentType: string, answer: OriginAnswer): FastifyReply {
  const [head, origin, tail] = answer.parts;
  const body = new Readable({
    read() {
      this.push(head);
      this.push(origin);
      this.push(tail);
      this.push(null);
    },
  });
  return reply.type(contentType).header('content-length', answer.byteLength).send(body);
}
