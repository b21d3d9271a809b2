// Reads SOAP answers in tests: the body's element or the fault, as plain values. Repeated elements
// become arrays, single ones stay values (use `list` where the contract has an array).
import { SOAP_ENVELOPE_NS } from '../../src/bindings/soap/namespaces.ts';
import { parseXml, type XmlElement } from '../../src/xml/xml-parser.ts';

/** A plain value of an element: text for a leaf, an object of its children otherwise. */
export type Plain = string | { [key: string]: Plain | Plain[] };

export function toPlain(element: XmlElement): Plain {
  if (element.children.length === 0) return element.text;
  const out: Record<string, Plain | Plain[]> = {};
  for (const child of element.children) {
    const value = toPlain(child);
    const existing = out[child.local];
    if (existing === undefined) out[child.local] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[child.local] = [existing, value];
  }
  return out;
}

/** A value that may be one element or several, as a list. */
export function list<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export interface SoapFaultAnswer {
  readonly faultcode: string;
  readonly faultstring: string;
  /**
   * The detail's element (`faults` or `authenticationFault`), its namespace and children; absent only
   * on MustUnderstand and VersionMismatch faults, which SOAP 1.1 §4.4 gives no detail.
   */
  readonly detail?: {
    readonly local: string;
    readonly uri: string;
    readonly children: Record<string, string>;
    readonly childUris: readonly string[];
  };
}

/** A fault about the Body, which always carries a detail. */
export type BodyFaultAnswer = SoapFaultAnswer & { readonly detail: NonNullable<SoapFaultAnswer['detail']> };

/** `fault`, checked to carry a detail (every Client and Server fault does). */
export function bodyFault(fault: SoapFaultAnswer): BodyFaultAnswer {
  if (fault.detail === undefined) throw new Error(`a ${fault.faultcode} fault without a detail`);
  return fault as BodyFaultAnswer;
}

export type SoapAnswer =
  | { readonly kind: 'response'; readonly element: XmlElement; readonly value: Record<string, Plain | Plain[]> }
  | { readonly kind: 'fault'; readonly fault: SoapFaultAnswer };

/** Reads a SOAP answer; throws when it is not a SOAP 1.1 envelope with one body element. */
export function readSoapAnswer(text: string): SoapAnswer {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(`answer is not XML: ${parsed.reason}\n${text.slice(0, 500)}`);
  const envelope = parsed.root;
  if (envelope.uri !== SOAP_ENVELOPE_NS || envelope.local !== 'Envelope') throw new Error('answer is not a SOAP 1.1 envelope');
  const body = envelope.children.find((child) => child.local === 'Body' && child.uri === SOAP_ENVELOPE_NS);
  const element = body?.children[0];
  if (element === undefined) throw new Error('answer has an empty body');
  if (element.uri === SOAP_ENVELOPE_NS && element.local === 'Fault') {
    const part = (name: string) => element.children.find((child) => child.local === name && child.uri === '');
    const faultcode = part('faultcode')?.text ?? '';
    const detail = part('detail')?.children[0];
    const aboutTheBody = faultcode === 'soap:Client' || faultcode === 'soap:Server';
    if (aboutTheBody !== (detail !== undefined)) throw new Error(`a ${faultcode} fault ${aboutTheBody ? 'without' : 'with'} a detail`);
    return {
      kind: 'fault',
      fault: {
        faultcode,
        faultstring: part('faultstring')?.text ?? '',
        detail:
          detail === undefined
            ? undefined
            : {
                local: detail.local,
                uri: detail.uri,
                children: Object.fromEntries(detail.children.map((child) => [child.local, child.text])),
                childUris: detail.children.map((child) => child.uri),
              },
      },
    };
  }
  return { kind: 'response', element, value: toPlain(element) as Record<string, Plain | Plain[]> };
}
