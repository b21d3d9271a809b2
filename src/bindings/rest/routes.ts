// Every REST route: `POST /rest/services/<Service>/<Version>/<operation>` for each declared operation
// (DESIGN "REST"). Shipment-service bodies are `{ authentication, <operation>: {...} }`; the login
// service's body is the request itself.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decode } from '../../contract/decode.ts';
import { operations, ShipmentServiceContract, type OperationContract } from '../../contract/operations.ts';
import { Authentication } from '../../contract/resources.ts';
import { authenticate } from '../../domain/authenticate.ts';
import type { Session } from '../../domain/outcome.ts';
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type { Services } from '../../domain/services.ts';
import { answerAtTurnEnd, currentTurn } from '../answer-batch.ts';
import { handlers, recordCall, UNEXPECTED_FAILURE, type Handler, type HandlerResult } from '../operation-handlers.ts';
import { isServedIn } from '../served-in.ts';
import { injectedFaultResult, type InjectedAnswer } from '../injected-result.ts';
import { dropConnection } from '../drop-connection.ts';
import { injectedRestAnswer } from './injected-fault.ts';
import { ENVELOPE_REASONS, readEnvelope } from './envelope.ts';
import { OK_STATUS, fault, faultResponse, languageOf } from './errors.ts';
import { toJson } from './json-writer.ts';

const JSON_OPTIONS = { binding: 'rest', source: 'json' } as const;

/** DESIGN: validateOrders also takes its body under `storeOrders` ("the same JSON, only the path differs"). */
const payloadAliases: Readonly<Record<string, readonly string[]>> = { validateOrders: ['storeOrders'] };

export function restPath(operation: OperationContract): string {
  return `/rest/services/${operation.service.name}/${operation.service.version}/${operation.name}`;
}

/** The keys a fault answer sets to null: every key of a shipment result, else the response element. */
function resultKeysOf(operation: OperationContract): readonly string[] {
  return operation.service === ShipmentServiceContract ? Object.keys(operation.response.fields) : [operation.responseElement];
}

/** The operations served, by path: every declared operation that has a handler. */
const servedOperations: ReadonlyMap<string, OperationContract> = new Map(
  operations.filter((operation) => handlers[operation.name] !== undefined).map((operation) => [restPath(operation), operation]),
);

/** The methods an operation's path takes (its `Allow`, RFC 9110 §10.2.1). */
const OPERATION_METHODS = 'POST';

/**
 * Refuses a request no operation takes: 405 with Allow at an operation's path (any method but POST),
 * its result keys set to null as the route's own faults set them; 404 at any other path. The URL and
 * the method are judged before the body (build-app.ts hands body errors of such requests here too):
 * the body is read only for its language, where it was read at all.
 */
export function refuseRequest(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  const operation = servedOperations.get(path);
  const language = languageOf(request.body);
  // An operation of a service this server does not serve (SandboxService on live) has no route here.
  if (operation === undefined || !request.server.hasRoute({ method: OPERATION_METHODS, url: path })) {
    const { statusCode, body } = faultResponse(fault('ERR_NOT_FOUND', { method: request.method, path }), language, ['result']);
    return reply.code(statusCode).send(body);
  }
  return refuseMethod(reply, OPERATION_METHODS, path, language, resultKeysOf(operation));
}

/** 405 for a method `path` does not take, listing the ones it does (`allow`, RFC 9110 §15.5.6). */
export function refuseMethod(
  reply: FastifyReply,
  allow: string,
  path: string,
  language: MessageLanguage,
  resultKeys: readonly string[],
): FastifyReply {
  const { statusCode, body } = faultResponse(fault('ERR_METHOD_NOT_ALLOWED', { allow, path }), language, resultKeys);
  return reply.code(statusCode).header('allow', allow).send(body);
}

/** What a route knows of its operation, computed once at registration. */
interface Route {
  readonly services: Services;
  readonly operation: OperationContract;
  readonly handler: Handler;
  readonly resultKeys: readonly string[];
  readonly payloadKeys: readonly string[];
  /** Shipment-service results sit beside `status`; the others are wrapped in their response element. */
  readonly unwrapped: boolean;
}

