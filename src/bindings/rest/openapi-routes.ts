// Serves the OpenAPI document of the REST binding at GET /rest/openapi.json and /rest/openapi.yaml, its
// server built as the WSDL's soap:address is (public-origin.ts: PUBLIC_URL, else the origin the request
// reached) and served from bytes every origin shares (origin-document.ts), and the reference page.
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import type { OperationContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { ORIGIN_MARK, originDocument, sendOriginDocument } from '../http/origin-document.ts';
import { createOriginOf } from '../http/public-origin.ts';
import { otherMethodsRoute, type Refusal } from '../http/unrouted.ts';
import { API_REFERENCE_PATHS, serveApiReference } from './api-reference.ts';
import { openApiDocument } from './openapi.ts';

/** The document's paths, each taking GET and HEAD (bindings/http/unrouted.ts refuses the other methods). */
export const OPENAPI_PATHS = Object.freeze({ json: '/rest/openapi.json', yaml: '/rest/openapi.yaml' });
const METHODS: readonly string[] = ['GET', 'HEAD'];

/** The document's and the reference page's paths with the methods each takes, for the app's refusals. */
export const API_DESCRIPTION_PATHS: Readonly<Record<string, readonly string[]>> = Object.freeze(
  Object.fromEntries([...Object.values(OPENAPI_PATHS), ...Object.values(API_REFERENCE_PATHS)].map((path) => [path, METHODS])),
);

/** What the document's routes need: the operations the REST binding serves, and how refusals and origins are made. */
export interface OpenApiRoutesOptions {
  /**
   * Exactly the operations the binding registers routes for, so that the document lists no more and
   * no fewer — but on live those answered on stage only (findStageRequests), which live refuses.
   */
  readonly operations: readonly OperationContract[];
  readonly environment: Environment;
  readonly refuse: Refusal;
  /** PUBLIC_URL (config.publicUrl); unset, the origin comes from the request. */
  readonly publicUrl?: string;
}

/** Registers the document's routes and the reference page. */
export function serveOpenApi(app: FastifyInstance, options: OpenApiRoutesOptions): void {
  const { refuse, environment } = options;
  const operations = options.operations.filter((operation) => environment === 'stage' || !operation.stageOnly);
  const originOf = createOriginOf(options.publicUrl);
  const document = openApiDocument(operations, ORIGIN_MARK);
  // public-origin.ts writes only unreserved characters, `%`, `/`, `:` and IP literals: safe in JSON and
  // in a plain YAML scalar as they are.
  const formats = [
    {
      path: OPENAPI_PATHS.json,
      type: 'application/json; charset=utf-8',
      write: originDocument(`${JSON.stringify(document, null, 2)}\n`, 'the OpenAPI document'),
    },
    {
      path: OPENAPI_PATHS.yaml,
      type: 'application/yaml; charset=utf-8',
      write: originDocument(stringify(document, { aliasDuplicateObjects: false }), 'the OpenAPI document'),
    },
  ];
  for (const { path, type, write } of formats) {
    app.get(path, (request, reply) => sendOriginDocument(reply, type, write(originOf(request))));
    app.route(otherMethodsRoute(app.supportedMethods, METHODS, path, refuse));
  }
  serveApiReference(app, refuse);
}
