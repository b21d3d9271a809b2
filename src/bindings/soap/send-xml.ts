// Writes a SOAP answer onto a Fastify reply: XML text with its content type, and faults raised
// outside a call (a URL or method refused, a body the plugin could not take).
import type { FastifyReply } from 'fastify';
import type { ErrorCode, MessageParams } from '../../contract/error-catalogue.ts';
import type { ServiceContract } from '../../contract/operation-table.ts';
import { faultNamespacesOf, soapFaultOf, writeFault } from './soap-faults.ts';
import type { Namespaces } from './namespaces.ts';

export const XML_CONTENT_TYPE = 'text/xml; charset=utf-8';

/** The HTTP answer: status, headers beyond the content type (Retry-After) and XML text. */
export interface SoapAnswer {
  readonly statusCode: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string;
  /** Another content type than XML's (an injected HTTP status's plain text). */
  readonly contentType?: string;
  /** Close the connection without an answer (an injected fault's dropConnection). */
  readonly dropConnection?: boolean;
}

/** Sends `body` as XML, or as `contentType` (an injected HTTP status's plain text: soap/injected-fault.ts). */
export function sendXml(reply: FastifyReply, statusCode: number, body: string | Buffer, contentType = XML_CONTENT_TYPE): FastifyReply {
  return reply.code(statusCode).type(contentType).send(body);
}

/** A fault of `code` in `service`'s namespace, in English: the header, and so the caller's language, is not read here. */
export function sendSoapFault(
  reply: FastifyReply,
  namespaces: Namespaces,
  statusCode: number,
  service: ServiceContract,
  code: ErrorCode,
  params: MessageParams,
): FastifyReply {
  return sendXml(reply, statusCode, writeFault(soapFaultOf({ code, params }, 'en_US'), faultNamespacesOf(namespaces, service)));
}
