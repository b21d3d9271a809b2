// Reads the bytes of a REST request body as JSON: UTF-8 only, and all of it valid (RFC 8259 §8.1; the
// SOAP binding refuses bad bytes too, rather than storing U+FFFD in their place), a leading byte-order
// mark ignored (§8.1 allows it), the structural bounds of json-bounds.ts checked before JSON.parse
// builds anything, and a syntax error described without quoting the body, which may hold a password.
import { isUtf8 } from 'node:buffer';
import type { Fault } from '../../domain/outcome.ts';
import { DEFAULT_JSON_BOUNDS, exceededJsonBound, type JsonBounds } from './json-bounds.ts';

/** The body's text (for the stage log) and its value, or the fault it is refused with. */
export type JsonBody =
  | { readonly ok: true; readonly text: string; readonly value: unknown }
  | { readonly ok: false; readonly text: string; readonly fault: Fault };

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

/** The JSON value of `bytes`, or why it is refused. */
export function readJsonBody(bytes: Buffer, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): JsonBody {
  let text = bytes.toString('utf8');
  // toString puts U+FFFD where the bytes are not UTF-8; only then is it worth checking them all.
  if (text.includes(REPLACEMENT_CHARACTER) && !isUtf8(bytes)) return malformed('', 'it is not valid UTF-8');
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
  if (text.length === 0) return malformed(text, 'the body is empty');
  const exceeded = exceededJsonBound(text, bounds);
  if (exceeded === 'depth') return { ok: false, text, fault: { code: 'ERR_BODY_TOO_DEEP', params: { max: bounds.maxDepth } } };
  if (exceeded === 'nodes') return { ok: false, text, fault: { code: 'ERR_BODY_TOO_MANY_NODES', params: { max: bounds.maxNodes } } };
  try {
    return { ok: true, text, value: JSON.parse(text) };
  } catch (error) {
    return malformed(text, syntaxReason(error));
  }
}
