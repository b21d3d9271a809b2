// A contract field's JavaScript pattern as an XML Schema `xs:pattern` (XML Schema 1.0 Part 2,
// appendix F), so that the schema refuses what the server's check refuses and nothing more. The two
// dialects differ in ways that change what matches:
// - An XSD pattern always matches the whole value and has no ^ or $. A contract pattern must match the
//   whole value too (model.ts `pattern`): it must be anchored at both ends, and loses its anchors.
// - XSD has no flags. Case-insensitivity (`i`) is spelled out: each ASCII letter joins its other case
//   (with `u`, k and s also join the Kelvin sign and the long s, which fold to them).
// - Escapes differ. JS `\d` is 0-9, XSD `\d` every Unicode decimal digit, so it is written 0-9; JS
//   identity escapes such as `\$` and `\/` are errors in XSD, so every escape is resolved to its
//   characters and written as XSD wants them.
// - Without the `u` flag JS matches UTF-16 units, XSD characters. They agree on classes of BMP
//   characters only, so negated classes and characters beyond U+FFFF require the `u` flag.
// - An XML value holds only XML characters (no C0 controls but tab, CR and LF, no lone surrogates), so
//   classes are cut down to those: `[^\x00-\x1f]` becomes `[^\t\n\r]`.
// Whatever else a pattern uses (`.`, lookaround, backreferences, \w, \s, \b, \p, alternation outside a
// group, lazy quantifiers, the g, m, y and v flags) is refused when the schema is generated, naming
// the pattern, rather than carried with another meaning.
//
// A field declared `upperCase` is checked after the server upper-cases its letters a–z
// (contract/schema/decode.ts). The schema sees the value as sent, so its pattern accepts every value that
// upper-cases into the contract's pattern: wherever a capital A–Z is allowed its lower-case letter is
// too (`^[A-Z]{2}$` → `[A-Za-z]{2}`), and a–z allowed by the contract pattern itself are dropped, since
// no upper-cased value still holds them. A schema-validating client thus never refuses a value the
// server would take.

/** How the server treats a value before its pattern runs. */
export interface XsdPatternOptions {
  /** Letters a–z are upper-cased before the check (StringField.upperCase). Default false. */
  readonly upperCase?: boolean;
}

/** An inclusive range of code points. */
type Range = readonly [number, number];

/** What one position matches: the code points in `ranges`, or (negated) every other one. */
interface CharSet {
  readonly negated: boolean;
  readonly ranges: readonly Range[];
}

const LOWER: Range = [0x61, 0x7a];
const UPPER: Range = [0x41, 0x5a];
const CASE_OFFSET = 0x20;
/** With `u`, `i` folds by Unicode simple case folding: these fold to k and s. */
const KELVIN_SIGN = 0x212a;
const LONG_S = 0x17f;

/** The `xs:pattern` value that accepts exactly what `pattern` accepts (after upper-casing, if asked). */
export function xsdPatternOf(pattern: RegExp, options: XsdPatternOptions = {}): string {
  return new Translator(pattern, options.upperCase === true).translate();
}

/** The code point `c` starts with (the pattern reader hands over one whole character at a time). */
const codePointOf = (c: string): number => c.codePointAt(0) ?? 0;
const single = (codePoint: number): CharSet => ({ negated: false, ranges: [[codePoint, codePoint]] });
const DIGITS: readonly Range[] = [[0x30, 0x39]];

function overlap([from, to]: Range, [low, high]: Range): Range | undefined {
  const start = Math.max(from, low);
  const end = Math.min(to, high);
  return start <= end ? [start, end] : undefined;
}

/** Sorted, with overlapping and adjacent ranges merged. */
function normalise(ranges: readonly Range[]): Range[] {
  const out: [number, number][] = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

const contains = (ranges: readonly Range[], codePoint: number) => ranges.some(([from, to]) => from <= codePoint && codePoint <= to);

/** Every character the `i` flag lets match one of `ranges` (ASCII ones only; the caller checks). */
function caseClosure(ranges: readonly Range[], unicode: boolean): Range[] {
  const out = [...ranges];
  for (const range of ranges) {
    const capitals = overlap(range, UPPER);
    if (capitals !== undefined) out.push([capitals[0] + CASE_OFFSET, capitals[1] + CASE_OFFSET]);
    const smalls = overlap(range, LOWER);
    if (smalls !== undefined) out.push([smalls[0] - CASE_OFFSET, smalls[1] - CASE_OFFSET]);
  }
  if (unicode) {
    if (contains(out, 0x6b)) out.push([KELVIN_SIGN, KELVIN_SIGN]);
    if (contains(out, 0x73)) out.push([LONG_S, LONG_S]);
  }
  return normalise(out);
}

/**
 * The characters c whose upper-cased form is in `ranges`: each outside a–z is itself; a–z count
 * through their capitals. Complement commutes with this, so it serves negated sets as well.
 */
function upperCasePreimage(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const range of ranges) {
    const [from, to] = range;
    if (from < LOWER[0]) out.push([from, Math.min(to, LOWER[0] - 1)]);
    if (to > LOWER[1]) out.push([Math.max(from, LOWER[1] + 1), to]);
    const capitals = overlap(range, UPPER);
    if (capitals !== undefined) out.push([capitals[0] + CASE_OFFSET, capitals[1] + CASE_OFFSET]);
  }
  return normalise(out);
}

