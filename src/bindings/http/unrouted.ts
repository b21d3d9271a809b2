// The one answer, for both bindings, to a request that no operation takes: 404 for a URL that names
// nothing, 405 with the methods it takes in Allow (RFC 9110 §15.5.6) for a method a URL does not take.
// SOAP URLs are answered with a SOAP fault, every other URL in the REST error shape. The URL and the
// method are judged before the body; the body is read only for its language, where it was read at all.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fill, type LocalizedText, type MessageLanguage } from '../../contract/error-catalogue.ts';
import { serviceList, ShipmentServiceContract } from '../../contract/operation-table.ts';
import { nearestNames } from '../../contract/schema/nearest-name.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { faultResponse, fault, languageOf } from '../rest/rest-faults.ts';
import { OPERATION_METHOD, restOperations, resultKeysOf } from '../rest/rest-paths.ts';
import type { Namespaces } from '../soap/namespaces.ts';
import { sendSoapFault } from '../soap/send-xml.ts';
import { closeAfterAnswer, hasUnreadBody } from './lingering-response.ts';
import { isSoapUrl, methodsOf, resolveSoapUrl } from '../soap/soap-paths.ts';
import { isServedIn } from './served-in.ts';

/** Answers a request that no route takes. */
export type Refusal = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** Options of the refusal: the namespaces SOAP faults are written in, and paths outside the bindings. */
export interface RefusalOptions {
  readonly namespaces: Namespaces;
  /** Paths of the server's own (`/health`) with the methods each takes. */
  readonly otherPaths: Readonly<Record<string, readonly string[]>>;
  /** The server's environment: a service it does not serve (SandboxService on live) is named by no URL (served-in.ts). */
  readonly environment: Environment;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

/** Longest path a suggestion is looked for: longer than any path served, it is no typo of one. */
const MAX_SUGGESTED_PATH = 96;

/**
 * Every path `environment` serves that a client might mistype: the REST operations, the server's own
 * paths, and each SOAP endpoint under every prefix the carrier's clients use, with its WSDL files.
 */
function servedPaths(environment: Environment, otherPaths: Readonly<Record<string, readonly string[]>>): readonly string[] {
  const soap = serviceList
    .filter((service) => isServedIn(service, environment))
    .flatMap((service) => [
      ...['/soap/services', '/services', '/PublicApi/services', '/PublicApi/soap/services'].map(
        (prefix) => `${prefix}/${service.name}/${service.version}`,
      ),
      `/soap/WSDL/${service.wsdlName}`,
      `/PublicApi/WSDL/${service.wsdlName}`,
    ]);
  return Object.freeze([...restOperations(environment).keys(), ...Object.keys(otherPaths), ...soap]);
}

/** " Did you mean …?" naming the served path (or the two) closest to `path`, when one is close; else nothing. */
function suggestionFor(path: string, served: readonly string[]): LocalizedText | '' {
  const near = nearestNames(path, served, MAX_SUGGESTED_PATH);
  if (near.length === 1) return fill('did_you_mean', { name: near[0] });
  if (near.length === 2) return fill('did_you_mean_either', { first: near[0], second: near[1] });
  return '';
}

/** REST's 405: the methods `path` takes in Allow, and the result keys of its fault answers set to null. */
function refuseRestMethod(reply: FastifyReply, allow: string, path: string, language: MessageLanguage, resultKeys: readonly string[]) {
  const { statusCode, body } = faultResponse(fault('ERR_METHOD_NOT_ALLOWED', { allow, path }), language, resultKeys);
  return reply.code(statusCode).header('allow', allow).send(body);
}

export function createRefusal(options: RefusalOptions): Refusal {
  const { namespaces, otherPaths, environment } = options;
  const operations = restOperations(environment);
  const served = servedPaths(environment, otherPaths);

  const refuseSoap: Refusal = (request, reply) => {
    const target = resolveSoapUrl(request.url, environment);
    // ShipmentService's namespace answers for a URL that names no service.
    const service = target.kind === 'unknown' ? ShipmentServiceContract : target.service;
    const methods = methodsOf(target);
    if (methods.length === 0) {
      const path = pathOf(request);
      return sendSoapFault(reply, namespaces, 404, service, 'ERR_NOT_FOUND', {
        method: request.method,
        path,
        suggestion: suggestionFor(path, served),
      });
    }
    const allow = methods.join(', ');
    reply.header('allow', allow);
    return sendSoapFault(reply, namespaces, 405, service, 'ERR_METHOD_NOT_ALLOWED', { allow, path: pathOf(request) });
  };

  const refuseRest: Refusal = (request, reply) => {
    const path = pathOf(request);
    const language = languageOf(request.body);
    const operation = operations.get(path);
    if (operation !== undefined) return refuseRestMethod(reply, OPERATION_METHOD, path, language, resultKeysOf(operation));
    const methods = Object.hasOwn(otherPaths, path) ? otherPaths[path] : undefined;
    if (methods !== undefined) return refuseRestMethod(reply, methods.join(', '), path, language, ['result']);
    const suggestion = suggestionFor(path, served);
    const { statusCode, body } = faultResponse(fault('ERR_NOT_FOUND', { method: request.method, path, suggestion }), language, ['result']);
    return reply.code(statusCode).send(body);
  };

  return (request, reply) => {
    // A method refused before its body is read (otherMethodsRoute), or a body of a type nothing here
    // takes: the answer closes the connection, after the rest of the body is read (lingering-response.ts).
    if (hasUnreadBody(request.raw)) closeAfterAnswer(request.raw, reply.header('connection', 'close').raw);
    return isSoapUrl(request.url) ? refuseSoap(request, reply) : refuseRest(request, reply);
  };
}

/**
 * Registers, at each of `paths`, a route refusing every method Fastify routes but `methods`, before
 * the body is read (a route-level hook: an app-level one would cost every call). Methods Fastify
 * routes nowhere reach the app's not-found handler, which refuses them the same way.
 */
export function otherMethodsRoute(supportedMethods: readonly string[], methods: readonly string[], url: string, refuse: Refusal) {
  return {
    method: supportedMethods.filter((method) => !methods.includes(method)),
    url,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => refuse(request, reply),
    handler: async (request: FastifyRequest, reply: FastifyReply) => refuse(request, reply),
  };
}
