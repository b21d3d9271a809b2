// A cheap structural bound on a JSON text, checked before it is parsed: how deep it nests and how many
// nodes it holds. JSON.parse builds the whole tree before anything can look at it, and a body of
// nested arrays or of millions of empty objects costs it seconds and gigabytes; this pass costs about
// what reading the text once does, and stops at the first excess. It does not validate: JSON.parse
// does that afterwards, so a text that is not JSON may pass here, but a JSON text within the bounds
// is never refused.

/** How much a JSON request body may hold. */
export interface JsonBounds {
  /** Deepest nesting of objects and arrays, the outermost counting as 1. Default 64, as for SOAP elements. */
  readonly maxDepth: number;
  /** Most nodes: every object, array, member name, string, number, true, false and null counts as one. Default 200,000. */
  readonly maxNodes: number;
}

/** The bounds every REST body is read within (the same figures as the SOAP reader's DEFAULT_XML_LIMITS). */
export const DEFAULT_JSON_BOUNDS: JsonBounds = Object.freeze({ maxDepth: 64, maxNodes: 200_000 });

/** Which bound a text exceeds first. */
export type JsonBoundExceeded = 'depth' | 'nodes';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;
const SPACE = 0x20;

/** Whether the quote at `at` is escaped: an odd number of backslashes stands right before it. */
function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
  return backslashes % 2 === 1;
}

/** A character that continues a number or a literal (`true`, `false`, `null`), or junk JSON.parse refuses. */
function continuesScalar(c: number): boolean {
  return (
    c > SPACE &&
    c !== COMMA &&
    c !== COLON &&
    c !== QUOTE &&
    c !== OPEN_BRACKET &&
    c !== CLOSE_BRACKET &&
    c !== OPEN_BRACE &&
    c !== CLOSE_BRACE
  );
}

/**
 * The first bound `text` exceeds, or undefined. One pass: a string is skipped to its closing quote
 * with indexOf (escaped quotes stepped over), so most of a body's characters are never looked at
 * one by one; each bracket and each scalar's first character is.
 */
export function exceededJsonBound(text: string, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): JsonBoundExceeded | undefined {
  const { maxDepth, maxNodes } = bounds;
  const length = text.length;
  let depth = 0;
  let nodes = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c <= SPACE || c === COMMA || c === COLON) continue;
    if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
      continue;
    }
    if (++nodes > maxNodes) return 'nodes';
    if (c === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      // An unterminated string: not JSON, which JSON.parse will say.
      if (end === -1) return undefined;
      i = end;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return 'depth';
    } else {
      while (i + 1 < length && continuesScalar(text.charCodeAt(i + 1))) i++;
    }
  }
  return undefined;
}
