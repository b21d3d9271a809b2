// The reference for src/xml/xml-parser.ts: the same element tree, built by saxes (the
// parser the service used before it had its own), within the same bounds and refusals (no DOCTYPE, no
// processing instruction, bounded nesting depth and element count). xml-parser.test.ts runs both on
// the same documents.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { DEFAULT_XML_LIMITS, type XmlAttribute, type XmlElement, type XmlLimits, type XmlParseResult } from '../../src/xml/xml-parser.ts';

interface OpenElement {
  readonly uri: string;
  readonly local: string;
  readonly attributes: readonly XmlAttribute[];
  readonly children: XmlElement[];
  text: string;
}

/** Thrown inside saxes callbacks to stop at the first problem; never leaves this module. */
class Refusal extends Error {}

const NO_ATTRIBUTES: readonly XmlAttribute[] = Object.freeze([]);

function attributesOf(tag: SaxesTagNS): readonly XmlAttribute[] {
  let out: XmlAttribute[] | undefined;
  for (const name in tag.attributes) {
    const attribute = tag.attributes[name];
    // Namespace declarations are not data.
    if (attribute.prefix === 'xmlns' || (attribute.prefix === '' && attribute.local === 'xmlns')) continue;
    (out ??= []).push({ uri: attribute.uri, local: attribute.local, value: attribute.value });
  }
  return out ?? NO_ATTRIBUTES;
}

/**
 * Builds element trees with one long-lived saxes parser: handlers set once keep the parser's shape
 * stable, which V8 runs several times faster than a fresh parser per message. Parsing is
 * synchronous, so one builder per process is never shared by two messages at once.
 */
class TreeBuilder {
  private parser = this.createParser();
  private stack: OpenElement[] = [];
  private root: XmlElement | undefined;
  private elements = 0;
  private limits: XmlLimits = DEFAULT_XML_LIMITS;

  parse(text: string, limits: XmlLimits): XmlParseResult {
    this.stack = [];
    this.root = undefined;
    this.elements = 0;
    this.limits = limits;
    try {
      this.parser.write(text).close();
    } catch (error) {
      // A parser stopped halfway is not reusable.
      this.parser = this.createParser();
      if (error instanceof Refusal) return { ok: false, reason: error.message };
      if (error instanceof Error) return { ok: false, reason: describeSaxesError(error) };
      throw error;
    }
    const root = this.root;
    this.stack = [];
    this.root = undefined;
    return root === undefined ? { ok: false, reason: 'the body holds no XML element' } : { ok: true, root };
  }

  private createParser(): SaxesParser<{ xmlns: true; position: true }> {
    const parser = new SaxesParser({ xmlns: true, position: true });
    // Without an error handler saxes throws at the first error, which stops the parse there.
    parser.on('doctype', () => refuse('a DOCTYPE declaration is not allowed in a SOAP message'));
    parser.on('processinginstruction', (pi) => refuse(`the processing instruction <?${pi.target}?> is not allowed in a SOAP message`));
    parser.on('opentag', (tag) => {
      this.elements += 1;
      if (this.elements > this.limits.maxElements) refuse(`the message has more than ${this.limits.maxElements} elements`);
      if (this.stack.length >= this.limits.maxDepth) refuse(`elements are nested deeper than ${this.limits.maxDepth} levels`);
      if (Object.keys(tag.attributes).length > this.limits.maxAttributes)
        refuse(`the element <${tag.name}> has more than ${this.limits.maxAttributes} attributes`);
      this.stack.push({ uri: tag.uri, local: tag.local, attributes: attributesOf(tag), children: [], text: '' });
    });
    parser.on('closetag', () => {
      const element = this.stack.pop() as OpenElement;
      const parent = this.stack[this.stack.length - 1];
      if (parent === undefined) this.root = element;
      else parent.children.push(element);
    });
    const appendText = (data: string) => {
      const open = this.stack[this.stack.length - 1];
      if (open !== undefined) open.text += data;
    };
    parser.on('text', appendText);
    parser.on('cdata', appendText);
    return parser;
  }
}

function refuse(reason: string): never {
  throw new Refusal(reason);
}

/** A saxes error (`1:5: disallowed character.`) as plain English with its position. */
function describeSaxesError(error: Error): string {
  const match = /^(\d+):(\d+): (.*?)\.?$/s.exec(error.message);
  return match === null ? error.message : `${match[3]} (line ${match[1]}, column ${match[2]})`;
}

const builder = new TreeBuilder();

/** Parses `text` as one XML document within `limits` with saxes. */
export function parseXmlWithSaxes(text: string, limits: XmlLimits = DEFAULT_XML_LIMITS): XmlParseResult {
  return builder.parse(text, limits);
}
