// A cheap structural bound on a JSON text, checked as its bytes arrive, before anything is parsed: how
// deep it nests and how many nodes it holds. JSON.parse builds the whole tree before anything can look
// at it, and a body of nested arrays or of millions of empty objects costs it seconds and gigabytes;
// this pass costs less than reading the text once, and stops at the first excess — in the first
// chunk of a 4.8 MB body of nested arrays, before the rest has even arrived. It does not validate:
// JSON.parse does that afterwards, so a text that is not JSON may pass here, but a JSON text within
// the bounds is never refused. It reads UTF-8 bytes: every byte of JSON's structure is ASCII, and no
// byte of a multi-byte character is. On the way it hashes each object's member names (json-names.ts)
// and notes whether one repeats.
import { ObjectNames } from './json-names.ts';

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
/** The first byte that is not ASCII: a name holding one is hashed as the text it decodes to. */
const NON_ASCII = 0x80;

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

/** FNV-1a's 32-bit offset basis and prime: the hash of member names (any fast hash would do). */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The hash of a whole name: of its UTF-16 code units, which for ASCII are its bytes. */
function hashName(name: string): number {
  let hash = FNV_OFFSET;
  for (let k = 0; k < name.length; k++) hash = Math.imul(hash ^ name.charCodeAt(k), FNV_PRIME);
  return hash;
}

/**
 * The hash of the member name in `bytes` from `start` to `end` (the text between its
 * quotes), as JSON.parse reads it: ASCII without escapes byte for byte (most names), anything else
 * decoded first. A name JSON.parse refuses is hashed as it stands: the text is refused anyway.
 */
function hashNameAt(bytes: Buffer, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let k = start; k < end; k++) {
    const c = bytes[k];
    if (c === BACKSLASH || c >= NON_ASCII) return hashName(decodeName(bytes.toString('utf8', start, end)));
    hash = Math.imul(hash ^ c, FNV_PRIME);
  }
  return hash;
}

/** A name's text with its escapes read. */
function decodeName(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

/** Bytes as a Buffer, where they are not one already (a view: nothing is copied). */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Scans one JSON text chunk by chunk, in order; where a chunk ends, a string, an escape or a number may go on in the next. */
export class JsonBoundsScanner {
  private depth = 0;
  private nodes = 0;
  private inString = false;
  private escaped = false;
  private inScalar = false;
  /** Whether the next string is a member name: after `{` or after `,` in an object. */
  private nameNext = false;
  /** Whether the string being read is a member name. */
  private inName = false;
  /** The bytes of a member name begun in an earlier chunk. */
  private namePart: Buffer | undefined;
  /** Whether the container at each depth (1 the outermost) is an object. */
  private readonly objectAt: Array<boolean | undefined> = [];
  /** The hashes of the names of every open object. */
  private readonly names = new ObjectNames();
  private repeated = false;

  constructor(private readonly bounds: JsonBounds = DEFAULT_JSON_BOUNDS) {}

  /**
   * Whether an object of the text scanned so far gives two names of one hash: the same name twice,
   * or (rarely) two that hash alike; json-names.ts firstDuplicateName tells which, on the parsed text.
   */
  get nameRepeated(): boolean {
    return this.repeated;
  }

  /** Notes the name between `start` and `end` of `bytes` (after namePart, if any) in the object at `depth`. */
  private addName(bytes: Buffer, start: number, end: number, depth: number): void {
    let hash: number;
    if (this.namePart === undefined) hash = hashNameAt(bytes, start, end);
    else {
      const whole = Buffer.concat([this.namePart, bytes.subarray(start, end)]);
      this.namePart = undefined;
      hash = hashNameAt(whole, 0, whole.length);
    }
    // A text that closes more than it opens has no object here; JSON.parse refuses it.
    if (depth >= 1 && !this.names.add(depth, hash)) this.repeated = true;
  }

  /** Scans the next bytes of the text; the first bound exceeded so far, or undefined. Once one is, stop pushing. */
  push(chunk: Uint8Array): JsonBoundExceeded | undefined {
    const bytes = asBuffer(chunk);
    const { maxDepth, maxNodes } = this.bounds;
    const { objectAt } = this;
    const length = bytes.length;
    let { depth, nodes, inString, escaped, inScalar, nameNext, inName } = this;
    // Names are hashed until one repeats.
    let hashing = !this.repeated;
    let nameStart = 0;
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
            if (inName) {
              inName = false;
              this.addName(bytes, nameStart, j, depth);
              hashing = !this.repeated;
            }
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
            // The name goes on in the next chunk.
            if (inName) this.namePart = Buffer.concat([this.namePart ?? Buffer.alloc(0), bytes.subarray(nameStart)]);
            break;
          }
          const closes = !isEscaped(bytes, i, quote, escaped);
          escaped = false;
          i = quote + 1;
          if (closes) {
            inString = false;
            if (inName) {
              inName = false;
              this.addName(bytes, nameStart, quote, depth);
              hashing = !this.repeated;
            }
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
      if (c <= SPACE || c === COLON) continue;
      if (c === COMMA) {
        nameNext = objectAt[depth] === true;
        continue;
      }
      if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
        if (c === CLOSE_BRACE && hashing) this.names.close(depth);
        depth--;
        nameNext = false;
        continue;
      }
      if (++nodes > maxNodes) {
        exceeded = 'nodes';
        break;
      }
      if (c === QUOTE) {
        inString = true;
        if (nameNext && hashing) {
          inName = true;
          nameStart = i;
        }
        nameNext = false;
      } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
        if (++depth > maxDepth) {
          exceeded = 'depth';
          break;
        }
        nameNext = c === OPEN_BRACE;
        objectAt[depth] = nameNext;
        if (nameNext && hashing) this.names.open(depth);
      } else {
        inScalar = true;
        nameNext = false;
      }
    }
    this.depth = depth;
    this.nodes = nodes;
    this.inString = inString;
    this.escaped = escaped;
    this.inScalar = inScalar;
    this.nameNext = nameNext;
    this.inName = inName;
    return exceeded;
  }
}

/** The first bound the whole text `bytes` exceeds, or undefined. */
export function exceededJsonBound(bytes: Uint8Array, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): JsonBoundExceeded | undefined {
  return new JsonBoundsScanner(bounds).push(bytes);
}
