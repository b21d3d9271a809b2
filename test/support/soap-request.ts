// Writes JSON request fixtures (test/fixtures/requests.ts) as the SOAP messages a client sends, so
// no fixture is written twice. Contract-driven: fields in contract order (the schema order clients
// write), arrays as repeated elements, the body wrapper qualified and its children unqualified, the
// `authentication` header in {auth_ns}. Keys the contract does not know are written too, after the
// known ones, so unknown-field cases can be expressed.
import type { Field, ObjectType } from '../../src/contract/schema/model.ts';
import { operationList, type OperationContract, type ServiceContract } from '../../src/contract/operation-table.ts';
import { Authentication } from '../../src/contract/authentication.ts';
import { createNamespaces, SOAP_ENVELOPE_NS, type Namespaces } from '../../src/bindings/soap/namespaces.ts';
import { escapeText } from '../../src/xml/xml-text.ts';
import type { Json, JsonObject } from '../fixtures/requests.ts';

/** The namespace base the tests run with: the configuration default. */
export const NAMESPACE_BASE = 'http://carrier.example/common/service/types';
export const namespaces = createNamespaces(NAMESPACE_BASE);

/** Operation `name` as `service` offers it; default as its own service (the current version) does. */
export function operationNamed(name: string, service?: ServiceContract): OperationContract {
  const operation = operationList.find((candidate) => candidate.name === name && (service === undefined || candidate.service === service));
  if (operation === undefined) throw new Error(`no operation ${name}${service === undefined ? '' : ` in ${service.id}`}`);
  return operation;
}

function writeValue(out: string[], name: string, value: Json, field: Field | undefined): void {
  if (value === null) return;
  if (Array.isArray(value)) {
    const item = field?.kind === 'array' ? field.item : field;
    for (const entry of value) writeValue(out, name, entry, item);
    return;
  }
  if (typeof value === 'object') {
    const type = field?.kind === 'object' ? field.type : undefined;
    out.push(`<${name}>`);
    writeChildren(out, value, type);
    out.push(`</${name}>`);
    return;
  }
  out.push(`<${name}>${escapeText(String(value))}</${name}>`);
}

/** `value`'s keys as elements: the contract's fields in contract order, then any others. */
export function writeChildren(out: string[], value: JsonObject, type: ObjectType | undefined): void {
  const known = type === undefined ? [] : Object.keys(type.fields).filter((key) => Object.hasOwn(value, key));
  const others = Object.keys(value).filter((key) => !known.includes(key));
  for (const key of [...known, ...others]) writeValue(out, key, value[key], type?.fields[key]);
}

export interface SoapRequestOptions {
  /** Header `authentication` content; left out when undefined. */
  readonly authentication?: JsonObject;
  /** Namespace of the body element; default the operation's service namespace. */
  readonly bodyNamespace?: string;
  /** The namespaces of a server with another SOAP_NAMESPACE_BASE; default `namespaces`. */
  readonly namespaces?: Namespaces;
  /** The service (version) called; default the operation's own. */
  readonly service?: ServiceContract;
}

/** The SOAP 1.1 envelope calling `operationName` with `body` (the operation object of the REST request). */
export function soapRequest(operationName: string, body: JsonObject, options: SoapRequestOptions = {}): string {
  const operation = operationNamed(operationName, options.service);
  const { namespaces: served = namespaces } = options;
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NS}">`];
  if (options.authentication !== undefined) {
    out.push(`<soapenv:Header><auth:authentication xmlns:auth="${served.authentication}">`);
    writeChildren(out, options.authentication, Authentication);
    out.push('</auth:authentication></soapenv:Header>');
  }
  out.push(`<soapenv:Body><ns:${operation.name} xmlns:ns="${options.bodyNamespace ?? served.service(operation.service)}">`);
  writeChildren(out, body, operation.request);
  out.push(`</ns:${operation.name}></soapenv:Body></soapenv:Envelope>`);
  return out.join('');
}

/** The standalone body element of a call (what the schema validates). */
export function soapBodyElement(operationName: string, body: JsonObject): string {
  const operation = operationNamed(operationName);
  const out: string[] = [`<ns:${operation.name} xmlns:ns="${namespaces.service(operation.service)}">`];
  writeChildren(out, body, operation.request);
  out.push(`</ns:${operation.name}>`);
  return out.join('');
}
