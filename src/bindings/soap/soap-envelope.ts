// Reads the SOAP 1.1 envelope (SOAP 1.1 §4): Envelope in the SOAP 1.1 namespace, an optional
// Header, then a Body (and nothing after it) whose one element names the operation. Header entries this service does
// not understand are ignored unless they demand to be understood (`mustUnderstand="1"`, §4.2.3).
import { SOAP12_ENVELOPE_NS, SOAP_ENVELOPE_NS } from './namespaces.ts';
import type { XmlElement } from '../../xml/xml-parser.ts';

/** A well-formed SOAP 1.1 request: its header entries and the operation element of its body. */
export interface SoapRequest {
  readonly headers: readonly XmlElement[];
  readonly operation: XmlElement;
}

/** Why an envelope is refused, and the SOAP fault code that says so (§4.4.1). */
export interface EnvelopeProblem {
  readonly faultCode: 'VersionMismatch' | 'MustUnderstand' | 'Client';
  readonly reason: string;
}

/** A qualified name: namespace URI and local name. */
export interface QName {
  readonly uri: string;
  readonly local: string;
}

const inSoap = (element: XmlElement, local: string) => element.uri === SOAP_ENVELOPE_NS && element.local === local;
const describe = (element: XmlElement) => (element.uri === '' ? element.local : `{${element.uri}}${element.local}`);

/** SOAP 1.1 §4.2.2: the actor meaning "the first application that processes the message". */
const NEXT_ACTOR = 'http://schemas.xmlsoap.org/soap/actor/next';

/**
 * Whether `entry` is for this service and must be understood (§4.2.3). An entry is for this service
 * when it names no actor (the ultimate destination) or the next one (§4.2.2); an entry for another
 * actor is not ours to obey or to refuse, mustUnderstand or not.
 */
function demandsUnderstanding(entry: XmlElement): boolean {
  const actor = entry.attributes.find((a) => a.uri === SOAP_ENVELOPE_NS && a.local === 'actor');
  if (actor !== undefined && actor.value.trim() !== NEXT_ACTOR) return false;
  const attribute = entry.attributes.find((a) => a.uri === SOAP_ENVELOPE_NS && a.local === 'mustUnderstand');
  return attribute !== undefined && (attribute.value.trim() === '1' || attribute.value.trim() === 'true');
}

/** Splits `root` into header entries and the operation element; `understood` are the header entries we process. */
export function readEnvelope(root: XmlElement, understood: readonly QName[]): { request: SoapRequest } | { problem: EnvelopeProblem } {
  if (root.local === 'Envelope' && root.uri !== SOAP_ENVELOPE_NS) {
    const version =
      root.uri === SOAP12_ENVELOPE_NS
        ? 'a SOAP 1.2 envelope'
        : root.uri === ''
          ? 'an Envelope in no namespace'
          : `an Envelope in namespace ${root.uri}`;
    return { problem: { faultCode: 'VersionMismatch', reason: `${version} was sent; this service speaks SOAP 1.1 (${SOAP_ENVELOPE_NS})` } };
  }
  if (!inSoap(root, 'Envelope')) {
    return {
      problem: { faultCode: 'Client', reason: `the root element is ${describe(root)}, not a SOAP 1.1 Envelope (${SOAP_ENVELOPE_NS})` },
    };
  }
  const [first, second] = root.children;
  const header = first !== undefined && inSoap(first, 'Header') ? first : undefined;
  const body = header === undefined ? first : second;
  if (body === undefined || !inSoap(body, 'Body')) {
    return {
      problem: {
        faultCode: 'Client',
        reason: `the Envelope must hold an optional soap:Header and then a soap:Body${body === undefined ? '' : `, found ${describe(body)}`}`,
      },
    };
  }
  // SOAP 1.1 §4.1.1 lets other elements follow the Body; a client's mistake (a second Body, an
  // operation element outside it) would then be ignored silently, so nothing may (issue 39).
  const after = root.children[header === undefined ? 1 : 2];
  if (after !== undefined) {
    return {
      problem: {
        faultCode: 'Client',
        reason: `the Envelope must end with its soap:Body, found ${describe(after)} after it`,
      },
    };
  }
  const headers = header?.children ?? [];
  const refused = headers.find(
    (entry) => demandsUnderstanding(entry) && !understood.some((q) => q.uri === entry.uri && q.local === entry.local),
  );
  if (refused !== undefined) {
    return {
      problem: {
        faultCode: 'MustUnderstand',
        reason: `the header entry ${describe(refused)} is marked mustUnderstand but is not understood by this service`,
      },
    };
  }
  const [operation, extra] = body.children;
  if (operation === undefined)
    return { problem: { faultCode: 'Client', reason: 'the soap:Body is empty; it must hold the element named as the operation' } };
  if (extra !== undefined)
    return {
      problem: {
        faultCode: 'Client',
        reason: `the soap:Body must hold only the operation element ${operation.local}, found ${describe(extra)} too`,
      },
    };
  return { request: { headers, operation } };
}
