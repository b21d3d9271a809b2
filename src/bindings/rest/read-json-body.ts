// Reads a REST request body as JSON from its stream: within the body limit, within the structural
// bounds of json-bounds.ts as its bytes arrive (a body past them is refused at once, and the rest of
// it is not parsed), then UTF-8 only, and all of it valid (RFC 8259 §8.1; the SOAP binding refuses
// bad bytes too, rather than storing U+FFFD in their place), a leading byte-order mark ignored (§8.1
// allows it), a syntax error described without quoting the body, which may hold a password, and a
// member name given twice in one object refused (json-names.ts).
import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { errorCodes } from 'fastify';
import type { Fault } from '../../domain/core/outcome.ts';
import { DEFAULT_JSON_BOUNDS, JsonBoundsScanner, type JsonBoundExceeded, type JsonBounds } from './json-bounds.ts';
import { firstDuplicateName } from './json-names.ts';

/** The body's text (for the stage log) and its value, or the fault it is refused with (`unread`: before all of it was read). */
export type JsonBody =
  | { readonly ok: true; readonly text: string; readonly value: unknown }
  | { readonly ok: false; readonly text: string; readonly fault: Fault; readonly unread?: boolean };

const BYTE_ORDER_MARK = 0xfeff;
const REPLACEMENT_CHARACTER = '\uFFFD';

const malformed = (text: string, reason: string): JsonBody => ({
  ok: false,
  text,
  fault: { code: 'ERR_MALFORMED_REQUEST', params: { format: 'JSON', reason } },
});

/**
 * V8's own words for a syntax error where they quote nothing of the text ("Expected ',' or '}' after
 * property value in JSON at position 21"); its "Unexpected token 'x', "…" is not valid JSON" quotes the
 * body, so that one is said in words of ours.
 */
const POSITIONED = /^([A-Z][A-Za-z ',:{}[\]-]*) in JSON at position (\d+)$/;

function syntaxReason(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const positioned = POSITIONED.exec(message);
  if (positioned !== null) return `${positioned[1].charAt(0).toLowerCase()}${positioned[1].slice(1)} at position ${positioned[2]}`;
  if (message === 'Unexpected end of JSON input') return 'it ends before the JSON text does';
  return 'it holds a character where no JSON value can begin';
}

/** The refusal of a body past a bound. */
function beyond(exceeded: JsonBoundExceeded, bounds: JsonBounds): JsonBody {
  return exceeded === 'depth'
    ? { ok: false, text: '', fault: { code: 'ERR_BODY_TOO_DEEP', params: { max: bounds.maxDepth } }, unread: true }
    : { ok: false, text: '', fault: { code: 'ERR_BODY_TOO_MANY_NODES', params: { max: bounds.maxNodes } }, unread: true };
}

/** The longest part of a name given twice that the refusal quotes: a name may be as long as the body. */
const MAX_QUOTED_NAME = 64;

/** The refusal of a body that gives `name` twice in one object. */
function duplicated(text: string, name: string): JsonBody {
  const quoted = name.length > MAX_QUOTED_NAME ? `${name.slice(0, MAX_QUOTED_NAME)}…` : name;
  return { ok: false, text, fault: { code: 'ERR_DUPLICATE_JSON_NAME', params: { name: quoted } } };
}

/**
 * The JSON value of a whole body already within the bounds, or why it is refused; `nameRepeated`
 * from its scanner (an object's names hashed alike, to be told on the parsed text).
 */
function decodeJsonBody(bytes: Buffer, nameRepeated: boolean): JsonBody {
  let text = bytes.toString('utf8');
  // toString puts U+FFFD where the bytes are not UTF-8; only then is it worth checking them all.
  if (text.includes(REPLACEMENT_CHARACTER) && !isUtf8(bytes)) return malformed('', 'it is not valid UTF-8');
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
  if (text.length === 0) return malformed(text, 'the body is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return malformed(text, syntaxReason(error));
  }
  const name = nameRepeated ? firstDuplicateName(text) : undefined;
  return name === undefined ? { ok: true, text, value } : duplicated(text, name);
}

/** What the body may be: `limit` bytes at most (BODY_LIMIT), as `contentLength` (the header) announces, within `bounds`. */
export interface JsonBodyLimits {
  readonly limit: number;
  readonly contentLength: string | undefined;
  readonly bounds?: JsonBounds;
}

/**
 * Reads `payload` (Fastify's request stream) and calls `done` once: with an error Fastify answers
 * itself (413 over the limit, 400 for a length that differs from Content-Length or a broken stream),
 * or with the body read or refused.
 */
export function readJsonBody(payload: Readable, limits: JsonBodyLimits, done: (error: Error | null, body?: JsonBody) => void): void {
  const { limit, bounds = DEFAULT_JSON_BOUNDS } = limits;
  const declared = Number(limits.contentLength);
  if (declared > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const scanner = new JsonBoundsScanner(bounds);
  const chunks: Buffer[] = [];
  let received = 0;
  const finish = (error: Error | null, body?: JsonBody) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
    done(error, body);
  };
  function onData(chunk: Buffer) {
    received += chunk.length;
    if (received > limit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    const exceeded = scanner.push(chunk);
    if (exceeded !== undefined) {
      // The rest is not scanned: the refusal is answered at once, with Connection: close, and the
      // rest is read and dropped, within bounds, before the connection closes (lingering-response.ts).
      payload.pause();
      return finish(null, beyond(exceeded, bounds));
    }
    chunks.push(chunk);
  }
  function onEnd(error?: Error & { statusCode?: number }) {
    if (error !== undefined) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      return finish(error);
    }
    if (!Number.isNaN(declared) && received !== declared) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    // Decoding copies the bytes into a string, so a body that came in one chunk is read where it lies
    // (a view of the socket's read buffer, kept no longer than this call); only several are joined.
    finish(null, decodeJsonBody(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received), scanner.nameRepeated));
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}
