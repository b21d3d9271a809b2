// The SOAP binding as an encapsulated Fastify plugin (DESIGN "SOAP"): its own XML content-type
// parser and its own error handler, so that anything going wrong on a SOAP path — wrong content
// type, a body too large, an internal error — is answered with a SOAP fault, never with JSON.
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, MessageParams } from '../../contract/error-catalogue.ts';
import { ShipmentServiceContract, type ServiceContract } from '../../contract/operations.ts';
import type { Services } from '../../domain/services.ts';
import { answerAtTurnEnd, currentTurn } from '../answer-batch.ts';
import { CONTENT_ENCODING_REFUSED, contentEncodingError, encodingRefusal, refusedEncoding } from '../content-encoding.ts';
import { answerSoapCall, type SoapContext } from './dispatch.ts';
import { FAULT_HTTP_STATUS, soapFaultOf, writeFault } from './faults.ts';
import { createNamespaces, type Namespaces } from './namespaces.ts';
import { methodsOf, resolveSoapUrl, SOAP_PREFIXES } from './soap-paths.ts';
import { wsdlWriter } from './wsdl.ts';
import { createOriginOf } from '../public-origin.ts';

/** Options of the SOAP plugin. */
export interface SoapBindingOptions {
  readonly services: Services;
  /** SOAP_NAMESPACE_BASE (config.soapNamespaceBase). */
  readonly namespaceBase: string;
  /** PUBLIC_URL (config.publicUrl): the soap:address origin; unset, it comes from the request (public-origin.ts). */
  readonly publicUrl?: string;
}

const XML_CONTENT_TYPE = 'text/xml; charset=utf-8';
/** Methods that have routes of their own; every other method Fastify routes is refused. */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST'];
const ACCEPTED_CONTENT_TYPES = ['text/xml', 'application/soap+xml'];
/** A route segment matching any of `words` in any letter case (the router itself is case-sensitive). */
function anyCase(words: readonly string[]): string {
  const letters = (word: string) => word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
  return `/:prefix(^(?:${words.map(letters).join('|')})$)/*`;
}

function sendXml(reply: FastifyReply, statusCode: number, body: string) {
  return reply.code(statusCode).type(XML_CONTENT_TYPE).send(body);
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
function serviceOf(request: FastifyRequest): ServiceContract {
  const target = resolveSoapUrl(request.url);
  return target.kind === 'unknown' ? ShipmentServiceContract : target.service;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

/**
 * Refuses a method the SOAP URL does not take: 405 with the methods it takes in Allow (RFC 9110
 * §15.5.6) at an endpoint or a WSDL file, 404 at a URL that names nothing. The plugin's routes use it
 * for the methods Fastify routes; the app's not-found handler (server/build-app.ts) for those Fastify
 * routes nowhere (PROPFIND, MKCOL, …), which reach no route of this plugin.
 */
export function createMethodRefusal(namespaces: Namespaces): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return (request, reply) => {
    const methods = methodsOf(resolveSoapUrl(request.url));
    if (methods.length === 0)
      return sendFault(reply, namespaces, 404, serviceOf(request), 'ERR_NOT_FOUND', { method: request.method, path: pathOf(request) });
    const allow = methods.join(', ');
    reply.header('allow', allow);
    return sendFault(reply, namespaces, 405, serviceOf(request), 'ERR_METHOD_NOT_ALLOWED', { allow, path: pathOf(request) });
  };
}

/**
 * Registers every SOAP endpoint and WSDL URL (an encapsulated plugin: `app.register(soapBinding, …)`).
 * Serves every operation of every declared service that has a handler; nothing is per operation.
 */
export async function soapBinding(app: FastifyInstance, options: SoapBindingOptions): Promise<void> {
  const context: SoapContext = { services: options.services, namespaces: createNamespaces(options.namespaceBase) };
  const originOf = createOriginOf(options.publicUrl);

  const refuseMethod = createMethodRefusal(context.namespaces);
  const fault = (reply: FastifyReply, service: ServiceContract, code: ErrorCode, params: MessageParams) =>
    sendFault(reply, context.namespaces, FAULT_HTTP_STATUS, service, code, params);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(ACCEPTED_CONTENT_TYPES, { parseAs: 'buffer' }, (request, body, done) => {
    const coding = refusedEncoding(request.headers);
    if (coding === undefined) done(null, body);
    else done(contentEncodingError(coding));
  });

  /** Whether the URL names something that takes the request's method. */
  const takesMethod = (request: FastifyRequest) => methodsOf(resolveSoapUrl(request.url)).includes(request.method);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A body of the wrong type or size sent to a URL that names nothing, or with a method the URL does
    // not take (a POST to a WSDL file): the URL or the method is what is wrong (404 or 405). (Checked here rather than in an onRequest hook, which cost
    // every SOAP call ~2 % of its throughput.)
    if (!takesMethod(request)) return refuseMethod(request, reply);
    const service = serviceOf(request);
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
    const target = resolveSoapUrl(request.url);
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
    const target = resolveSoapUrl(request.url);
    if (target.kind !== 'endpoint') return refuseMethod(request, reply);
    const answer = await answerSoapCall(context, target.service, {
      body: request.body,
      contentType: request.headers['content-type'],
      clientAddress: request.ip,
      elapsed: () => reply.elapsedTime / 1000,
    });
    if (answer.headers !== undefined) reply.headers(answer.headers);
    return answerAtTurnEnd(reply, () => sendXml(reply, answer.statusCode, answer.body), turn);
  });
}
