// The OpenAPI 3.1 document of the REST binding, generated from the operation table and the contract
// model as the WSDLs are (soap/wsdl.ts): a path per operation the binding serves, its request body
// (the envelope of authentication and the operation object, or the login's own body) and its answers:
// the result beside the OK status, and the fault body with its codes per HTTP status.
import { errorCatalogue, type ErrorCode } from '../../contract/error-catalogue.ts';
import type { OperationContract, ServiceContract } from '../../contract/operations.ts';
import { Authentication } from '../../contract/resources.ts';
import { OK_STATUS } from './errors.ts';
import { type JsonSchema, SchemaComponents } from './json-schema.ts';
import { requestExamples } from './openapi-examples.ts';
import { isUnwrapped, payloadKeysOf, restPath, resultKeysOf } from './rest-paths.ts';

const JSON_CONTENT_TYPE = 'application/json';
const STATUS: JsonSchema = { $ref: '#/components/schemas/RestStatus' };
const FAULT_STATUS: JsonSchema = { $ref: '#/components/schemas/RestFaultStatus' };

/** The HTTP status of each fault code (errors.ts `faultResponse`: 400 unless the catalogue says otherwise). */
const httpStatusOf = (code: ErrorCode) => errorCatalogue[code].httpStatus ?? 400;

const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** What a fault of each HTTP status means, for the response descriptions. */
const FAULT_MEANINGS: Readonly<Record<number, string>> = {
  400: 'The request cannot be processed: its JSON, its envelope or its fields (the code names the first problem).',
  401: 'Authentication failed: a wrong login, or a token that is not valid or has expired.',
  413: 'The body is larger than the configured limit.',
  415: 'The body is not `application/json` (or is sent with a content encoding).',
  429: 'Too many failed logins: wait for the seconds in `Retry-After`.',
  500: 'An unexpected error; the message carries a reference for the operator.',
};

/** The HTTP statuses of the faults `operation` may answer with: 429 is the login's throttle. */
function faultStatusesOf(operation: OperationContract): number[] {
  const statuses = [400, 401, 413, 415, 500];
  return operation.service.authenticated ? statuses : [...statuses.slice(0, 2), 429, ...statuses.slice(2)];
}

const tagOf = (service: ServiceContract) => `${service.name} ${service.version}`;

function requestSchema(operation: OperationContract, components: SchemaComponents): JsonSchema {
  const content = components.ref(operation.request);
  if (!operation.service.authenticated) return content;
  const payloadKeys = payloadKeysOf(operation);
  return {
    type: 'object',
    properties: { authentication: components.ref(Authentication), ...Object.fromEntries(payloadKeys.map((key) => [key, content])) },
    required: payloadKeys.length === 1 ? ['authentication', operation.name] : ['authentication'],
    // The operation object under exactly one of its names (validateOrders also takes `storeOrders`).
    ...(payloadKeys.length === 1 ? {} : { oneOf: payloadKeys.map((key) => ({ required: [key] })) }),
    additionalProperties: false,
  };
}

/** The 200 answer: shipment results beside `status`, the other services' inside their response element. */
function answerSchema(operation: OperationContract, components: SchemaComponents): JsonSchema {
  if (isUnwrapped(operation)) {
    const result = components.objectSchema(operation.response) as { properties: JsonSchema; required?: string[] };
    return { ...result, properties: { ...result.properties, status: STATUS }, required: [...(result.required ?? []), 'status'] };
  }
  return {
    type: 'object',
    properties: { [operation.responseElement]: components.ref(operation.response), status: STATUS },
    required: [operation.responseElement, 'status'],
    additionalProperties: false,
  };
}

/** A fault answer: every result key null, and the fault's status. */
function faultSchema(operation: OperationContract): JsonSchema {
  const resultKeys = resultKeysOf(operation);
  return {
    type: 'object',
    properties: { ...Object.fromEntries(resultKeys.map((key) => [key, { type: 'null' }])), status: FAULT_STATUS },
    required: [...resultKeys, 'status'],
    additionalProperties: false,
  };
}

function faultResponse(operation: OperationContract, status: number) {
  const codes = errorCodes.filter((code) => httpStatusOf(code) === status);
  const listed = status === 400 ? 'ERR_MALFORMED_REQUEST, ERR_INVALID_ENVELOPE, ERR_INVALID_REQUEST or a field code' : codes.join(', ');
  return {
    description: `${FAULT_MEANINGS[status]} Codes: ${listed} (docs/errors.md).`,
    ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'string' } } } } : {}),
    content: { [JSON_CONTENT_TYPE]: { schema: faultSchema(operation) } },
  };
}

function operationObject(operation: OperationContract, components: SchemaComponents) {
  const example = requestExamples[operation.name];
  return {
    operationId: operation.name,
    summary: operation.name,
    description: operation.summary,
    tags: [tagOf(operation.service)],
    // Authentication travels in the body (`authentication`), not in an HTTP security scheme.
    security: [],
    requestBody: {
      required: true,
      content: { [JSON_CONTENT_TYPE]: { schema: requestSchema(operation, components), ...(example === undefined ? {} : { example }) } },
    },
    responses: {
      200: {
        description: 'The answer, with `status` OK.',
        content: { [JSON_CONTENT_TYPE]: { schema: answerSchema(operation, components) } },
      },
      ...Object.fromEntries(faultStatusesOf(operation).map((status) => [status, faultResponse(operation, status)])),
    },
  };
}

const DESCRIPTION = [
  'The REST binding of the Parcel Shipment Service: every operation is `POST` with a JSON body. The bodies of every',
  'service but the login are `{"authentication": {...}, "<operation>": {...}}`; the authentication object comes from',
  '`getAuth`. A field that is not given may be left out or sent as `null` (an empty text counts as not given too).',
  'A request that cannot be processed is answered with its result keys set to `null` and a `status` whose `type` is',
  "`FaultCodeType` or `AuthenticationFault`, with a stable `code` and a message in the caller's `messageLanguage`.",
].join(' ');

/**
 * The OpenAPI document of `operations` (the ones the binding serves), its server `origin`
 * (`http://host:port`, from the request that fetched it).
 */
export function openApiDocument(operations: readonly OperationContract[], origin: string): Record<string, unknown> {
  const components = new SchemaComponents();
  const paths = Object.fromEntries(operations.map((operation) => [restPath(operation), { post: operationObject(operation, components) }]));
  const services = [...new Set(operations.map((operation) => operation.service))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parcel Shipment Service (REST)',
      version: services.map(tagOf).join(', '),
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: origin, description: 'The server this document was read from.' }],
    tags: services.map((service) => ({ name: tagOf(service), description: `The operations of ${service.name} ${service.version}.` })),
    paths,
    components: {
      schemas: {
        ...components.components(),
        RestStatus: {
          description: 'The status of an answer that carries its result.',
          type: 'object',
          properties: { type: { const: OK_STATUS.type }, code: { const: OK_STATUS.code }, message: { const: OK_STATUS.message } },
          required: ['type', 'code', 'message'],
          additionalProperties: false,
        },
        RestFaultStatus: {
          description: "The status of a fault answer: its code and the message in the caller's language (docs/errors.md).",
          type: 'object',
          properties: {
            type: { enum: ['FaultCodeType', 'AuthenticationFault'] },
            code: { enum: errorCodes },
            message: { type: 'string' },
          },
          required: ['type', 'code', 'message'],
          additionalProperties: false,
        },
      },
    },
  };
}