// XML 1.0 §2.2 Char. A value in an XML document holds no other character, so a class keeps only these.
const XML_CHARS: readonly Range[] = [
  [0x9, 0xa],
  [0xd, 0xd],
  [0x20, 0xd7ff],
  [0xe000, 0xfffd],
  [0x10000, 0x10ffff],
];
// XSD 1.0 appendix F: outside a class these are escaped (SingleCharEsc); inside one only \ - [ ] (and ^,
// which starts a negation) need it. No range starts with an escape: libxml2 (xmllint, PHP's SoapClient,
// lxml under zeep) misreads that, `[\(-+]` taking neither * nor -, though the grammar allows it.
const METACHARACTERS = new Set('\\|.-^?*+{}()[]');
const CLASS_METACHARACTERS = new Set('\\-[]^');
const CONTROL_ESCAPES: Readonly<Record<number, string>> = { 0x9: '\\t', 0xa: '\\n', 0xd: '\\r' };

const intersect = (ranges: readonly Range[], others: readonly Range[]): Range[] =>
  ranges.flatMap((range) => others.map((other) => overlap(range, other)).filter((part) => part !== undefined));

/** A character as XSD writes it, inside a class or outside. */
function writeCharacter(codePoint: number, inClass: boolean): string {
  const c = String.fromCodePoint(codePoint);
  return CONTROL_ESCAPES[codePoint] ?? ((inClass ? CLASS_METACHARACTERS : METACHARACTERS).has(c) ? `\\${c}` : c);
}

/** A range inside a class; characters that need an escape are written alone before it. */
function writeClassRange([from, to]: Range): string {
  let out = '';
  let start = from;
  for (; start <= to && writeCharacter(start, true).length > 1; start++) out += writeCharacter(start, true);
  if (start > to) return out;
  if (start === to) return out + writeCharacter(start, true);
  return `${out}${writeCharacter(start, true)}${to === start + 1 ? '' : '-'}${writeCharacter(to, true)}`;
}

class Translator {
  private readonly chars: readonly string[];
  private readonly unicode: boolean;
  private readonly ignoreCase: boolean;
  /** Where the pattern's closing `$` stands. */
  private end = 0;
  private pos = 1;

  constructor(
    private readonly pattern: RegExp,
    private readonly upperCase: boolean,
  ) {
    // By code point, as XSD reads; without `u` a pair is refused in `write`.
    this.chars = Array.from(pattern.source);
    for (const flag of pattern.flags) {
      if (!'disu'.includes(flag)) this.fail(`the flag ${flag}`);
    }
    this.unicode = pattern.unicode;
    this.ignoreCase = pattern.ignoreCase;
  }

  translate(): string {
    const last = this.chars.length - 1;
    if (last < 1 || this.chars[0] !== '^' || this.chars[last] !== '$' || this.escapesAt(last)) {
      this.fail('no ^ and $ around it (a contract pattern matches the whole value)');
    }
    this.end = last;
    const out = this.alternatives(0);
    if (this.pos !== this.end) this.fail(`an unmatched ${this.chars[this.pos]}`);
    return out;
  }

  private fail(what: string): never {
    throw new Error(`the contract pattern ${this.pattern} has ${what}, which the SOAP schema cannot carry (xml/xsd-pattern.ts)`);
  }

  /** Whether the character at `index` is escaped: an odd run of backslashes before it. */
  private escapesAt(index: number): boolean {
    let run = 0;
    while (index - run - 1 >= 0 && this.chars[index - run - 1] === '\\') run++;
    return run % 2 === 1;
  }

  private peek(offset = 0): string | undefined {
    return this.pos + offset < this.end ? this.chars[this.pos + offset] : undefined;
  }

  private next(): string {
    const c = this.peek();
    if (c === undefined) this.fail('an unfinished end');
    this.pos++;
    return c;
  }

