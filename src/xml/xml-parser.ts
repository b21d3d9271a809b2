// A strict XML 1.0 (with Namespaces) reader for SOAP messages: one pass over the text, by indexOf
// and character codes, into a small element tree (XmlElement). It accepts exactly the well-formed,
// namespace-well-formed documents a SOAP message can be, and refuses the rest with a reason and a
// position: no DOCTYPE (SOAP 1.1 §3 forbids it, and with it every entity declaration), no entity
// but the five predefined ones and character references, no processing instruction.
// test/xml/xml-parser.test.ts holds it to saxes, the reader it replaced (why: docs/performance.md,
// "Why the code is shaped as it is"): on valid messages and on thousands of mutated ones, both must
// accept the same documents and build the same trees.

/** An attribute with its namespace resolved. */
export interface XmlAttribute {
  readonly uri: string;
  readonly local: string;
  readonly value: string;
}

/** An element: namespace URI ('' for none), local name, attributes, child elements and its own text. */
export interface XmlElement {
  readonly uri: string;
  readonly local: string;
  readonly attributes: readonly XmlAttribute[];
  readonly children: readonly XmlElement[];
  /** The element's own character data (CDATA included), child elements' text excluded. */
  readonly text: string;
}

/** How much a message may hold. */
export interface XmlLimits {
  /** Deepest element nesting, the envelope counting as 1. Default 64. */
  readonly maxDepth: number;
  /** Most elements in one message. Default 200,000. */
  readonly maxElements: number;
  /**
   * Most attributes on one element, namespace declarations included. Default 64: a SOAP message needs
   * a handful, and each costs the reader far more than its few bytes (500,000 on one element: 1.3 s).
   */
  readonly maxAttributes: number;
}

/** The bounds every SOAP request is parsed within. */
export const DEFAULT_XML_LIMITS: XmlLimits = Object.freeze({ maxDepth: 64, maxElements: 200_000, maxAttributes: 64 });

/** The document's root element, or why it was refused. */
export type XmlParseResult = { readonly ok: true; readonly root: XmlElement } | { readonly ok: false; readonly reason: string };

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/** Characters XML 1.0 allows anywhere (§2.2); anything else, a lone surrogate included, is not a document. */
const ILLEGAL_CHARACTER = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** What may be illegal: controls, U+FFFE/U+FFFF and surrogates (which are legal in pairs). A faster first look. */
// eslint-disable-next-line no-control-regex -- XML 1.0 §2.2: these controls are what the check looks for
const MAYBE_ILLEGAL = /[\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

// Names (§2.3): ASCII decides most characters through a table; others go to the full production.
const NAME_START = 1;
const NAME_CHAR = 2;
const ASCII_NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_:]/.test(ch)) ASCII_NAME[c] = NAME_START | NAME_CHAR;
  else if (/[0-9.-]/.test(ch)) ASCII_NAME[c] = NAME_CHAR;
}
const NAME_START_CLASS =
  ':A-Z_a-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}\\u{200C}-\\u{200D}' +
  '\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}';
