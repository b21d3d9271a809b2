// The test hook that holds every REST exchange of the suite to the served OpenAPI document: each
// answer of a REST operation must fit the schema of its HTTP status, and each request the service
// took (HTTP 200 without a validation problem in the answer) must fit the request schema. Compiled once per
// process with ajv from the document the app serves; a mismatch fails the call that made it.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** The served document's path, and a Host that names no real server. */
const DOCUMENT_PATH = '/rest/openapi.json';

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
  check(exchange: Exchange): string[];
}

interface OperationSchemas {
  readonly request: ValidateFunction;
  readonly answers: ReadonlyMap<number, ValidateFunction>;
}

type Document = {
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
  return {
    covers: (path) => operations.has(path),
    check({ path, request, statusCode, answer }) {
      const schemas = operations.get(path);
      if (schemas === undefined) return [`${path} is not in the document`];
      const problems: string[] = [];
      const validateAnswer = schemas.answers.get(statusCode);
      if (validateAnswer === undefined) problems.push(`${path}: HTTP ${statusCode} is not a documented answer`);
      else if (!validateAnswer(answer)) problems.push(`${path}: the HTTP ${statusCode} answer ${describeErrors(validateAnswer.errors)}`);
      if (statusCode === 200 && tookRequest(answer) && !schemas.request(request)) {
        problems.push(`${path}: the request, which the service took, ${describeErrors(schemas.request.errors)}`);
      }
      return problems;
    },
  };
}

const parse = (text: string | Buffer | undefined) => {
  try {
    return text === undefined ? undefined : (JSON.parse(text.toString()) as unknown);
  } catch {
    return undefined;
  }
};

/** The checker for the document `app` serves. */
export async function checkerOf(app: FastifyInstance): Promise<OpenApiChecker> {
  const served = await app.inject({ method: 'GET', url: DOCUMENT_PATH });
  if (served.statusCode !== 200) throw new Error(`GET ${DOCUMENT_PATH} answered ${served.statusCode}`);
  return createOpenApiChecker(served.json<Document>());
}

/**
 * Makes `app.inject({...})` check every POST to a REST operation against the served document, failing
 * with the mismatches found. Other calls (another method, the chained or callback forms) pass as they are.
 */
export async function checkInjectedCalls(app: FastifyInstance): Promise<void> {
  const checker = await checkerOf(app);
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions) => {
    const response = await inject(options);
    const path = (options.url as string | undefined)?.split('?')[0] ?? '';
    if (options.method !== 'POST' || !checker.covers(path)) return response;
    const payload = options.payload;
    const request = typeof payload === 'string' || Buffer.isBuffer(payload) ? parse(payload) : payload;
    const problems = checker.check({ path, request, statusCode: response.statusCode, answer: parse(response.body) });
    if (problems.length > 0) throw new Error(`the exchange does not fit the OpenAPI document: ${problems.join('\n')}`);
    return response;
  };
  const original = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as { inject: unknown }).inject = (...args: unknown[]) => {
    const [options] = args;
    if (args.length === 1 && typeof options === 'object' && options !== null) return checked(options);
    return original(...args);
  };
}
