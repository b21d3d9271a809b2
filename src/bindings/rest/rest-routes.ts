// The REST binding as an encapsulated Fastify plugin (docs/decisions.md "REST"): a route per declared operation,
// `POST /rest/services/<Service>/<Version>/<operation>`, its own JSON content-type parser and its own
// error handler, so anything going wrong on a REST path is answered in the REST error shape.
// Shipment-service bodies are `{ authentication, <operation>: {...} }`; the login service's body is the
// request itself.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decode } from '../../contract/schema/decode.ts';
import { errorCatalogue, type ErrorCode, type MessageLanguage, type MessageParams } from '../../contract/error-catalogue.ts';
import type { OperationContract } from '../../contract/operation-table.ts';
import { Authentication } from '../../contract/authentication.ts';
import type { Fault } from '../../domain/core/outcome.ts';
import type { Dependencies } from '../../domain/dependencies.ts';
import { answerAtTurnEnd, currentTurn } from '../http/answer-batch.ts';
import { bodyRefusalOf, closeOnEarlyRefusal, isEarlyRefusal } from '../http/body-refusal.ts';
import { dropConnection } from '../http/drop-connection.ts';
import { injectedStatusOf, type InjectedAnswer } from '../pipeline/injected-result.ts';
import type { HandlerResult } from '../handlers/operation-handlers.ts';
import { contentEncodingError, refusedEncoding } from '../http/content-encoding.ts';
import { callOf, refuseCall, runCall, type CallOutcome, type WireRead } from '../pipeline/run-call.ts';
import { otherMethodsRoute, type Refusal } from '../http/unrouted.ts';
import { NOT_AN_OBJECT, readEnvelope } from './rest-envelope.ts';
import { readJsonBody } from './read-json-body.ts';
import { okBody } from './answer-body.ts';
import { faultResponse, languageOf } from './rest-faults.ts';
import { INJECTED_FAULT_HEADER, injectedRestAnswer } from './rest-injected-fault.ts';
import { serveOpenApi } from './openapi-routes.ts';
import { OPERATION_METHOD, payloadKeysOf, restOperations, restPath, resultKeysOf } from './rest-paths.ts';

/** Options of the REST plugin. */
export interface RestBindingOptions {
  readonly deps: Dependencies;
  /** The app's answer to a request no route takes (bindings/http/unrouted.ts). */
  readonly refuse: Refusal;
  /** PUBLIC_URL (config.publicUrl): the OpenAPI document's server; unset, it comes from the request (public-origin.ts). */
  readonly publicUrl?: string;
}

declare module 'fastify' {
  /** Route config key naming the result keys that a fault answer sets to null. */
  interface FastifyContextConfig {
    resultKeys?: readonly string[];
  }
  interface FastifyRequest {
    /** The JSON body as sent (kept for the stage log). */
    rawBody: string;
  }
}

const JSON_OPTIONS = { binding: 'rest', source: 'json' } as const;
const JSON_CONTENT_TYPE = 'application/json';

/**
 * JSON bodies: kept as text too, and parsed with JSON.parse. Fastify's default guards against
 * `__proto__` keys for code that merges bodies into objects; ours never does — the decoder reads
 * own keys only and reports `__proto__` as an unknown field.
 */
export function parseJson(request: FastifyRequest, payload: Readable, done: (error: Error | null, value?: unknown) => void): void {
  const coding = refusedEncoding(request.headers);
  if (coding !== undefined) {
    done(contentEncodingError(coding));
    return;
  }
  // Limit, depth and node bounds as the bytes arrive, UTF-8, byte-order mark, syntax (read-json-body.ts).
  const limits = {
    limit: request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0,
    contentLength: request.headers['content-length'],
  };
  readJsonBody(payload, limits, (error, read) => {
    if (read === undefined) {
      done(error);
      return;
    }
    request.rawBody = read.text;
    if (read.ok) done(null, read.value);
    else done(Object.assign(new Error(read.fault.code), { statusCode: 400, fault: read.fault, unread: read.unread === true }));
  });
}

/** A fault answer with the result keys of the request's route set to null. */
function sendFault(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, params?: MessageParams) {
  const resultKeys = request.routeOptions.config?.resultKeys ?? ['result'];
  const { statusCode, headers, body } = faultResponse({ code, params }, languageOf(request.body), resultKeys);
  return reply.code(statusCode).headers(headers).send(body);
}

/** Maps framework errors (content type, body size, JSON syntax) and unexpected ones to fault answers. */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = bodyRefusalOf(error, request, reply, JSON_CONTENT_TYPE);
  if (refusal !== undefined) return sendFault(request, reply, refusal.code, refusal.params);
  const bodyFault = (error as { fault?: Fault }).fault;
  // Fastify closes the connection after any body error; a body read to its end and refused for what
  // it says (syntax, UTF-8) leaves the connection fit for the next request. One refused before it was
  // all read closes it, after the rest is read (closeOnEarlyRefusal, called by the error handlers).
  if (bodyFault !== undefined) {
    return sendFault(request, isEarlyRefusal(error) ? reply : reply.removeHeader('connection'), bodyFault.code, bodyFault.params);
  }
  if (error.statusCode === 400 || error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) {
    return sendFault(request, reply, 'ERR_MALFORMED_REQUEST', { format: 'JSON', reason: error.message.replace(/\.$/, '') });
  }
  const reference = randomUUID();
  request.log.error({ err: error, reference }, 'request failed');
  return sendFault(request, reply, 'ERR_INTERNAL', { reference });
}

/** Whether Fastify refused the request itself (4xx): its content type, size, syntax, headers. */
export const isClientError = (error: FastifyError) => error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;

