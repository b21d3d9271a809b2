// The OpenAPI 3.1 document of the REST binding, generated from the operation table and the contract
// model as the WSDLs are (soap/wsdl.ts): a path per operation the binding serves, its request body
// (the envelope of authentication and the operation object, or the login's own body) and its answers:
// the result beside the OK status, and the fault bodies with their codes per HTTP status (openapi-faults.ts).
import type { OperationContract, ServiceContract } from '../../contract/operation-table.ts';
import { Authentication } from '../../contract/authentication.ts';
import { OK_STATUS } from './rest-faults.ts';
import { type JsonSchema, SchemaComponents } from './json-schema.ts';
import { faultResponsesOf, faultStatusComponents, REQUEST_ID_HEADERS } from './openapi-faults.ts';
import { REQUEST_ID_PATTERN } from '../http/request-id.ts';
import { requestExamples } from './openapi-examples.ts';
import { linksOf } from './openapi-links.ts';
import { isUnwrapped, payloadKeysOf, restPath } from './rest-paths.ts';

const JSON_CONTENT_TYPE = 'application/json';
const STATUS: JsonSchema = { $ref: '#/components/schemas/RestStatus' };

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

/**
 * Each operation's `operationId`: its name, unique across the document; a name that an earlier service
 * version already has is followed by its own service and version (`storeOrders_ShipmentServiceV33`).
 */
export function operationIds(operations: readonly OperationContract[]): ReadonlyMap<OperationContract, string> {
  const ids = new Map<OperationContract, string>();
  const taken = new Set<string>();
  for (const operation of operations) {
    const id = taken.has(operation.name) ? `${operation.name}_${scopeOf(operation.service)}` : operation.name;
    taken.add(id);
    ids.set(operation, id);
  }
  return ids;
}

const scopeOf = (service: ServiceContract) => `${service.name}${service.version.replace(/_/g, '')}`;

function operationObject(
  operation: OperationContract,
  operationId: string,
  components: SchemaComponents,
  operations: readonly OperationContract[],
  ids: ReadonlyMap<OperationContract, string>,
  stage: boolean,
) {
  const example = requestExamples[operation.name];
  const links = linksOf(operation, operations, ids);
  components.scope = scopeOf(operation.service);
  // The request's schemas first, then the answer's (json-schema.ts `mode`).
  components.mode = 'request';
  const request = requestSchema(operation, components);
  components.mode = 'answer';
  const answer = answerSchema(operation, components);
  return {
    operationId,
    summary: operation.name,
    description: operation.summary,
    tags: [tagOf(operation.service)],
    // Authentication travels in the body (`authentication`), not in an HTTP security scheme.
    security: [],
    parameters: [{ $ref: '#/components/parameters/XRequestId' }],
    requestBody: {
      required: true,
      content: { [JSON_CONTENT_TYPE]: { schema: request, ...(example === undefined ? {} : { example }) } },
    },
    responses: {
      200: {
        description: 'The answer, with `status` OK.',
        headers: REQUEST_ID_HEADERS,
        content: { [JSON_CONTENT_TYPE]: { schema: answer } },
        ...(links === undefined ? {} : { links }),
      },
      ...faultResponsesOf(operation, stage),
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
/** Said on stage only: live's document names no stage-only operation (issue 39). */
const STAGE_DESCRIPTION = [
  "On a stage server, SandboxService's `injectFault` can make a call answer otherwise: any HTTP status, a code of",
  "the integrator's own. Such an answer carries the header `Sandbox-Injected-Fault: true` and is outside this document.",
].join(' ');

/**
 * The OpenAPI document of `operations` (the ones the binding serves), its server `origin`
 * (`http://host:port`, from the request that fetched it).
 */
export function openApiDocument(operations: readonly OperationContract[], origin: string): Record<string, unknown> {
  const components = new SchemaComponents();
  const ids = operationIds(operations);
  // A document of stage-only operations is stage's; live's leaves them out (openapi-routes.ts).
  const stage = operations.some((operation) => operation.stageOnly);
  const paths = Object.fromEntries(
    operations.map((operation) => [
      restPath(operation),
      { post: operationObject(operation, ids.get(operation) ?? operation.name, components, operations, ids, stage) },
    ]),
  );
  const services = [...new Set(operations.map((operation) => operation.service))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parcel Shipment Service (REST)',
      version: services.map(tagOf).join(', '),
      description: stage ? `${DESCRIPTION} ${STAGE_DESCRIPTION}` : DESCRIPTION,
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
        ...faultStatusComponents(),
      },
      parameters: {
        XRequestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: `The caller's own id of the call, echoed in the answer's X-Request-Id when it fits \`${REQUEST_ID_PATTERN.source}\` (any other value is replaced by a new UUID, not refused).`,
          schema: { type: 'string' },
        },
      },
      headers: {
        XRequestId: {
          description:
            "The call's id: the request's own X-Request-Id when it sent one that fits, else a new UUID. The console's Requests page finds the call by it (stage).",
          required: true,
          schema: { type: 'string', pattern: REQUEST_ID_PATTERN.source },
        },
      },
    },
  };
}
