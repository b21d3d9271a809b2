// The one place where faults become SOAP (docs/decisions.md "SOAP"): HTTP 500, a soap:Fault with faultcode
// soap:Client for the caller's errors and soap:Server for ours, a faultstring in the caller's
// language, and a detail the WSDL declares: `faults` (faultCode, message) in the service namespace,
// or `authenticationFault` (errorCode, errorMessage) in {auth_ns}. Never a stack trace.
import { errorCatalogue, formatMessage, type MessageLanguage } from '../../contract/error-catalogue.ts';
import type { ObjectType } from '../../contract/schema/model.ts';
import type { ServiceContract } from '../../contract/operation-table.ts';
import { AuthenticationFault } from '../../contract/authentication.ts';
import { FaultEntry } from '../../contract/shipment-service/shipment-results.ts';
import type { Fault } from '../../domain/core/outcome.ts';
import type { DataFault } from '../handlers/operation-handlers.ts';
import type { Namespaces } from './namespaces.ts';
import { escapeText } from '../../xml/xml-text.ts';
import { writeSoapEnvelope, writeWrapperElement } from './xml-writer.ts';

/** SOAP 1.1 fault codes (§4.4.1). */
export type SoapFaultCode = 'Client' | 'Server' | 'VersionMismatch' | 'MustUnderstand';

/** A fault ready to be written: code, readable string and the detail element's content. */
export interface SoapFault {
  readonly faultCode: SoapFaultCode;
  readonly faultString: string;
  readonly detail:
    | { readonly element: 'faults'; readonly faultCode: string; readonly message: string }
    | { readonly element: 'authenticationFault'; readonly errorCode: string; readonly errorMessage: string };
}

/** SOAP 1.1 §6.2: a fault answer travels with HTTP 500. */
export const FAULT_HTTP_STATUS = 500;

/** The namespaces a fault detail is written in. */
export interface FaultNamespaces {
  /** The called service's namespace, for `faults`. */
  readonly service: string;
  /** {auth_ns}, for `authenticationFault`. */
  readonly authentication: string;
  /** The `faults` detail's type in the called service's schema (default FaultEntry; 3.3 qualifies it). */
  readonly faults?: ObjectType;
}

/** Where and how `service`'s faults are written. */
export function faultNamespacesOf(namespaces: Namespaces, service: ServiceContract): FaultNamespaces {
  return { service: namespaces.service(service), authentication: namespaces.authentication, faults: service.faults };
}

/** A domain or request fault as SOAP: authentication kinds as authenticationFault, the rest as faults. */
export function soapFaultOf(fault: Fault, language: MessageLanguage, faultCode?: SoapFaultCode): SoapFault {
  const entry = errorCatalogue[fault.code];
  const message = formatMessage(fault.code, language, fault.params);
  const code = faultCode ?? ((entry.httpStatus ?? 400) >= 500 ? 'Server' : 'Client');
  return entry.kind === 'authentication'
    ? { faultCode: code, faultString: message, detail: { element: 'authenticationFault', errorCode: fault.code, errorMessage: message } }
    : { faultCode: code, faultString: message, detail: { element: 'faults', faultCode: fault.code, message } };
}

/** A storeOrders data error (REST reports it inside the result) as a `faults` fault. */
export function soapFaultOfData(fault: DataFault): SoapFault {
  return {
    faultCode: 'Client',
    faultString: fault.message,
    detail: { element: 'faults', faultCode: fault.faultCode, message: fault.message },
  };
}

/**
 * The whole fault message: envelope, soap:Fault, detail. SOAP 1.1 §4.4: the detail is for errors in
 * processing the Body and "MUST NOT be used to carry information about error information belonging
 * to header entries" — so MustUnderstand and VersionMismatch faults (a header entry, the envelope)
 * have none; their faultstring says what went wrong.
 */
export function writeFault(fault: SoapFault, namespaces: FaultNamespaces): string {
  const { element, ...content } = fault.detail;
  const bodyFault = fault.faultCode === 'Client' || fault.faultCode === 'Server';
  const detail = !bodyFault
    ? ''
    : element === 'faults'
      ? writeWrapperElement('faults', namespaces.service, namespaces.faults ?? FaultEntry, content)
      : writeWrapperElement('authenticationFault', namespaces.authentication, AuthenticationFault, content);
  return writeSoapEnvelope(
    `<soap:Fault><faultcode>soap:${fault.faultCode}</faultcode><faultstring>${escapeText(fault.faultString)}</faultstring>` +
      (bodyFault ? `<detail>${detail}</detail>` : '') +
      '</soap:Fault>',
  );
}
