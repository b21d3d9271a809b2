// Member names given twice in one JSON object (RFC 8259 §4: names SHOULD be unique; JSON.parse keeps
// the last silently, so a wrong authToken followed by the right one would pass as the right one).
// The bounds scanner (json-bounds.ts) hashes each object's names as their bytes arrive, into
// ObjectNames; a hash met twice in one object is a duplicate or, rarely, two names that hash alike,
// which firstDuplicateName tells apart on the parsed text.

/** How many names of one object are compared one by one; an object with more gets a set. */
const LISTED = 16;

/**
 * The name hashes of every open object, innermost last: each object's are the end of one stack (an
 * inner object's are dropped when it closes, before its outer object's next name), compared one by
 * one up to LISTED, then through a set of the object's own. Nothing is allocated per object but that
 * set: a typed array or a set per object cost more than the scan of a small body itself.
 */
export class ObjectNames {
  private readonly hashes: number[] = [];
  /** How many of `hashes` are in use (setting an array's length is slow in V8). */
  private top = 0;
  /** Where the names of the object at each depth begin in `hashes`. */
  private readonly startAt: number[] = [];
  /** The set of an object at a depth that has more than LISTED names. */
  private readonly setAt: Array<Set<number> | undefined> = [];

  /** An object opens at `depth`. */
  open(depth: number): void {
    this.startAt[depth] = this.top;
    this.setAt[depth] = undefined;
  }

  /** The object at `depth` closes: its names are forgotten. */
  close(depth: number): void {
    const start = this.startAt[depth];
    if (start !== undefined) this.top = start;
    this.setAt[depth] = undefined;
  }

  /** Adds `hash` to the object at `depth`; false when it already has it. */
  add(depth: number, hash: number): boolean {
    const { hashes, top } = this;
    const start = this.startAt[depth];
    const set = this.setAt[depth];
    if (set !== undefined) {
      if (set.has(hash)) return false;
      set.add(hash);
    } else {
      for (let k = start; k < top; k++) if (hashes[k] === hash) return false;
      if (top - start >= LISTED) this.setAt[depth] = new Set(hashes.slice(start, top)).add(hash);
    }
    hashes[top] = hash;
    this.top = top + 1;
    return true;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The first member name (in text order) that an object of `text` gives twice, or undefined; `text`
 * must be valid JSON (JSON.parse took it). Called only where the scanner met a hash twice, so it is
 * written to be plain rather than fast.
 */
export function firstDuplicateName(text: string): string | undefined {
  // The names of each open object; null for an array.
  const open: Array<Set<string> | null> = [];
  let nameNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') {
      open.push(new Set());
      nameNext = true;
    } else if (c === '[') {
      open.push(null);
      nameNext = false;
    } else if (c === '}' || c === ']') {
      open.pop();
      nameNext = false;
    } else if (c === ',') nameNext = open.at(-1) != null;
    else if (c === ':') nameNext = false;
    else if (c === '"') {
      let end = i + 1;
      while (text.charCodeAt(end) !== QUOTE) end += text.charCodeAt(end) === BACKSLASH ? 2 : 1;
      if (nameNext) {
        const name = JSON.parse(text.slice(i, end + 1)) as string;
        const names = open.at(-1) as Set<string>;
        if (names.has(name)) return name;
        names.add(name);
      }
      i = end;
      nameNext = false;
    }
  }
  return undefined;
}
