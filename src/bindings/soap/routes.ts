// The SOAP binding as an encapsulated Fastify plugin (DESIGN "SOAP"): its own XML content-type
// parser and its own error handler, so that anything going wrong on a SOAP path — wrong content
// type, a body too large, an internal error — is answered with a SOAP fault, never with JSON.
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, MessageParams } from '../../contract/error-catalogue.ts';
import { ShipmentServiceContract, type ServiceContract } from '../../contract/operations.ts';
import type { Environment, Services } from '../../domain/services.ts';
import { answerAtTurnEnd, currentTurn } from '../answer-batch.ts';
import { CONTENT_ENCODING_REFUSED, contentEncodingError, encodingRefusal, refusedEncoding } from '../content-encoding.ts';
import { dropConnection } from '../drop-connection.ts';
import { answerSoapCall, type SoapContext } from './dispatch.ts';
import { FAULT_HTTP_STATUS, soapFaultOf, writeFault } from './faults.ts';
import { createNamespaces, type Namespaces } from './namespaces.ts';
import { methodsOf, resolveSoapUrl, SOAP_PREFIXES } from './soap-paths.ts';
import { wsdlWriter } from './wsdl.ts';

/** Options of the SOAP plugin. */
export interface SoapBindingOptions {
  readonly services: Services;
  /** SOAP_NAMESPACE_BASE (config.soapNamespaceBase). */
  readonly namespaceBase: string;
}

const XML_CONTENT_TYPE = 'text/xml; charset=utf-8';
/** Methods that have routes of their own; every other method Fastify routes is refused. */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST'];
const ACCEPTED_CONTENT_TYPES = ['text/xml', 'application/soap+xml'];
/**
 * A Host header we can write back as it is: an RFC 3986 reg-name of unreserved characters (letters,
 * digits, `-._~`: Docker Compose names services `parcel_service`) or an IP literal, and a port.
 * Nothing in it needs escaping in XML.
 */
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** A route segment matching any of `words` in any letter case (the router itself is case-sensitive). */
function anyCase(words: readonly string[]): string {
  const letters = (word: string) => word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
  return `/:prefix(^(?:${words.map(letters).join('|')})$)/*`;
}

/**
 * `http://host:port` of the request, so the WSDL's soap:address points back at this server. Without a
 * usable Host (HTTP/1.0 has none), the address and port the connection reached: `localhost` alone
 * would send clients to port 80.
 */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${HOST.test(request.host) ? request.host : localAddressOf(request)}`;
}

function localAddressOf(request: FastifyRequest): string {
  const { localAddress, localPort } = request.socket ?? {};
  if (localAddress === undefined || localPort === undefined) return 'localhost';
  return `${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}

function sendXml(reply: FastifyReply, statusCode: number, body: string, contentType = XML_CONTENT_TYPE) {
  return reply.code(statusCode).type(contentType).send(body);
}

/** A fault of `code` in `service`'s namespace, in English: the header, and so the caller's language, is not read here. */
function sendFault(
  reply: FastifyReply,
  namespaces: Namespaces,
  statusCode: number,
  service: ServiceContract,
  code: ErrorCode,
  params: MessageParams,
) {
  const faultNamespaces = { service: namespaces.service(service), authentication: namespaces.authentication };
  return sendXml(reply, statusCode, writeFault(soapFaultOf({ code, params }, 'en_US'), faultNamespaces));
}

