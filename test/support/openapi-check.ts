// The test hook that holds every REST exchange of the suite to the OpenAPI document: each answer of a
// REST operation must fit the schema of its HTTP status, and each request the service took (HTTP 200
// without a validation problem in the answer) must fit the request schema. It watches every Fastify
// app the test process creates (Fastify's `fastify.initialization` diagnostics channel), so exchanges
// over real HTTP (fetch, sockets) are checked as well as `app.inject` ones. A mismatch turns the answer
// into an internal error, makes the `inject` call that caused it reject, and makes `app.close()` reject.
import { subscribe } from 'node:diagnostics_channel';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { OperationContract } from '../../src/contract/operation-table.ts';
import { openApiDocument } from '../../src/bindings/rest/openapi.ts';
import { OPERATION_METHOD, restOperations } from '../../src/bindings/rest/rest-paths.ts';
import { INJECTED_FAULT_HEADER } from '../../src/bindings/rest/rest-injected-fault.ts';

/** One REST exchange: what was sent to an operation's path and what came back. */
export interface Exchange {
  readonly path: string;
  /** The request body as parsed JSON; undefined when it was no JSON. */
  readonly request: unknown;
  readonly statusCode: number;
  readonly answer: unknown;
}

/** Checks exchanges against one document; `check` answers every mismatch found, as text. */
export interface OpenApiChecker {
  /** Whether the document has `path` (a REST operation). */
  covers(path: string): boolean;
  /** The mismatches of a request the service took. */
  checkRequest(path: string, request: unknown): string[];
  check(exchange: Exchange): string[];
}

interface OperationSchemas {
  readonly request: ValidateFunction;
  readonly answers: ReadonlyMap<number, ValidateFunction>;
}

/** The parts of an OpenAPI document the checker reads. */
export type Document = {
  readonly paths: Record<string, { readonly post: { readonly responses: Record<string, unknown> } }>;
};

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const JSON_SCHEMA = pointer('content', 'application/json', 'schema');

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`).join('; ');

/** The shipment results that refuse a request in a 200 answer: validateOrders' and storeOrders' own. */
interface OrderResults {
  readonly orderResult?: {
    readonly success?: boolean;
    readonly shipmentResponses?: ReadonlyArray<{ readonly faults?: readonly unknown[] | null }>;
  };
}

/**
 * Whether a 200 answer took its request as valid: validateOrders reports its problems in `success` and
 * `messages`, storeOrders in each shipment's `faults`, both with HTTP 200.
 */
function tookRequest(answer: unknown): boolean {
  const result = (answer as OrderResults | null)?.orderResult;
  if (result === undefined || result === null) return true;
  return result.success !== false && !(result.shipmentResponses ?? []).some((response) => (response.faults ?? []).length > 0);
}

/** A checker for `document` (an OpenAPI 3.1 document as the service serves it). */
export function createOpenApiChecker(document: Document): OpenApiChecker {
  // OpenAPI keywords beside JSON Schema ones (`example`) are annotations: not strict about unknown keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  const compile = (path: string) => ajv.compile({ $ref: `openapi#/${path}` });
  const operations = new Map<string, OperationSchemas>();
  for (const [path, { post }] of Object.entries(document.paths)) {
    const base = pointer('paths', path, 'post');
    operations.set(path, {
      request: compile(`${base}/${pointer('requestBody')}/${JSON_SCHEMA}`),
      answers: new Map(
        Object.keys(post.responses).map((status) => [Number(status), compile(`${base}/responses/${status}/${JSON_SCHEMA}`)]),
      ),
    });
  }
  const checkRequest = (path: string, request: unknown): string[] => {
    const schemas = operations.get(path);
    if (schemas === undefined) return [`${path} is not in the document`];
    return schemas.request(request) ? [] : [`${path}: the request, which the service took, ${describeErrors(schemas.request.errors)}`];
  };
  return {
    covers: (path) => operations.has(path),
    checkRequest,
    check({ path, request, statusCode, answer }) {
      const schemas = operations.get(path);
      if (schemas === undefined) return [`${path} is not in the document`];
      const problems: string[] = [];
      const validateAnswer = schemas.answers.get(statusCode);
      if (validateAnswer === undefined) problems.push(`${path}: HTTP ${statusCode} is not a documented answer`);
      else if (!validateAnswer(answer)) problems.push(`${path}: the HTTP ${statusCode} answer ${describeErrors(validateAnswer.errors)}`);
      if (statusCode === 200 && tookRequest(answer)) problems.push(...checkRequest(path, request));
      return problems;
    },
  };
}

