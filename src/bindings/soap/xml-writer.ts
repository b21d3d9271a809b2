// Writes a response resource as XML in contract order (docs/decisions.md "SOAP"): the wrapper element in the
// service namespace as default namespace, everything inside it unqualified (`xmlns=""` on its
// children, matching elementFormDefault="unqualified"; a `qualified` type's children stay in the
// service namespace), bytes as base64, instants per docs/decisions.md "Tokens and instants"
// "Authentication", absent and null fields left out.
import { carries, xmlNameOf, type ItemField, type ObjectType } from '../../contract/schema/model.ts';
import { SOAP_ENVELOPE_NS } from './namespaces.ts';
import { escapeAttribute, escapeText } from '../../xml/xml-text.ts';

/** SOAP form of an instant: UTC, six fraction digits, no zone (`2026-11-23T04:19:00.123000`). */
export function soapInstant(instant: Date): string {
  return instant.toISOString().replace(/\.(\d{3})Z$/, '.$1000');
}

function leafText(field: ItemField, value: unknown): string | undefined {
  switch (field.kind) {
    case 'binary':
      return value instanceof Uint8Array
        ? Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')
        : escapeText(String(value));
    case 'dateTime':
      return value instanceof Date ? soapInstant(value) : escapeText(String(value));
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return typeof value === 'number' && !Number.isFinite(value) ? undefined : String(value);
    default:
      return escapeText(String(value));
  }
}

/** What a nested element is written within: the service's namespace and the default namespace in scope. */
interface Scope {
  readonly service: string;
  readonly inScope: string;
}

function writeItem(out: string[], name: string, field: ItemField, value: unknown, open: string, scope: Scope): void {
  if (value === undefined || value === null) return;
  if (field.kind === 'object') {
    out.push(open);
    writeFields(out, field.type, value as Record<string, unknown>, scope);
    out.push(`</${name}>`);
    return;
  }
  const text = leafText(field, value);
  if (text !== undefined) out.push(open, text, `</${name}>`);
}

/**
 * The fields of `type` as child elements: in the service's namespace when the type is qualified, in
 * none otherwise; a child redeclares the default namespace only where it differs from the one in scope.
 */
function writeFields(out: string[], type: ObjectType, value: Record<string, unknown>, scope: Scope): void {
  const namespace = type.qualified ? scope.service : '';
  const inner: Scope = { service: scope.service, inScope: namespace };
  for (const key in type.fields) {
    const field = type.fields[key];
    if (!carries('soap', field)) continue;
    const name = xmlNameOf(key, field);
    const open = namespace === scope.inScope ? `<${name}>` : `<${name} xmlns="${escapeAttribute(namespace)}">`;
    const item = value[key];
    if (field.kind !== 'array') writeItem(out, name, field, item, open, inner);
    else if (Array.isArray(item)) for (const entry of item) writeItem(out, name, field.item, entry, open, inner);
  }
}

/** `<name xmlns="namespace">…</name>` holding `value` written as `type`. */
export function writeWrapperElement(name: string, namespace: string, type: ObjectType, value: Record<string, unknown>): string {
  const out: string[] = [`<${name} xmlns="${escapeAttribute(namespace)}">`];
  writeFields(out, type, value, { service: namespace, inScope: namespace });
  out.push(`</${name}>`);
  return out.join('');
}

/** A SOAP 1.1 envelope whose body holds `bodyContent` (already XML). */
export function writeSoapEnvelope(bodyContent: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP_ENVELOPE_NS}"><soap:Body>${bodyContent}</soap:Body></soap:Envelope>`;
}