/** The one exit of every call: records it for the stage metrics and writes the answer. */
function answer(
  route: Route,
  request: FastifyRequest,
  reply: FastifyReply,
  turn: number,
  language: MessageLanguage,
  session: Session | undefined,
  result: HandlerResult,
) {
  recordCall(route.services, {
    binding: 'rest',
    operation: route.operation.name,
    delisId: session?.account.delisId,
    text: request.rawBody,
    result,
    seconds: reply.elapsedTime / 1000,
  });
  if (!result.ok) {
    if (result.injected !== undefined) return answerInjected(reply, turn, result.injected, language, route.resultKeys);
    const { statusCode, headers, body } = faultResponse(result.fault, language, route.resultKeys);
    return answerAtTurnEnd(reply, () => reply.code(statusCode).headers(headers).send(body), turn);
  }
  const response = toJson(result.response) as Record<string, unknown>;
  const body = route.unwrapped ? { ...response, status: OK_STATUS } : { [route.operation.responseElement]: response, status: OK_STATUS };
  return answerAtTurnEnd(reply, () => reply.send(body), turn);
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
  return answerAtTurnEnd(reply, () => reply.code(statusCode).send(body), turn);
}

/**
 * Records a call whose work threw (ERR_INTERNAL) and returns the error for the error handler to
 * answer. (A try/catch in serve rather than a wrapper around each step: a wrapper is another async
 * function and its promise on every call.)
 */
function recordFailure(route: Route, request: FastifyRequest, reply: FastifyReply, session: Session | undefined, error: unknown): unknown {
  recordCall(route.services, {
    binding: 'rest',
    operation: route.operation.name,
    delisId: session?.account.delisId,
    text: request.rawBody,
    result: UNEXPECTED_FAILURE,
    seconds: reply.elapsedTime / 1000,
  });
  return error;
}

async function serve(route: Route, request: FastifyRequest, reply: FastifyReply) {
  const { services, operation } = route;
  const turn = currentTurn();
  let language = languageOf(request.body, operation.service.authenticated ? 'authentication' : 'login');
  let session: Session | undefined;
  let payload: unknown = request.body;
  if (operation.service.authenticated) {
    const read = readEnvelope(request.body, route.payloadKeys, language);
    if ('fault' in read) return answer(route, request, reply, turn, language, session, { ok: false, fault: read.fault });
    payload = read.envelope.payload;
    let authenticated: Awaited<ReturnType<typeof authenticate>>;
    try {
      authenticated = await authenticate(services, decode(Authentication, read.envelope.authentication, JSON_OPTIONS, 'authentication'));
    } catch (error) {
      throw recordFailure(route, request, reply, session, error);
    }
    if (!authenticated.ok) return answer(route, request, reply, turn, language, session, authenticated);
    session = authenticated.value;
    language = session.language;
  } else if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return answer(route, request, reply, turn, language, session, {
      ok: false,
      fault: fault('ERR_INVALID_ENVELOPE', { reason: ENVELOPE_REASONS.notAnObject[language]() }),
    });
  }
  let result: HandlerResult;
  try {
    // SandboxService injectFault (stage): a fault injected for the caller answers before the operation runs.
    const injected = session && injectedFaultResult(services, session, operation.name, 'rest');
    result =
      (injected && (await injected)) ||
      (await route.handler({ services, session, clientAddress: request.ip }, decode(operation.request, payload, JSON_OPTIONS)));
  } catch (error) {
    throw recordFailure(route, request, reply, session, error);
  }
  return answer(route, request, reply, turn, language, session, result);
}

function registerOperation(app: FastifyInstance, services: Services, operation: OperationContract): void {
  const route: Route = Object.freeze({
    services,
    operation,
    handler: handlers[operation.name],
    resultKeys: resultKeysOf(operation),
    payloadKeys: [operation.name, ...(payloadAliases[operation.name] ?? [])],
    unwrapped: operation.service === ShipmentServiceContract,
  });
  app.post(restPath(operation), { config: { resultKeys: route.resultKeys } }, (request, reply) => serve(route, request, reply));
}

export function registerRestRoutes(app: FastifyInstance, services: Services): void {
  const otherMethods = app.supportedMethods.filter((method) => method !== OPERATION_METHODS);
  for (const operation of servedOperations.values()) {
    if (!isServedIn(operation.service, services.settings.environment)) continue;
    registerOperation(app, services, operation);
    // Every other method Fastify routes, refused before its body is read (a route-level hook: an
    // app-level one would cost every call). Methods it routes nowhere reach the app's not-found handler.
    app.route({
      method: otherMethods,
      url: restPath(operation),
      onRequest: async (request, reply) => refuseRequest(request, reply),
      handler: async (request, reply) => refuseRequest(request, reply),
    });
  }
}
