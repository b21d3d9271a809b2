// The SOAP binding as an encapsulated Fastify plugin (docs/decisions.md "SOAP"): its own XML content-type
// parser and its own error handler, so that anything going wrong on a SOAP path — wrong content
// type, a body too large, an internal error — is answered with a SOAP fault, never with JSON.
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, MessageParams } from '../../contract/error-catalogue.ts';
import { ShipmentServiceContract, type ServiceContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';
import type { Dependencies } from '../../domain/dependencies.ts';
import { answerAtTurnEnd, currentTurn } from '../http/answer-batch.ts';
import { bodyRefusalOf, closeOnEarlyRefusal } from '../http/body-refusal.ts';
import { contentEncodingError, refusedEncoding } from '../http/content-encoding.ts';
import { dropConnection } from '../http/drop-connection.ts';
import { answerSoapCall, type SoapContext } from './dispatch.ts';
import { FAULT_HTTP_STATUS } from './soap-faults.ts';
import { sendSoapFault, sendXml, XML_CONTENT_TYPE } from './send-xml.ts';
import { otherMethodsRoute, type Refusal } from '../http/unrouted.ts';
import { createNamespaces } from './namespaces.ts';
import { methodsOf, resolveSoapUrl, SOAP_PREFIXES } from './soap-paths.ts';
import { wsdlWriter } from './wsdl.ts';
import { sendOriginDocument, type OriginAnswer } from '../http/origin-document.ts';
import { createOriginOf } from '../http/public-origin.ts';

/** Options of the SOAP plugin. */
export interface SoapBindingOptions {
  readonly deps: Dependencies;
  /** SOAP_NAMESPACE_BASE (config.soapNamespaceBase). */
  readonly namespaceBase: string;
  /** The app's answer to a request no route takes (bindings/http/unrouted.ts). */
  readonly refuse: Refusal;
  /** PUBLIC_URL (config.publicUrl): the soap:address origin; unset, it comes from the request (public-origin.ts). */
  readonly publicUrl?: string;
}

/** Methods that have routes of their own; every other method Fastify routes is refused. */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST'];
const ACCEPTED_CONTENT_TYPES = ['text/xml', 'application/soap+xml'];
/** A route segment matching any of `words` in any letter case (the router itself is case-sensitive). */
function anyCase(words: readonly string[]): string {
  const letters = (word: string) => word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
  return `/:prefix(^(?:${words.map(letters).join('|')})$)/*`;
}

/** The service a SOAP URL names; ShipmentService's namespace answers for a URL that names none. */
function serviceOf(request: FastifyRequest, environment: Environment): ServiceContract {
  const target = resolveSoapUrl(request.url, environment);
  return target.kind === 'unknown' ? ShipmentServiceContract : target.service;
}

/**
 * Registers every SOAP endpoint and WSDL URL (an encapsulated plugin: `app.register(soapBinding, …)`).
 * Serves every operation of every declared service that has a handler; nothing is per operation.
 */
export async function soapBinding(app: FastifyInstance, options: SoapBindingOptions): Promise<void> {
  const context: SoapContext = { deps: options.deps, namespaces: createNamespaces(options.namespaceBase) };
  const originOf = createOriginOf(options.publicUrl);
  const { environment } = options.deps.settings;

  const refuseMethod = options.refuse;
  const fault = (reply: FastifyReply, service: ServiceContract, code: ErrorCode, params: MessageParams) =>
    sendSoapFault(reply, context.namespaces, FAULT_HTTP_STATUS, service, code, params);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(ACCEPTED_CONTENT_TYPES, { parseAs: 'buffer' }, (request, body, done) => {
    const coding = refusedEncoding(request.headers);
    if (coding === undefined) done(null, body);
    else done(contentEncodingError(coding));
  });

  /** Whether the URL names something that takes the request's method. */
  const takesMethod = (request: FastifyRequest) => methodsOf(resolveSoapUrl(request.url, environment)).includes(request.method);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    closeOnEarlyRefusal(error, request, reply);
    // A body of the wrong type or size sent to a URL that names nothing, or with a method the URL does
    // not take (a POST to a WSDL file): the URL or the method is what is wrong (404 or 405). (Checked here rather than in an onRequest hook, which cost
    // every SOAP call ~2 % of its throughput.)
    if (!takesMethod(request)) return refuseMethod(request, reply);
    const service = serviceOf(request, environment);
    const refusal = bodyRefusalOf(error, request, reply, XML_CONTENT_TYPE);
    if (refusal !== undefined) return fault(reply, service, refusal.code, refusal.params ?? {});
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return fault(reply, service, 'ERR_MALFORMED_REQUEST', { format: 'XML', reason: error.message.replace(/\.$/, '') });
    }
    const reference = randomUUID();
    request.log.error({ err: error, reference }, 'SOAP request failed');
    return fault(reply, service, 'ERR_INTERNAL', { reference });
  });

  const wsdls = new Map<ServiceContract, (origin: string) => OriginAnswer>();
  const wsdlOf = (service: ServiceContract, origin: string) => {
    let write = wsdls.get(service);
    if (write === undefined) {
      write = wsdlWriter(service, context.namespaces, environment);
      wsdls.set(service, write);
    }
    return write(origin);
  };

  app.get(anyCase(SOAP_PREFIXES), async (request, reply) => {
    const target = resolveSoapUrl(request.url, environment);
    if (target.kind === 'wsdl' || (target.kind === 'endpoint' && target.wsdl)) {
      return sendOriginDocument(reply, XML_CONTENT_TYPE, wsdlOf(target.service, originOf(request)));
    }
    return refuseMethod(request, reply);
  });

  // Every other method Fastify routes: a SOAP fault (405 or 404) rather than the app's JSON answer.
  app.route(otherMethodsRoute(app.supportedMethods, ROUTED_METHODS, anyCase(SOAP_PREFIXES), refuseMethod));

  app.post(anyCase(SOAP_PREFIXES), async (request, reply) => {
    const turn = currentTurn();
    const target = resolveSoapUrl(request.url, environment);
    if (target.kind !== 'endpoint') return refuseMethod(request, reply);
    const answer = await answerSoapCall(context, target.service, {
      body: request.body,
      contentType: request.headers['content-type'],
      clientAddress: request.ip,
      elapsed: () => reply.elapsedTime / 1000,
      requestId: request.id,
      path: request.url.split('?', 1)[0],
      soapAction: request.headers.soapaction,
    });
    if (answer.dropConnection === true) return dropConnection(reply);
    if (answer.headers !== undefined) reply.headers(answer.headers);
    return answerAtTurnEnd(
      reply,
      () => {
        sendXml(reply, answer.statusCode, answer.body, answer.contentType);
      },
      turn,
    );
  });
}
