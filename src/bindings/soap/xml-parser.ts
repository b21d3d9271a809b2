// Parses a SOAP message into a small element tree with saxes, within fixed bounds: no DOCTYPE (SOAP
// 1.1 §3 forbids it, and with it every entity declaration), no entity beyond the five predefined
// ones, no processing instruction, bounded nesting depth and element count. Text stays text.
import { SaxesParser, type SaxesTagNS } from 'saxes';

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
}

/** The bounds every SOAP request is parsed within. */
export const DEFAULT_XML_LIMITS: XmlLimits = Object.freeze({ maxDepth: 64, maxElements: 200_000 });

/** The document's root element, or why it was refused. */
export type XmlParseResult = { readonly ok: true; readonly root: XmlElement } | { readonly ok: false; readonly reason: string };

interface OpenElement {
  readonly uri: string;
  readonly local: string;
  readonly attributes: XmlAttribute[];
  readonly children: XmlElement[];
  text: string;
}

/** Thrown inside saxes callbacks to stop at the first problem; never leaves this module. */
class Refusal extends Error {}

function attributesOf(tag: SaxesTagNS): XmlAttribute[] {
  const out: XmlAttribute[] = [];
  for (const name in tag.attributes) {
    const attribute = tag.attributes[name];
    // Namespace declarations are not data.
    if (attribute.prefix === 'xmlns' || (attribute.prefix === '' && attribute.local === 'xmlns')) continue;
    out.push({ uri: attribute.uri, local: attribute.local, value: attribute.value });
  }
  return out;
}

/** Parses `text` as one XML document within `limits`; the reason of a refusal is plain English. */
export function parseXml(text: string, limits: XmlLimits = DEFAULT_XML_LIMITS): XmlParseResult {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: OpenElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  const refuse = (reason: string): never => { throw new Refusal(reason); };

  parser.on('error', (error) => {
    const match = /^(\d+):(\d+): (.*?)\.?$/s.exec(error.message);
    refuse(match === null ? error.message : `${match[3]} (line ${match[1]}, column ${match[2]})`);
  });
  parser.on('doctype', () => refuse('a DOCTYPE declaration is not allowed in a SOAP message'));
  parser.on('processinginstruction', (pi) => refuse(`the processing instruction <?${pi.target}?> is not allowed in a SOAP message`));
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > limits.maxElements) refuse(`the message has more than ${limits.maxElements} elements`);
    if (stack.length >= limits.maxDepth) refuse(`elements are nested deeper than ${limits.maxDepth} levels`);
    stack.push({ uri: tag.uri, local: tag.local, attributes: attributesOf(tag), children: [], text: '' });
  });
  parser.on('closetag', () => {
    const open = stack.pop() as OpenElement;
    const element: XmlElement = open;
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = element;
    else parent.children.push(element);
  });
  const appendText = (data: string) => {
    const open = stack[stack.length - 1];
    if (open !== undefined) open.text += data;
  };
  parser.on('text', appendText);
  parser.on('cdata', appendText);

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
  return root === undefined ? { ok: false, reason: 'the body holds no XML element' } : { ok: true, root };
}