/** Checkers by the operations their document describes: compiling one takes a while, and most apps serve the same. */
const checkers = new Map<string, OpenApiChecker>();

/** The checker for the document of `operations`, as serveOpenApi writes it (test/rest/openapi.test.ts holds the two equal). */
export function checkerFor(operations: readonly OperationContract[]): OpenApiChecker {
  const key = operations.map((operation) => operation.name).join(',');
  let checker = checkers.get(key);
  if (checker === undefined) {
    checker = createOpenApiChecker(openApiDocument(operations, 'http://localhost') as Document);
    checkers.set(key, checker);
  }
  return checker;
}

const parse = (text: unknown) => {
  try {
    return typeof text === 'string' || Buffer.isBuffer(text) ? (JSON.parse(text.toString()) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

/** What the hook found wrong in an app's exchanges, in the order they happened. */
const mismatchesOfApp = new WeakMap<FastifyInstance, string[]>();

/** The mismatches found so far in `app`'s exchanges (empty for an app the hook does not watch). */
export function mismatchesOf(app: FastifyInstance): readonly string[] {
  return mismatchesOfApp.get(app) ?? [];
}

const describeMismatches = (problems: readonly string[]) => `the exchange does not fit the OpenAPI document: ${problems.join('\n')}`;

/** Makes `app.inject({...})` reject when one of its exchanges broke the document. Other forms pass as they are. */
function rejectMismatchedInjects(app: FastifyInstance, mismatches: string[]): void {
  const original = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const checked = async (options: InjectOptions) => {
    const before = mismatches.length;
    const response = (await original(options)) as LightMyRequestResponse;
    if (mismatches.length > before) throw new Error(describeMismatches(mismatches.slice(before)));
    return response;
  };
  (app as { inject: unknown }).inject = (...args: unknown[]) => {
    const [options] = args;
    if (args.length === 1 && typeof options === 'object' && options !== null) return checked(options);
    return original(...args);
  };
}

/** Watches `app`: the REST operations it registers, and every answer it sends at their paths. */
function watch(app: FastifyInstance): void {
  const served: OperationContract[] = [];
  const mismatches: string[] = [];
  mismatchesOfApp.set(app, mismatches);
  app.addHook('onRoute', (route) => {
    const operation = restOperations('stage').get(route.url);
    const methods = [route.method].flat();
    if (operation !== undefined && methods.includes(OPERATION_METHOD)) served.push(operation);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0];
    if (request.method !== OPERATION_METHOD || !served.some((operation) => restOperations('stage').get(path) === operation)) return payload;
    // What the sandbox injected is the integrator's own answer, not the document's (openapi.ts says so).
    if (reply.hasHeader(INJECTED_FAULT_HEADER)) return payload;
    const problems = checkerFor(served).check({ path, request: request.body, statusCode: reply.statusCode, answer: parse(payload) });
    if (problems.length === 0) return payload;
    mismatches.push(...problems);
    throw new Error(describeMismatches(problems));
  });
  app.addHook('onClose', async () => {
    if (mismatches.length > 0) throw new Error(describeMismatches(mismatches));
  });
  rejectMismatchedInjects(app, mismatches);
}

let watching = false;

/** Checks every REST exchange of every Fastify app this process creates from now on. */
export function checkEveryExchange(): void {
  if (watching) return;
  watching = true;
  subscribe('fastify.initialization', (message) => {
    watch((message as { fastify: FastifyInstance }).fastify);
  });
}