  private alternatives(depth: number): string {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      // `^a|b$` is "starts with a or ends with b" in JS.
      if (depth === 0) this.fail('alternation outside a group');
      this.pos++;
      branches.push(this.sequence());
    }
    return branches.join('|');
  }

  private sequence(): string {
    let out = '';
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) out += this.atom() + this.quantifier();
    return out;
  }

  private atom(): string {
    const c = this.next();
    switch (c) {
      case '(': {
        if (this.peek() === '?') {
          if (this.peek(1) !== ':') this.fail('a lookaround or named group');
          this.pos += 2;
        }
        const inner = this.alternatives(1);
        if (this.peek() !== ')') this.fail('an unclosed group');
        this.pos++;
        return `(${inner})`;
      }
      case '[':
        return this.write(this.classSet());
      case '\\':
        return this.write(this.escape(false));
      case '.':
        return this.fail('.');
      case '^':
      case '$':
        return this.fail('an anchor inside it');
      case '*':
      case '+':
      case '?':
      case '{':
        return this.fail(`a ${c} that quantifies nothing`);
      default:
        return this.write(single(codePointOf(c)));
    }
  }

  private quantifier(): string {
    const c = this.peek();
    let out = '';
    if (c === '*' || c === '+' || c === '?') {
      out = c;
    } else if (c === '{') {
      const bounds = /^\{\d+(,\d*)?\}/.exec(this.chars.slice(this.pos, this.end).join(''));
      if (bounds === null) this.fail('a { that starts no quantifier');
      out = bounds[0];
    }
    this.pos += out.length;
    if (out !== '' && this.peek() === '?') this.fail('a lazy quantifier');
    return out;
  }

  /** After `\`: the characters the escape stands for. */
  private escape(inClass: boolean): CharSet {
    const c = this.next();
    switch (c) {
      case 'd':
        return { negated: false, ranges: DIGITS };
      case 'D':
        return { negated: true, ranges: DIGITS };
      case 't':
        return single(0x9);
      case 'n':
        return single(0xa);
      case 'v':
        return single(0xb);
      case 'f':
        return single(0xc);
      case 'r':
        return single(0xd);
      case 'x':
        return single(this.hex(2));
      case 'u': {
        if (this.unicode && this.peek() === '{') {
          const close = this.chars.indexOf('}', this.pos);
          const digits = this.chars.slice(this.pos + 1, close).join('');
          this.pos = close + 1;
          return single(Number.parseInt(digits, 16));
        }
        return single(this.hex(4));
      }
      case 'b':
        if (inClass) return single(0x8);
        break;
      case '0':
        if (!/[0-9]/.test(this.peek() ?? '')) return single(0);
        break;
    }
    // \w, \s, \b, \p, \k, back references, \c …: no equivalent kept here.
    if (/[A-Za-z0-9]/.test(c)) this.fail(`\\${c}`);
    return single(codePointOf(c));
  }

  private hex(count: number): number {
    const digits = this.chars.slice(this.pos, this.pos + count).join('');
    if (!new RegExp(`^[0-9A-Fa-f]{${count}}$`).test(digits)) this.fail('a malformed hexadecimal escape');
    this.pos += count;
    return Number.parseInt(digits, 16);
  }

  /** After `[`: the class up to its `]`. */
  private classSet(): CharSet {
    const negated = this.peek() === '^';
    if (negated) this.pos++;
    const ranges: Range[] = [];
    while (this.peek() !== ']') {
      const from = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.pos++;
        const to = this.classAtom();
        if (from.negated || to.negated || from.ranges.length !== 1 || to.ranges.length !== 1 || from.ranges[0][0] !== from.ranges[0][1]) {
          this.fail('a range bounded by a class escape');
        }
        ranges.push([from.ranges[0][0], to.ranges[0][0]]);
      } else {
        if (from.negated) this.fail('a negated escape inside a class');
        ranges.push(...from.ranges);
      }
    }
    this.pos++;
    return { negated, ranges };
  }

  private classAtom(): CharSet {
    const c = this.next();
    return c === '\\' ? this.escape(true) : single(codePointOf(c));
  }

  /** One matched position as XSD text, after the flags and the server's upper-casing. */
  private write(set: CharSet): string {
    let ranges = normalise(set.ranges);
    if (!this.unicode) {
      if (set.negated) this.fail('a negated class without the u flag');
      if (ranges.some(([from, to]) => (to >= 0xd800 && from <= 0xdfff) || to > 0xffff))
        this.fail('a character beyond U+FFFF or a surrogate without the u flag');
    }
    if (this.ignoreCase) {
      if (ranges.some(([, to]) => to >= 0x80)) this.fail('a character beyond ASCII under the i flag');
      ranges = caseClosure(ranges, this.unicode);
    }
    if (this.upperCase) ranges = upperCasePreimage(ranges);
    ranges = intersect(ranges, XML_CHARS);
    if (ranges.length === 0) this.fail(set.negated ? 'a class matching any character' : 'a class matching no XML character');
    if (!set.negated && ranges.length === 1 && ranges[0][0] === ranges[0][1]) return writeCharacter(ranges[0][0], false);
    return `[${set.negated ? '^' : ''}${ranges.map(writeClassRange).join('')}]`;
  }
}
