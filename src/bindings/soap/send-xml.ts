// Writes a SOAP answer onto a Fastify reply: XML text with its content type, and faults raised
// outside a call (a URL or method refused, a body the plugin could not take).
import type { FastifyReply } from 'fastify';
import type { ErrorCode, MessageParams } from '../../contract/error-catalogue.ts';
import type { ServiceContract } from '../../contract/operations.ts';
import { faultNamespacesOf, soapFaultOf, writeFault } from './faults.ts';
import type { Namespaces } from './namespaces.ts';

export const XML_CONTENT_TYPE = 'text/xml; charset=utf-8';

export function sendXml(reply: FastifyReply, statusCode: number, body: string): FastifyReply {
  return reply.code(statusCode).type(XML_CONTENT_TYPE).send(body);
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