/** The service a SOAP URL names; ShipmentService's namespace answers for a URL that names none. */
function serviceOf(request: FastifyRequest, environment: Environment): ServiceContract {
  const target = resolveSoapUrl(request.url, environment);
  return target.kind === 'unknown' ? ShipmentServiceContract : target.service;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

/**
 * Refuses a method the SOAP URL does not take: 405 with the methods it takes in Allow (RFC 9110
 * §15.5.6) at an endpoint or a WSDL file, 404 at a URL that names nothing. The plugin's routes use it
 * for the methods Fastify routes; the app's not-found handler (server/build-app.ts) for those Fastify
 * routes nowhere (PROPFIND, MKCOL, …), which reach no route of this plugin.
 */
export function createMethodRefusal(
  namespaces: Namespaces,
  environment: Environment,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return (request, reply) => {
    const methods = methodsOf(resolveSoapUrl(request.url, environment));
    const service = serviceOf(request, environment);
    if (methods.length === 0)
      return sendFault(reply, namespaces, 404, service, 'ERR_NOT_FOUND', { method: request.method, path: pathOf(request) });
    const allow = methods.join(', ');
    reply.header('allow', allow);
    return sendFault(reply, namespaces, 405, service, 'ERR_METHOD_NOT_ALLOWED', { allow, path: pathOf(request) });
  };
}

/**
 * Registers every SOAP endpoint and WSDL URL (an encapsulated plugin: `app.register(soapBinding, …)`).
 * Serves every operation of every declared service that has a handler; nothing is per operation.
 */
export async function soapBinding(app: FastifyInstance, options: SoapBindingOptions): Promise<void> {
  const context: SoapContext = { services: options.services, namespaces: createNamespaces(options.namespaceBase) };
  const { environment } = options.services.settings;

  const refuseMethod = createMethodRefusal(context.namespaces, environment);
  const fault = (reply: FastifyReply, service: ServiceContract, code: ErrorCode, params: MessageParams) =>
    sendFault(reply, context.namespaces, FAULT_HTTP_STATUS, service, code, params);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(ACCEPTED_CONTENT_TYPES, { parseAs: 'buffer' }, (request, body, done) => {
    const coding = refusedEncoding(request.headers);
    if (coding === undefined) done(null, body);
    else done(contentEncodingError(coding));
  });

  /** Whether the URL names something that takes the request's method. */
  const takesMethod = (request: FastifyRequest) => methodsOf(resolveSoapUrl(request.url, environment)).includes(request.method);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A body of the wrong type or size sent to a URL that names nothing, or with a method the URL does
    // not take (a POST to a WSDL file): the URL or the method is what is wrong (404 or 405). (Checked here rather than in an onRequest hook, which cost
    // every SOAP call ~2 % of its throughput.)
    if (!takesMethod(request)) return refuseMethod(request, reply);
    const service = serviceOf(request, environment);
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return fault(reply, service, 'ERR_UNSUPPORTED_MEDIA_TYPE', {
          contentType: request.headers['content-type'] ?? '(none)',
          expected: XML_CONTENT_TYPE,
        });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return fault(reply, service, 'ERR_BODY_TOO_LARGE', { limit: request.routeOptions.bodyLimit ?? 0 });
      case CONTENT_ENCODING_REFUSED:
        return fault(reply, service, 'ERR_UNSUPPORTED_MEDIA_TYPE', encodingRefusal(request, reply, XML_CONTENT_TYPE));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return fault(reply, service, 'ERR_MALFORMED_REQUEST', { format: 'XML', reason: error.message.replace(/\.$/, '') });
    }
    const reference = randomUUID();
    request.log.error({ err: error, reference }, 'SOAP request failed');
    return fault(reply, service, 'ERR_INTERNAL', { reference });
  });

  const wsdls = new Map<ServiceContract, (origin: string) => string>();
  const wsdlOf = (service: ServiceContract, origin: string) => {
    let write = wsdls.get(service);
    if (write === undefined) {
      write = wsdlWriter(service, context.namespaces);
      wsdls.set(service, write);
    }
    return write(origin);
  };

  app.get(anyCase(SOAP_PREFIXES), async (request, reply) => {
    const target = resolveSoapUrl(request.url, environment);
    if (target.kind === 'wsdl' || (target.kind === 'endpoint' && target.wsdl)) {
      return sendXml(reply, 200, wsdlOf(target.service, originOf(request)));
    }
    return refuseMethod(request, reply);
  });

  // Every other method Fastify routes: a SOAP fault (405 or 404) rather than the app's JSON answer.
  // (Methods it routes nowhere come to the app's not-found handler, which refuses them the same way.)
  const otherMethods = app.supportedMethods.filter((method) => !ROUTED_METHODS.includes(method));
  // Refused before the body is read: whatever comes with the method is not looked at.
  app.route({
    method: otherMethods,
    url: anyCase(SOAP_PREFIXES),
    onRequest: async (request, reply) => refuseMethod(request, reply),
    handler: async (request, reply) => refuseMethod(request, reply),
  });

  app.post(anyCase(SOAP_PREFIXES), async (request, reply) => {
    const turn = currentTurn();
    const target = resolveSoapUrl(request.url, environment);
    if (target.kind !== 'endpoint') return refuseMethod(request, reply);
    const answer = await answerSoapCall(context, target.service, {
      body: request.body,
      contentType: request.headers['content-type'],
      clientAddress: request.ip,
      elapsed: () => reply.elapsedTime / 1000,
    });
    if (answer.dropConnection === true) return dropConnection(reply);
    if (answer.headers !== undefined) reply.headers(answer.headers);
    return answerAtTurnEnd(reply, () => sendXml(reply, answer.statusCode, answer.body, answer.contentType), turn);
  });
}
