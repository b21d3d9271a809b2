// Answers one SOAP call (DESIGN "SOAP"): body bytes → XML → envelope → operation by the local name
// of the body's element → the body as a contract tree → authentication header → decode → the shared
// operation handler → response element or fault. Nothing here is specific to an operation.
import { decode } from '../../contract/decode.ts';
import type { ErrorCode, MessageLanguage, MessageParams } from '../../contract/error-catalogue.ts';
import { operationsOf, type ServiceContract } from '../../contract/operations.ts';
import { authenticate } from '../../domain/authenticate.ts';
import type { Session } from '../../domain/outcome.ts';
import type { Services } from '../../domain/services.ts';
import { handlers, recordCall, UNEXPECTED_FAILURE, type HandlerResult } from '../operation-handlers.ts';
import { injectedFaultResult } from '../injected-result.ts';
import { retryAfterOf } from '../retry-after.ts';
import { findAuthenticationHeader, readAuthenticationHeader } from './authentication-header.ts';
import { decodeBody } from './body-text.ts';
import { readEnvelope } from './envelope.ts';
import { injectedSoapAnswer } from './injected-fault.ts';
import { FAULT_HTTP_STATUS, soapFaultOf, soapFaultOfData, writeFault, type SoapFault, type SoapFaultCode } from './faults.ts';
import type { Namespaces } from './namespaces.ts';
import { parseXml, type XmlElement } from './xml-parser.ts';
import { readContractTree } from './xml-reader.ts';
import { writeSoapEnvelope, writeWrapperElement } from './xml-writer.ts';

const SOAP_OPTIONS = { binding: 'soap', source: 'xml' } as const;

/** What every call needs: the domain's services and the namespaces we answer in. */
export interface SoapContext {
  readonly services: Services;
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
}

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

/**
 * The message language an element's `messageLanguage` child asks for; English otherwise. Read as
 * sent, untrimmed, as the decoder reads it (and REST): ` nl_NL ` is refused as no language, so its
 * refusal must not be framed in Dutch round an English reason.
 */
function languageOf(element: XmlElement | undefined): MessageLanguage {
  const text = element?.children.find((child) => child.local === 'messageLanguage')?.text;
  return text === 'nl_NL' ? 'nl_NL' : 'en_US';
}

/**
 * Reasons of ERR_INVALID_ENVELOPE found once the envelope is read, in each message language (the
 * header names it by then; earlier problems — bytes, XML, the envelope itself — are told in English,
 * since no language can be read from a request that fails there).
 */
const CALL_REASONS = {
  unknownOperation: {
    en_US: (name: string, service: string, declared: string) =>
      `${name} is not an operation of ${service}; the body holds one of ${declared}`,
    nl_NL: (name: string, service: string, declared: string) =>
      `${name} is geen operatie van ${service}; de body bevat een van ${declared}`,
  },
  wrongNamespace: {
    en_US: (name: string, expected: string, found: string) =>
      `the body element ${name} must be in namespace ${expected}, not ${found === '' ? 'in no namespace' : found}`,
    nl_NL: (name: string, expected: string, found: string) =>
      `het body-element ${name} moet in namespace ${expected} staan, niet ${found === '' ? 'zonder namespace' : `in ${found}`}`,
  },
  qualifiedChildren: {
    en_US: (path: string, uri: string, name: string) =>
      `${path} is in namespace ${uri}, but the elements inside ${name} are unqualified (no namespace)`,
    nl_NL: (path: string, uri: string, name: string) =>
      `${path} staat in namespace ${uri}, maar de elementen binnen ${name} hebben geen namespace`,
  },
  unavailable: {
    en_US: (name: string) => `the operation ${name} is not available on this server yet`,
    nl_NL: (name: string) => `de operatie ${name} is op deze server nog niet beschikbaar`,
  },
} as const;

