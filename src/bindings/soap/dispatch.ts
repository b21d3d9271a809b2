// Answers one SOAP call (docs/decisions.md "SOAP"): body bytes → XML → envelope → operation by the local name
// of the body's element → the body as a contract tree → authentication header → decode → the shared
// operation handler → response element or fault. Nothing here is specific to an operation.
import { fill, messageLanguageOf, type ErrorCode, type MessageLanguage, type MessageParams } from '../../contract/error-catalogue.ts';
import type { ServiceContract } from '../../contract/operation-table.ts';
import { servedOperationsOf } from '../http/served-in.ts';
import type { Dependencies } from '../../domain/dependencies.ts';
import { callOf, refuseCall, runCall, type CallOutcome, type WireRead } from '../pipeline/run-call.ts';
import { retryAfterOf } from '../http/retry-after.ts';
import type { HandlerResult } from '../handlers/operation-handlers.ts';
import { findAuthenticationHeader, readAuthenticationHeader } from './authentication-header.ts';
import { decodeBody } from './body-text.ts';
import { readEnvelope } from './soap-envelope.ts';
import { injectedSoapAnswer } from './soap-injected-fault.ts';
import {
  FAULT_HTTP_STATUS,
  faultNamespacesOf,
  soapFaultOf,
  soapFaultOfData,
  writeFault,
  type SoapFault,
  type SoapFaultCode,
} from './soap-faults.ts';
import type { Namespaces } from './namespaces.ts';
import { parseXml, type XmlElement } from '../../xml/xml-parser.ts';
import { readContractTree } from './xml-reader.ts';
import { writeSoapEnvelope, writeWrapperElement } from './xml-writer.ts';
import type { SoapAnswer } from './send-xml.ts';

export type { SoapAnswer } from './send-xml.ts';

const SOAP_OPTIONS = { binding: 'soap', source: 'xml' } as const;

/** What every call needs: the domain's services and the namespaces we answer in. */
export interface SoapContext {
  readonly deps: Dependencies;
  readonly namespaces: Namespaces;
}

/** One HTTP request to a SOAP endpoint. */
export interface SoapCall {
  /** The raw body (a Buffer from the XML content-type parser), or undefined when there is none. */
  readonly body: unknown;
  readonly contentType: string | undefined;
  readonly clientAddress: string;
  /** Seconds since the request arrived. */
  readonly elapsed: () => number;
  /** Its request id (X-Request-Id) and URL path, for the stage log. */
  readonly requestId: string;
  readonly path: string;
  /** The SOAPAction header as sent (SOAP 1.1 §6.1.1), if any. */
  readonly soapAction?: string | readonly string[];
}

/**
 * The operation a SOAPAction names, when it names another than `operation` (issue 39): undefined when
 * it is absent, empty (`""`, which many clients send) or names `operation` — the WSDL's soapAction
 * (`<namespace>/<operation>`) or any URI or name whose last segment (after `/`, `#` or `:`) is it.
 */