/** Only JSON is taken at the REST paths (docs/decisions.md "REST"), read by `parseJson`. */
export function takeJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  if (!app.hasRequestDecorator('rawBody')) app.decorateRequest('rawBody', '');
  app.addContentTypeParser(JSON_CONTENT_TYPE, parseJson);
}

/** What a route knows of its operation, computed once at registration. */
interface Route {
  readonly deps: Dependencies;
  readonly operation: OperationContract;
  readonly resultKeys: readonly string[];
  readonly payloadKeys: readonly string[];
}

/** Writes a call's outcome: the answer beside `status`, or the fault with the result keys set to null. */
function answer(route: Route, reply: FastifyReply, turn: number, outcome: CallOutcome) {
  const { result, language } = outcome;
  if (!result.ok) {
    if (result.injected !== undefined) return answerInjected(reply, turn, result.injected, language, route.resultKeys);
    const { statusCode, headers, body } = faultResponse(result.fault, language, route.resultKeys);
    return answerAtTurnEnd(
      reply,
      () => {
        reply.code(statusCode).headers(headers).send(body);
      },
      turn,
    );
  }
  const body = okBody(route.operation, result.response);
  return answerAtTurnEnd(
    reply,
    () => {
      reply.send(body);
    },
    turn,
  );
}

/** Writes the answer of a call an injected fault answered (injected-fault.ts); it was recorded as any other. */
function answerInjected(
  reply: FastifyReply,
  turn: number,
  injected: InjectedAnswer,
  language: MessageLanguage,
  resultKeys: readonly string[],
) {
  if ('dropConnection' in injected) return dropConnection(reply);
  const { statusCode, body } = injectedRestAnswer(injected, language, resultKeys);
  return answerAtTurnEnd(
    reply,
    () => {
      // Any status and the integrator's own code: outside the OpenAPI document, and marked as such.
      reply.code(statusCode).header(INJECTED_FAULT_HEADER, 'true').send(body);
    },
    turn,
  );
}

/** The HTTP status `answer` writes `result` with (for the stage log): 0 for a dropped connection. */
function restStatusOf(result: HandlerResult): number {
  if (result.ok) return 200;
  const { injected } = result;
  if (injected === undefined) return errorCatalogue[result.fault.code].httpStatus ?? 400;
  if ('dropConnection' in injected) return 0;
  if ('fault' in injected) return injectedStatusOf(injected.fault.faultCode, 400);
  if ('authenticationFault' in injected) return injectedStatusOf(injected.authenticationFault.errorCode, 401);
  return injected.httpStatus;
}

/** The authentication object of a body the envelope refused, decoded, when it carries one (whose refusal it is). */
function refusedAuthentication(body: unknown) {
  const authentication = (body as { authentication?: unknown } | null)?.authentication;
  if (typeof authentication !== 'object' || authentication === null || Array.isArray(authentication)) return undefined;
  return () => decode(Authentication, authentication, JSON_OPTIONS, 'authentication');
}

/** Reads a request into a call: the envelope of services that authenticate, the body itself for the login. */
function serve(route: Route, request: FastifyRequest, reply: FastifyReply) {
  const { deps, operation } = route;
  const turn = currentTurn();
  const authenticated = operation.service.authenticated;
  const base: WireRead = {
    binding: 'rest',
    operation,
    text: request.rawBody,
    clientAddress: request.ip,
    requestId: request.id,
    path: request.url.split('?', 1)[0],
    statusOf: restStatusOf,
    elapsed: () => reply.elapsedTime / 1000,
    language: languageOf(request.body, authenticated ? 'authentication' : 'login'),
    decodeOptions: JSON_OPTIONS,
  };
  if (!authenticated) {
    const body: unknown = request.body;
    const call = callOf(base, body);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return refuseCall(deps, call, NOT_AN_OBJECT).then((outcome) => answer(route, reply, turn, outcome));
    }
    return runCall(deps, call).then((outcome) => answer(route, reply, turn, outcome));
  }
  const read = readEnvelope(request.body, route.payloadKeys);
  if ('fault' in read) {
    const refused = callOf(base, undefined, refusedAuthentication(request.body));
    return refuseCall(deps, refused, read.fault).then((outcome) => answer(route, reply, turn, outcome));
  }
  const { envelope } = read;
  const call = callOf(base, envelope.payload, () => decode(Authentication, envelope.authentication, JSON_OPTIONS, 'authentication'));
  return runCall(deps, call).then((outcome) => answer(route, reply, turn, outcome));
}

/**
 * Registers every REST operation (an encapsulated plugin: `app.register(restBinding, …)`), each at its
 * path, and at that path a refusal of every other method.
 */
export async function restBinding(app: FastifyInstance, options: RestBindingOptions): Promise<void> {
  const { deps, refuse } = options;
  // Every route below and the OpenAPI document read this one list: SandboxService's operations on
  // stage only (served-in.ts), so that on live their paths name nothing and the document omits them.
  const served = [...restOperations(deps.settings.environment).values()];
  takeJsonBodies(app);
  // A body error at a path or with a method that no operation takes: the URL or the method is what is wrong.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    closeOnEarlyRefusal(error, request, reply);
    return request.is404 && isClientError(error) ? refuse(request, reply) : answerError(error, request, reply);
  });
  for (const operation of served) {
    const route: Route = Object.freeze({
      deps,
      operation,
      resultKeys: resultKeysOf(operation),
      payloadKeys: payloadKeysOf(operation),
    });
    const url = restPath(operation);
    app.post(url, { config: { resultKeys: route.resultKeys } }, (request, reply) => serve(route, request, reply));
    app.route(otherMethodsRoute(app.supportedMethods, [OPERATION_METHOD], url, refuse));
  }
  serveOpenApi(app, { operations: served, environment: deps.settings.environment, refuse, publicUrl: options.publicUrl });
}