/** Answers a call to `service`'s endpoint. */
export async function answerSoapCall(context: SoapContext, service: ServiceContract, call: SoapCall): Promise<SoapAnswer> {
  const namespaces = { service: context.namespaces.service(service), authentication: context.namespaces.authentication };
  let language: MessageLanguage = 'en_US';
  const fail = (fault: SoapFault): SoapAnswer => ({ statusCode: FAULT_HTTP_STATUS, body: writeFault(fault, namespaces) });
  const refuse = (code: ErrorCode, params: MessageParams, faultCode?: SoapFaultCode) =>
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
  language = languageOf(service.authenticated ? authenticationHeader : element);
  const declared = operationsOf(service);
  const operation = declared.find((candidate) => candidate.name === element.local);
  if (operation === undefined) {
    return refuse('ERR_INVALID_ENVELOPE', {
      reason: CALL_REASONS.unknownOperation[language](
        element.local,
        `${service.name} ${service.version}`,
        declared.map((o) => o.name).join(', '),
      ),
    });
  }
  const read = readContractTree(element, operation.request);
  let session: Session | undefined;
  const finish = (result: HandlerResult): SoapAnswer => {
    recordCall(context.services, {
      binding: 'soap',
      operation: operation.name,
      delisId: session?.account.delisId,
      text: text.text,
      result,
      seconds: call.elapsed(),
    });
    if (!result.ok) {
      if (result.injected !== undefined) return injectedSoapAnswer(result.injected, namespaces);
      const retryAfter = retryAfterOf(result.fault);
      const answer = fail(soapFaultOf(result.fault, language));
      return retryAfter === undefined ? answer : { ...answer, headers: { 'retry-after': retryAfter } };
    }
    if (result.dataFault !== undefined) return fail(soapFaultOfData(result.dataFault));
    return {
      statusCode: 200,
      body: writeSoapEnvelope(writeWrapperElement(operation.responseElement, namespaces.service, operation.response, result.response)),
    };
  };
  // A step that throws is recorded (ERR_INTERNAL) before the error handler answers the call.
  const recordFailure = (error: unknown): unknown => {
    recordCall(context.services, {
      binding: 'soap',
      operation: operation.name,
      delisId: session?.account.delisId,
      text: text.text,
      result: UNEXPECTED_FAILURE,
      seconds: call.elapsed(),
    });
    return error;
  };
  const refuseCall = (reason: string) => finish({ ok: false, fault: { code: 'ERR_INVALID_ENVELOPE', params: { reason } } });

  if (element.uri !== namespaces.service) {
    return refuseCall(CALL_REASONS.wrongNamespace[language](element.local, namespaces.service, element.uri));
  }
  if (!read.ok) return refuseCall(CALL_REASONS.qualifiedChildren[language](read.path, read.uri, element.local));
  const handler = handlers[operation.name];
  if (handler === undefined) return refuseCall(CALL_REASONS.unavailable[language](operation.name));
  if (service.authenticated) {
    let authenticated: Awaited<ReturnType<typeof authenticate>>;
    try {
      authenticated = await authenticate(context.services, readAuthenticationHeader(authenticationHeader, namespaces.authentication));
    } catch (error) {
      throw recordFailure(error);
    }
    if (!authenticated.ok) return finish(authenticated);
    session = authenticated.value;
    language = session.language;
  }
  const decoded = decode(operation.request, read.tree, SOAP_OPTIONS);
  let result: HandlerResult;
  try {
    // SandboxService injectFault (stage): a fault injected for the caller answers before the operation runs.
    const injected = session && injectedFaultResult(context.services, session, operation.name, 'soap');
    result =
      (injected && (await injected)) ||
      (await handler(
        { services: context.services, session, clientAddress: call.clientAddress },
        { value: decoded.value, violations: [...read.violations, ...decoded.violations] },
      ));
  } catch (error) {
    throw recordFailure(error);
  }
  return finish(result);
}