const NAME_CLASS = `${NAME_START_CLASS}\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}`;
/** A whole Name from lastIndex (sticky). */
// eslint-disable-next-line no-misleading-character-class -- combining marks are name characters (XML 1.0 §2.3 NameChar)
const NAME = new RegExp(`[${NAME_START_CLASS}][${NAME_CLASS}]*`, 'uy');

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = Object.freeze({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' });

/** Thrown to stop at the first problem; caught in `parseXml`, never leaves this module. */
class Refusal extends Error {
  constructor(
    reason: string,
    readonly at: number | null,
  ) {
    super(reason);
  }
}

interface OpenElement {
  readonly qname: string;
  readonly uri: string;
  readonly local: string;
  readonly attributes: readonly XmlAttribute[];
  readonly children: XmlElement[];
  text: string;
  readonly scope: Scope;
}

/**
 * The namespace bindings in scope: this element's declarations, then its ancestors'. A chain, not a
 * copy per element, so many declarations cost each element nothing; lookups walk at most maxDepth links.
 */
class Scope {
  /** The default namespace here ('' for none), kept at hand: most elements are unprefixed. */
  readonly defaultUri: string;

  constructor(
    private readonly parent: Scope | undefined,
    private readonly bindings: ReadonlyMap<string, string>,
  ) {
    this.defaultUri = bindings.get('') ?? parent?.defaultUri ?? '';
  }

  get(prefix: string): string | undefined {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk up the scope chain starts here
    for (let scope: Scope | undefined = this; scope !== undefined; scope = scope.parent) {
      const uri = scope.bindings.get(prefix);
      if (uri !== undefined) return uri;
    }
    return undefined;
  }
}

const NO_ATTRIBUTES: readonly XmlAttribute[] = Object.freeze([]);
// Only xml is bound from the start: names with the prefix xmlns are declarations (attributes) or refused (elements).
const ROOT_SCOPE = new Scope(undefined, new Map([['xml', XML_NAMESPACE]]));

/** `reason` at `at` as "reason (line L, column C)"; columns count UTF-16 units from 1. */
function withPosition(text: string, reason: string, at: number | null): string {
  if (at === null) return reason;
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return `${reason} (line ${line}, column ${at - lineStart + 1})`;
}

/** Parses `text` as one XML document within `limits`; the reason of a refusal is plain English. */
export function parseXml(text: string, limits: XmlLimits = DEFAULT_XML_LIMITS): XmlParseResult {
  try {
    return { ok: true, root: new Scanner(text, limits).document() };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: withPosition(text, error.message, error.at) };
    throw error;
  }
}

class Scanner {
  private i = 0;
  private elements = 0;

  constructor(
    private readonly text: string,
    private readonly limits: XmlLimits,
  ) {}

  /** Stops with `reason`, placed at `at` (default: the current position; null: nowhere in particular). */
  private refuse(reason: string, at: number | null = this.i): never {
    throw new Refusal(reason, at);
  }

  document(): XmlElement {
    const { text } = this;
    const illegal = MAYBE_ILLEGAL.test(text) ? ILLEGAL_CHARACTER.exec(text) : null;
    if (illegal !== null)
      this.refuse(
        `the character U+${(illegal[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`,
        illegal.index,
      );
    if (text.charCodeAt(0) === 0xfeff) this.i = 1;
    if (text.startsWith('<?xml', this.i) && (isSpace(text.charCodeAt(this.i + 5)) || text.startsWith('?>', this.i + 5))) this.declaration();
    this.misc();
    if (this.i >= text.length) this.refuse('the body holds no XML element', null);
    if (text.charCodeAt(this.i) !== 0x3c) this.refuse('text is not allowed outside the root element');
    const root = this.element();
    this.misc();
    if (this.i < text.length)
      this.refuse(text.charCodeAt(this.i) === 0x3c ? 'a document has one root element' : 'text is not allowed outside the root element');
    return root;
  }

  /** The XML declaration (§2.8): version 1.x, then an optional encoding and standalone, in that order. */
  private declaration(): void {
    const { text } = this;
    const end = text.indexOf('?>', this.i);
    if (end === -1) this.refuse('the XML declaration is not closed');
    const body = text.slice(this.i + 5, end);
    const match =
      /^[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1([ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\3)?([ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\5)?[ \t\r\n]*$/.exec(
        body,
      );
    if (match === null) this.refuse('the XML declaration is malformed');
    this.i = end + 2;
  }

  /** Whitespace and comments between markup outside the root element; a DOCTYPE or PI is refused. */
  private misc(): void {
    const { text } = this;
    for (;;) {
      while (this.i < text.length && isSpace(text.charCodeAt(this.i))) this.i += 1;
      if (text.startsWith('<!--', this.i)) this.comment();
      else if (text.startsWith('<?', this.i)) this.processingInstruction();
      else if (text.startsWith('<!DOCTYPE', this.i)) this.refuse('a DOCTYPE declaration is not allowed in a SOAP message', null);
      else return;
    }
  }

  private comment(): void {
    const { text } = this;
    const start = this.i;
    const end = text.indexOf('--', start + 4);
    if (end === -1) this.refuse('a comment is not closed', start);
    // "--" may only end a comment (§2.5).
    if (text.charCodeAt(end + 2) !== 0x3e) this.refuse('"--" is not allowed inside a comment', end);
    this.i = end + 3;
  }

  private processingInstruction(): never {
    const { text } = this;
    const start = this.i;
    NAME.lastIndex = start + 2;
    const target = NAME.exec(text)?.[0] ?? '';
    if (target.toLowerCase() === 'xml') this.refuse('the XML declaration is only allowed at the very start', start);
    this.refuse(`the processing instruction <?${target}?> is not allowed in a SOAP message`, null);
  }

  /** The Name at the current position (moving past it), or a refusal naming `what`. */
  private name(what: string): string {
    const { text } = this;
    const start = this.i;
    let i = start;
    let c = text.charCodeAt(i);
    if (c < 128 && (ASCII_NAME[c] & NAME_START) !== 0) {
      for (i += 1; i < text.length; i += 1) {
        c = text.charCodeAt(i);
        if (c >= 128) break;
        if ((ASCII_NAME[c] & NAME_CHAR) === 0) {
          this.i = i;
          return text.slice(start, i);
        }
      }
      if (i >= text.length) {
        this.i = i;
        return text.slice(start, i);
      }
    }
    NAME.lastIndex = start;
    const match = NAME.exec(text);
    if (match === null) this.refuse(`${what} is not a valid XML name`, start);
    this.i = start + match[0].length;
    return match[0];
  }

  private skipSpaces(): boolean {
    const { text } = this;
    const start = this.i;
    while (this.i < text.length && isSpace(text.charCodeAt(this.i))) this.i += 1;
    return this.i > start;
  }

  /** The element starting at the current '<', with everything inside it. */
  private element(): XmlElement {
    const { text } = this;
    const stack: OpenElement[] = [];
    let open = this.startTag(ROOT_SCOPE, 0);
    if (open.closed) return open.element;
    stack.push(open.element);
    for (;;) {
      const top = stack[stack.length - 1];
      const lt = text.indexOf('<', this.i);
      if (lt === -1) this.refuse(`the element <${top.qname}> is not closed`, text.length);
      if (lt > this.i) top.text += this.characterData(this.i, lt);
      this.i = lt;
      const next = text.charCodeAt(lt + 1);
      if (next === 0x2f) {
        // '</'
        this.endTag(top.qname);
        stack.pop();
        const element: XmlElement = { uri: top.uri, local: top.local, attributes: top.attributes, children: top.children, text: top.text };
        if (stack.length === 0) return element;
        stack[stack.length - 1].children.push(element);
      } else if (next === 0x21) {
        // '<!'
        if (text.startsWith('<!--', lt)) this.comment();
        else if (text.startsWith('<![CDATA[', lt)) top.text += this.cdata();
        else if (text.startsWith('<!DOCTYPE', lt)) this.refuse('a DOCTYPE declaration is not allowed in a SOAP message', null);
        else this.refuse('"<!" starts no comment or CDATA section here');
      } else if (next === 0x3f) {
        // '<?'
        this.processingInstruction();
      } else {
        open = this.startTag(top.scope, stack.length);
        if (open.closed) top.children.push(open.element);
        else stack.push(open.element);
      }
    }
  }

  /** A start tag or empty-element tag at the current '<'; `depth` counts the elements it is inside. */
  private startTag(parentScope: Scope, depth: number): { closed: true; element: XmlElement } | { closed: false; element: OpenElement } {
    const { text } = this;
    const tagStart = this.i;
    this.elements += 1;
    if (this.elements > this.limits.maxElements) this.refuse(`the message has more than ${this.limits.maxElements} elements`, null);
    if (depth >= this.limits.maxDepth) this.refuse(`elements are nested deeper than ${this.limits.maxDepth} levels`, null);
    this.i += 1;
    const qname = this.name('the element name');
    let raw: Array<{ name: string; value: string; at: number }> | undefined;
    let names: Set<string> | undefined;
    let closed = false;
    for (;;) {
      const spaced = this.skipSpaces();
      if (this.i >= text.length) this.refuse(`the tag <${qname}> is not closed`, tagStart);
      const c = text.charCodeAt(this.i);
      if (c === 0x3e) {
        this.i += 1;
        break;
      }
      if (c === 0x2f) {
        if (text.charCodeAt(this.i + 1) !== 0x3e) this.refuse(`"/" must be followed by ">" in the tag <${qname}>`);
        this.i += 2;
        closed = true;
        break;
      }
      if (!spaced) this.refuse(`attributes of <${qname}> must be separated by whitespace`);
      if (raw !== undefined && raw.length >= this.limits.maxAttributes)
        this.refuse(`the element <${qname}> has more than ${this.limits.maxAttributes} attributes`, tagStart);
      const at = this.i;
      const name = this.name('the attribute name');
      this.skipSpaces();
      if (text.charCodeAt(this.i) !== 0x3d) this.refuse(`the attribute ${name} has no "=" and value`);
      this.i += 1;
      this.skipSpaces();
      const value = this.attributeValue(name);
      names ??= new Set();
      if (names.has(name)) this.refuse(`the attribute ${name} appears twice`, at);
      names.add(name);
      (raw ??= []).push({ name, value, at });
    }

    // Namespaces in XML 1.0: declarations first, then every name resolved in the new scope.
    let scope = parentScope;
    if (raw !== undefined) {
      let bindings: Map<string, string> | undefined;
      for (const { name, value: written, at } of raw) {
        // Spaces around a namespace name are dropped, as saxes, the reader before this one, did: no
        // URI holds one, and a client that wrote one was served before.
        const value = written.replace(/^ +| +$/g, '');
        let declared: string;
        if (name === 'xmlns') {
          declared = '';
          if (value === XML_NAMESPACE || value === XMLNS_NAMESPACE) this.refuse(`the default namespace cannot be ${value}`, at);
        } else if (name.startsWith('xmlns:')) {
          declared = name.slice(6);
          this.ncName(declared, at);
          if (value === '') this.refuse(`the prefix ${declared} cannot be bound to no namespace`, at);
          if (declared === 'xmlns') this.refuse('the prefix xmlns cannot be declared', at);
          if ((declared === 'xml') !== (value === XML_NAMESPACE)) this.refuse(`only the prefix xml is bound to ${XML_NAMESPACE}`, at);
          if (value === XMLNS_NAMESPACE) this.refuse(`no prefix is bound to ${XMLNS_NAMESPACE}`, at);
        } else {
          continue;
        }
        (bindings ??= new Map()).set(declared, value);
      }
      if (bindings !== undefined) scope = new Scope(parentScope, bindings);
    }
    const [uri, local] = this.resolve(qname, scope, true, tagStart + 1);
    let attributes = NO_ATTRIBUTES;
    if (raw !== undefined) {
      const resolved: XmlAttribute[] = [];
      const expanded = new Set<string>();
      for (const { name, value, at } of raw) {
        if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
        const [attributeUri, attributeLocal] = this.resolve(name, scope, false, at);
        // Two prefixes bound to one namespace may not name one attribute twice.
        const key = `${attributeLocal} ${attributeUri}`;
        if (expanded.has(key)) this.refuse(`the attribute ${name} names the same attribute as another one of <${qname}>`, at);
        expanded.add(key);
        resolved.push({ uri: attributeUri, local: attributeLocal, value });
      }
      if (resolved.length > 0) attributes = resolved;
    }
    if (closed) return { closed: true, element: { uri, local, attributes, children: [], text: '' } };
    return { closed: false, element: { qname, uri, local, attributes, children: [], text: '', scope } };
  }

  /** [namespace URI, local name] of a QName; unprefixed attributes are in no namespace. */
  private resolve(qname: string, scope: Scope, isElement: boolean, at: number): [string, string] {
    const colon = qname.indexOf(':');
    if (colon === -1) return [isElement ? scope.defaultUri : '', qname];
    const prefix = qname.slice(0, colon);
    const local = qname.slice(colon + 1);
    this.ncName(prefix, at);
    this.ncName(local, at);
    if (isElement && prefix === 'xmlns') this.refuse('an element cannot have the prefix xmlns', at);
    const uri = scope.get(prefix);
    if (uri === undefined) this.refuse(`the namespace prefix ${prefix} is not declared`, at);
    return [uri, local];
  }

  /**
   * A namespace prefix or local part must be a Name without ":" (an NCName). `part` is a piece of a
   * Name already read, so its characters are name characters: it only has to be non-empty, hold no
   * ":", and start with a character a name may start with.
   */
  private ncName(part: string, at: number): void {
    const c = part.charCodeAt(0);
    const startsWell = c < 128 ? (ASCII_NAME[c] & NAME_START) !== 0 : ((NAME.lastIndex = 0), NAME.test(part.slice(0, 2)));
    if (part === '' || !startsWell || part.includes(':')) this.refuse(`"${part}" is not a valid namespace prefix or local name`, at);
  }

  private endTag(expected: string): void {
    const { text } = this;
    const start = this.i;
    this.i += 2;
    if (text.startsWith(expected, this.i) && text.charCodeAt(this.i + expected.length) === 0x3e) {
      this.i += expected.length + 1;
      return;
    }
    const name = this.name('the end tag name');
    this.skipSpaces();
    if (text.charCodeAt(this.i) !== 0x3e) this.refuse(`the end tag </${name}> is not closed`, start);
    if (name !== expected) this.refuse(`the end tag </${name}> does not close <${expected}>`, start);
    this.i += 1;
  }

  private attributeValue(name: string): string {
    const { text } = this;
    const quote = text.charCodeAt(this.i);
    if (quote !== 0x22 && quote !== 0x27) this.refuse(`the value of the attribute ${name} must be quoted`);
    const start = this.i + 1;
    const end = text.indexOf(quote === 0x22 ? '"' : "'", start);
    if (end === -1) this.refuse(`the value of the attribute ${name} is not closed`, this.i);
    this.i = end + 1;
    let value = text.slice(start, end);
    // Searched in the value only: a search of the text from here would cross every later attribute.
    const lt = value.indexOf('<');
    if (lt !== -1) this.refuse(`"<" is not allowed in an attribute value`, start + lt);
    // §3.3.3: line ends become one space, then every whitespace character a space; references after.
    if (/[\t\n\r]/.test(value)) value = value.replace(/\r\n?|[\t\n]/g, ' ');
    return value.includes('&') ? this.references(value, start) : value;
  }

  /** Character data from `start` to `end`: no "]]>", line ends normalized, references replaced. */
  private characterData(start: number, end: number): string {
    let data = this.text.slice(start, end);
    const cdataEnd = data.indexOf(']]>');
    if (cdataEnd !== -1) this.refuse('"]]>" is not allowed in text', start + cdataEnd);
    if (data.includes('\r')) data = data.replace(/\r\n?/g, '\n');
    return data.includes('&') ? this.references(data, start) : data;
  }

  private cdata(): string {
    const { text } = this;
    const start = this.i + 9;
    const end = text.indexOf(']]>', start);
    if (end === -1) this.refuse('a CDATA section is not closed', this.i);
    this.i = end + 3;
    const data = text.slice(start, end);
    return data.includes('\r') ? data.replace(/\r\n?/g, '\n') : data;
  }

  /** `data` with its entity and character references replaced; `offset` places it in the text for errors. */
  private references(data: string, offset: number): string {
    let out = '';
    let from = 0;
    for (let amp = data.indexOf('&'); amp !== -1; amp = data.indexOf('&', from)) {
      const semicolon = data.indexOf(';', amp + 1);
      if (semicolon === -1) this.refuse('"&" must start a reference ending in ";" (write &amp; for "&")', offset + amp);
      const reference = data.slice(amp + 1, semicolon);
      let replacement: string | undefined;
      if (reference.startsWith('#')) {
        const code = /^#x[0-9A-Fa-f]+$/.test(reference)
          ? Number.parseInt(reference.slice(2), 16)
          : /^#[0-9]+$/.test(reference)
            ? Number.parseInt(reference.slice(1), 10)
            : Number.NaN;
        if (Number.isNaN(code)) this.refuse(`&${reference}; is not a character reference`, offset + amp);
        replacement = code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFF';
        if (ILLEGAL_CHARACTER.test(replacement)) this.refuse(`&${reference}; refers to a character XML does not allow`, offset + amp);
      } else {
        replacement = PREDEFINED_ENTITIES[reference];
        if (replacement === undefined || !Object.hasOwn(PREDEFINED_ENTITIES, reference)) {
          this.refuse(
            `undefined entity &${reference}; (only &lt; &gt; &amp; &apos; &quot; and character references are allowed)`,
            offset + amp,
          );
        }
      }
      out += data.slice(from, amp) + replacement;
      from = semicolon + 1;
    }
    return out + data.slice(from);
  }
}
