// The XML namespaces of the SOAP binding (docs/decisions.md "SOAP"): every service's target namespace hangs
// under one configurable base, beside the authentication types and SOAP 1.1's own.
import type { ServiceContract } from '../../contract/operation-table.ts';

/** SOAP 1.1 envelope namespace (SOAP 1.1 §4.1). */
export const SOAP_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** SOAP 1.2 envelope namespace: recognised only to answer with a VersionMismatch fault. */
export const SOAP12_ENVELOPE_NS = 'http://www.w3.org/2003/05/soap-envelope';

/** XML Schema instance namespace (`xsi:nil`). */
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

/** Namespace of the authentication types, `{auth_ns}` (spec "Versioning" 2). */
export const AUTHENTICATION_NAMESPACE = 'Authentication/2.0';

/** The namespaces one server answers in, derived from the configured base. */
export interface Namespaces {
  /** `{auth_ns}`: `<base>/Authentication/2.0`. */
  readonly authentication: string;
  /** A service's target namespace: `<base>/<namespace suffix>` (`{shipment_ns}` for ShipmentService). */
  service(service: ServiceContract): string;
}

/** The namespaces under `base` (SOAP_NAMESPACE_BASE, without a trailing slash). */
export function createNamespaces(base: string): Namespaces {
  const root = base.replace(/\/+$/, '');
  return Object.freeze({
    authentication: `${root}/${AUTHENTICATION_NAMESPACE}`,
    service: (service: ServiceContract) => `${root}/${service.namespace}`,
  });
}
