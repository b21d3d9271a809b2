// Calls any declared operation over REST or SOAP and reads the answer into the same plain values,
// so one table of cases runs over both bindings: the answer's fields typed by the contract (numbers,
// booleans, lists; instants as ISO text with Z), or the fault's detail, code and message.
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { xmlNameOf, type ObjectType } from '../../src/contract/schema/model.ts';
import { ShipmentServiceContract } from '../../src/contract/operation-table.ts';
import type { JsonObject } from '../fixtures/requests.ts';
import { endpointOf, injectSoap } from './soap-client.ts';
import { readSoapAnswer, toPlain } from './soap-response.ts';
import { operationNamed, soapRequest } from './soap-request.ts';
import type { TestApp } from './app.ts';
import type { Namespaces } from '../../src/bindings/soap/namespaces.ts';

export type BindingName = 'REST' | 'SOAP';
export const BINDINGS: readonly BindingName[] = Object.freeze(['REST', 'SOAP']);

/** What a call came to, alike on both bindings. */
export type CallAnswer =
  | { readonly ok: true; readonly status: number; readonly value: Record<string, any> }
  | {
      readonly ok: false;
      readonly status: number;
      readonly detail: 'faults' | 'authenticationFault';
      readonly code: string;
      readonly message: string;
    };

/** The answer's value, failing with the fault when the call was refused (the one `ok` of the tests). */
export function ok(answer: CallAnswer): Record<string, any> {
  if (!answer.ok) assert.fail(`expected an answer, got ${answer.detail} ${answer.code}: ${answer.message}`);
  return answer.value;
}
/**
 * `value` (parsed JSON, or toPlain of an XML element when `xml`) with every field of `type` in its
 * contract form, under its contract key (XML names some fields otherwise: `trackingresult`).
 */
export function typed(value: unknown, type: ObjectType, xml = false): Record<string, any> {
  const out: Record<string, any> = {};
  const record = (value ?? {}) as Record<string, unknown>;
  for (const [name, field] of Object.entries(type.fields)) {
    const input = record[xml ? xmlNameOf(name, field) : name];
    if (input === undefined || input === null) continue;
    const item = field.kind === 'array' ? field.item : field;
    const one = (entry: unknown): unknown => {
      switch (item.kind) {
        case 'object':
          return typed(entry, item.type, xml);
        case 'number':
          return Number(entry);
        case 'boolean':
          return entry === true || entry === 'true';
        case 'dateTime': {
          const text = String(entry);
          return new Date(/Z$/.test(text) ? text : `${text}Z`).toISOString();
        }
        default:
          return String(entry);
      }
    };
    if (field.kind !== 'array') out[name] = one(input);
    // An empty list is no element at all in XML: left out on both bindings.
    else if (!Array.isArray(input) || input.length > 0) out[name] = (Array.isArray(input) ? input : [input]).map(one);
  }
  return out;
}

function readRest(operationName: string, response: LightMyRequestResponse): CallAnswer {
  const operation = operationNamed(operationName);
  const body = response.json();
  if (body.status.type !== 'OK') {
    return {
      ok: false,
      status: response.statusCode,
      detail: body.status.type === 'AuthenticationFault' ? 'authenticationFault' : 'faults',
      code: body.status.code,
      message: body.status.message,
    };
  }
  const { status: _, ...rest } = body;
  const value = operation.service === ShipmentServiceContract ? rest : body[operation.responseElement];
  return { ok: true, status: response.statusCode, value: typed(value, operation.response) };
}

function readSoap(operationName: string, response: LightMyRequestResponse): CallAnswer {
  const answer = readSoapAnswer(response.body);
  if (answer.kind === 'fault') {
    const detail = answer.fault.detail!;
    return {
      ok: false,
      status: response.statusCode,
      detail: detail.local as 'faults' | 'authenticationFault',
      code: detail.children.faultCode ?? detail.children.errorCode,
      message: detail.children.message ?? detail.children.errorMessage,
    };
  }
  return { ok: true, status: response.statusCode, value: typed(toPlain(answer.element), operationNamed(operationName).response, true) };
}

/** How a call is sent besides its binding: the SOAP namespaces of a server with another SOAP_NAMESPACE_BASE. */
export interface SendOptions {
  readonly namespaces?: Namespaces;
}

/** The raw answer of `operation` called over `binding` (a login when `authentication` is undefined). */
export function send(
  binding: BindingName,
  t: TestApp,
  operation: string,
  body: JsonObject,
  authentication?: JsonObject,
  options: SendOptions = {},
): Promise<LightMyRequestResponse> {
  if (binding === 'REST') {
    return t.post(restPath(operationNamed(operation)), authentication === undefined ? body : { authentication, [operation]: body });
  }
  return injectSoap(t, endpointOf(operation), soapRequest(operation, body, { authentication, namespaces: options.namespaces }));
}

/** Calls `operation` over `binding` and reads its answer. */
export async function callOver(
  binding: BindingName,
  t: TestApp,
  operation: string,
  body: JsonObject,
  authentication?: JsonObject,
  options: SendOptions = {},
): Promise<CallAnswer> {
  const response = await send(binding, t, operation, body, authentication, options);
  return binding === 'REST' ? readRest(operation, response) : readSoap(operation, response);
}
