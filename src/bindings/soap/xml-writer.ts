// Writes a response resource as XML in contract order (DESIGN "SOAP"): the wrapper element in the
// service namespace as default namespace, everything inside it unqualified (`xmlns=""` on its
// children, matching elementFormDefault="unqualified"), bytes as base64, instants per DESIGN
// "Authentication", absent and null fields left out.
import { carries, type Field, type ItemField, type ObjectType } from '../../contract/model.ts';
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

function writeItem(out: string[], name: string, field: ItemField, value: unknown, open: string): void {
  if (value === undefined || value === null) return;
  if (field.kind === 'object') {
    out.push(open);
    writeFields(out, field.type, value as Record<string, unknown>, false);
    out.push(`</${name}>`);
    return;
  }
  const text = leafText(field, value);
  if (text !== undefined) out.push(open, text, `</${name}>`);
}

function writeField(out: string[], name: string, field: Field, value: unknown, unqualify: boolean): void {
  const open = unqualify ? `<${name} xmlns="">` : `<${name}>`;
  if (field.kind === 'array') {
    if (!Array.isArray(value)) return;
    for (const item of value) writeItem(out, name, field.item, item, open);
  } else {
    writeItem(out, name, field, value, open);
  }
}

function writeFields(out: string[], type: ObjectType, value: Record<string, unknown>, unqualify: boolean): void {
  for (const name in type.fields) {
    const field = type.fields[name];
    if (carries('soap', field)) writeField(out, name, field, value[name], unqualify);
  }
}

/** `<name xmlns="namespace">…</name>` holding `value` written as `type`. */
export function writeWrapperElement(name: string, namespace: string, type: ObjectType, value: Record<string, unknown>): string {
  const out: string[] = [`<${name} xmlns="${escapeAttribute(namespace)}">`];
  writeFields(out, type, value, true);
  out.push(`</${name}>`);
  return out.join('');
}

/** A SOAP 1.1 envelope whose body holds `bodyContent` (already XML). */
export function writeSoapEnvelope(bodyContent: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP_ENVELOPE_NS}"><soap:Body>${bodyContent}</soap:Body></soap:Envelope>`;
}
