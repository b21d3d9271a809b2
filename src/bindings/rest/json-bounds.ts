// A cheap structural bound on a JSON text, checked as its bytes arrive, before anything is parsed: how
// deep it nests and how many nodes it holds. JSON.parse builds the whole tree before anything can look
// at it, and a body of nested arrays or of millions of empty objects costs it seconds and gigabytes;
// this pass costs less than reading the text once, and stops at the first excess — in the first
// chunk of a 4.8 MB body of nested arrays, before the rest has even arrived. It does not validate:
// JSON.parse does that afterwards, so a text that is not JSON may pass here, but a JSON text within
// the bounds is never refused. It reads UTF-8 bytes: every byte of JSON's structure is ASCII, and no
// byte of a multi-byte character is.

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

/** How far into a string its closing quote is looked for byte by byte before natively. */
const NATIVE_FROM = 64;

/**
 * Whether the byte at `at` is escaped: preceded by an odd run of backslashes, counted back no further
 * than `from`, where `escapedFrom` says whether the byte at `from` is escaped itself (then it is a
 * backslash's target, not the start of an escape). Each run is counted once: the scan goes on past `at`.
 */
function isEscaped(bytes: Uint8Array, from: number, at: number, escapedFrom: boolean): boolean {
  let run = 0;
  let j = at - 1;
  while (j >= from && bytes[j] === BACKSLASH) {
    run++;
    j--;
  }
  if (j < from && escapedFrom) run--;
  return (run & 1) === 1;
}

/** A byte that continues a number or a literal (`true`, `false`, `null`), or junk JSON.parse refuses. */
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

/** Scans one JSON text chunk by chunk, in order; where a chunk ends, a string, an escape or a number may go on in the next. */
export class JsonBoundsScanner {
  private depth = 0;
  private nodes = 0;
  private inString = false;
  private escaped = false;
  private inScalar = false;

  constructor(private readonly bounds: JsonBounds = DEFAULT_JSON_BOUNDS) {}

  /** Scans the next bytes of the text; the first bound exceeded so far, or undefined. Once one is, stop pushing. */
  push(bytes: Uint8Array): JsonBoundExceeded | undefined {
    const { maxDepth, maxNodes } = this.bounds;
    const length = bytes.length;
    let { depth, nodes, inString, escaped, inScalar } = this;
    let exceeded: JsonBoundExceeded | undefined;
    let i = 0;
    while (i < length) {
      if (inString) {
        // Strings are most of a body's bytes. Most are short: their closing quote is looked for here,
        // byte by byte, up to NATIVE_FROM bytes on; past that, natively (a call costs more than
        // a short string's bytes), then its escape checked.
        // (Not where the chunk begins with an escaped byte, which the loop below reads.)
        if (!escaped) {
          const near = Math.min(length, i + NATIVE_FROM);
          let j = i;
          while (j < near && bytes[j] !== QUOTE && bytes[j] !== BACKSLASH) j++;
          if (j < near && bytes[j] === QUOTE) {
            inString = false;
            i = j + 1;
            continue;
          }
          // Nothing up to j is a quote or a backslash: the search goes on from there.
          i = j;
        }
        for (;;) {
          const quote = bytes.indexOf(QUOTE, i);
          if (quote === -1) {
            escaped = isEscaped(bytes, i, length, escaped);
            i = length;
            break;
          }
          const closes = !isEscaped(bytes, i, quote, escaped);
          escaped = false;
          i = quote + 1;
          if (closes) {
            inString = false;
            break;
          }
        }
        continue;
      }
      const c = bytes[i++];
      if (inScalar) {
        if (continuesScalar(c)) continue;
        inScalar = false;
      }
      if (c <= SPACE || c === COMMA || c === COLON) continue;
      if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
        depth--;
        continue;
      }
      if (++nodes > maxNodes) {
        exceeded = 'nodes';
        break;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
        if (++depth > maxDepth) {
          exceeded = 'depth';
          break;
        }
      } else inScalar = true;
    }
    this.depth = depth;
    this.nodes = nodes;
    this.inString = inString;
    this.escaped = escaped;
    this.inScalar = inScalar;
    return exceeded;
  }
}

/** The first bound the whole text `bytes` exceeds, or undefined. */
export function exceededJsonBound(bytes: Uint8Array, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): JsonBoundExceeded | undefined {
  return new JsonBoundsScanner(bounds).push(bytes);
}