function mismatchedAction(soapAction: string | readonly string[] | undefined, operation: string): string | undefined {
  if (soapAction === undefined) return undefined;
  const sent = typeof soapAction === 'string' ? soapAction : soapAction.join(', ');
  const action = sent
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
  if (action === '') return undefined;
  const named = action.split(/[/#:]/).pop() ?? action;
  return named === operation ? undefined : sent.trim();
}

/** The HTTP status answerSoapCall writes `result` with (for the stage log): 0 for a dropped connection. */
function soapStatusOf(result: HandlerResult): number {
  if (result.ok) return result.dataFault === undefined ? 200 : FAULT_HTTP_STATUS;
  const { injected } = result;
  if (injected === undefined) return FAULT_HTTP_STATUS;
  if ('dropConnection' in injected) return 0;
  return 'httpStatus' in injected ? injected.httpStatus : FAULT_HTTP_STATUS;
}

/**
 * The message language an element's `messageLanguage` child asks for (`nl_*` Dutch, any other
 * `ll_CC` English: messageLanguageOf); English otherwise. Read as
 * sent, untrimmed, as the decoder reads it (and REST): ` nl_NL ` is refused as no language, so its
 * refusal must not be framed in Dutch round an English reason.
 */
function languageOf(element: XmlElement | undefined): MessageLanguage {
  const text = element?.children.find((child) => child.local === 'messageLanguage')?.text;
  return messageLanguageOf(text);
}

/** Answers a call to `service`'s endpoint. */
export async function answerSoapCall(context: SoapContext, service: ServiceContract, call: SoapCall): Promise<SoapAnswer> {
  const { deps } = context;
  const namespaces = faultNamespacesOf(context.namespaces, service);
  const fail = (fault: SoapFault): SoapAnswer => ({ statusCode: FAULT_HTTP_STATUS, body: writeFault(fault, namespaces) });
  // Problems before the header is read (bytes, XML, the envelope itself) are told in English: no
  // language can be read from a request that fails there.
  const refuse = (code: ErrorCode, params: MessageParams, faultCode?: SoapFaultCode, language: MessageLanguage = 'en_US') =>
    fail(soapFaultOf({ code, params }, language, faultCode));
  const malformed = (reason: string) => refuse('ERR_MALFORMED_REQUEST', { format: 'XML', reason });

  const bytes = call.body;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0) return malformed('the body is empty');
  const text = decodeBody(bytes, call.contentType);
  if (!text.ok) return malformed(text.reason);
  const parsed = parseXml(text.text);
  if (!parsed.ok) return malformed(parsed.reason);
  const understood = service.authenticated ? [{ uri: namespaces.authentication, local: 'authentication' }] : [];
  const envelope = readEnvelope(parsed.root, understood);
  if ('problem' in envelope) return refuse('ERR_INVALID_ENVELOPE', { reason: envelope.problem.reason }, envelope.problem.faultCode);

  const { headers, operation: element } = envelope.request;
  const authenticationHeader = findAuthenticationHeader(headers);
  const language = languageOf(service.authenticated ? authenticationHeader : element);
  // Two authentication entries: which one the caller meant cannot be told (issue 39).
  const authenticationEntries = headers.filter((entry) => entry.local === 'authentication').length;
  if (authenticationEntries > 1) {
    const reason = fill('soap_several_authentication', { count: authenticationEntries });
    return refuse('ERR_INVALID_ENVELOPE', { reason }, undefined, language);
  }
  const declared = servedOperationsOf(service, deps.settings.environment);
  const operation = declared.find((candidate) => candidate.name === element.local);
  if (operation === undefined) {
    const reason = fill('soap_unknown_operation', {
      name: element.local,
      service: `${service.name} ${service.version}`,
      declared: declared.map((o) => o.name).join(', '),
    });
    return refuse('ERR_INVALID_ENVELOPE', { reason }, undefined, language);
  }
  const read = readContractTree(element, operation.request);
  const base: WireRead = {
    binding: 'soap',
    operation,
    text: text.text,
    clientAddress: call.clientAddress,
    requestId: call.requestId,
    path: call.path,
    statusOf: soapStatusOf,
    elapsed: call.elapsed,
    language,
    decodeOptions: SOAP_OPTIONS,
  };
  const authentication = service.authenticated
    ? () => readAuthenticationHeader(authenticationHeader, namespaces.authentication)
    : undefined;
  let outcome: CallOutcome;
  const action = mismatchedAction(call.soapAction, operation.name);
  if (action !== undefined) {
    outcome = await refuseCall(deps, callOf(base, undefined, authentication), {
      code: 'ERR_SOAP_ACTION_MISMATCH',
      params: { action, operation: operation.name, expected: `"${namespaces.service}/${operation.name}"` },
    });
  } else if (element.uri !== namespaces.service) {
    const reason =
      element.uri === ''
        ? fill('soap_no_namespace', { name: element.local, expected: namespaces.service })
        : fill('soap_wrong_namespace', { name: element.local, expected: namespaces.service, found: element.uri });
    outcome = await refuseCall(deps, callOf(base, undefined, authentication), { code: 'ERR_INVALID_ENVELOPE', params: { reason } });
  } else if (!read.ok) {
    const reason = fill('soap_qualified_children', { path: read.path, uri: read.uri, name: element.local });
    outcome = await refuseCall(deps, callOf(base, undefined, authentication), { code: 'ERR_INVALID_ENVELOPE', params: { reason } });
  } else {
    outcome = await runCall(deps, callOf(base, read.tree, authentication, read.violations));
  }
  const { result } = outcome;
  if (!result.ok) {
    if (result.injected !== undefined) return injectedSoapAnswer(result.injected, namespaces);
    const retryAfter = retryAfterOf(result.fault);
    const answer = fail(soapFaultOf(result.fault, outcome.language));
    return retryAfter === undefined ? answer : { ...answer, headers: { 'retry-after': retryAfter } };
  }
  if (result.dataFault !== undefined) return fail(soapFaultOfData(result.dataFault));
  return {
    statusCode: 200,
    body: writeSoapEnvelope(writeWrapperElement(operation.responseElement, namespaces.service, operation.response, result.response)),
  };
}
