// Generates the WSDL 1.1 of a service from the contract (docs/decisions.md "SOAP"; spec "SOAP binding"): the
// schemas of the service namespace and of {auth_ns}, a message per input and output, the fault
// messages `faults` and `authenticationFault`, the port type, a SOAP 1.1 document/literal binding
// with the `authentication` header on every authenticated operation, and the service address.
import type { OperationContract, ServiceContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { servedOperationsOf } from '../http/served-in.ts';
import { Authentication } from '../../contract/authentication.ts';
import { AuthenticationFault } from '../../contract/authentication.ts';
import { FaultEntry } from '../../contract/shipment-service/shipment-results.ts';
import { ORIGIN_MARK, originDocument, type OriginAnswer } from '../http/origin-document.ts';
import type { Namespaces } from './namespaces.ts';
import { el, writeDocument, type Markup } from '../../xml/xml-markup.ts';
import { schemaMarkup, type SchemaElement } from './xsd.ts';

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
const WSDL_SOAP_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
const SOAP_HTTP_TRANSPORT = 'http://schemas.xmlsoap.org/soap/http';

const GENERATED = 'Generated from the contract (src/contract) by src/bindings/soap/wsdl.ts. Do not edit.';

/** The path of a service's SOAP endpoint (docs/decisions.md "SOAP"). */
export function endpointPath(service: ServiceContract): string {
  return `/soap/services/${service.name}/${service.version}`;
}

/** The path of a service's WSDL file (soap-paths.ts also takes it under /PublicApi/WSDL/). */
export function wsdlPath(service: ServiceContract): string {
  return `/soap/WSDL/${service.wsdlName}`;
}

const bindingName = (service: ServiceContract) => `${service.portType}Binding`;

function schemas(service: ServiceContract, namespaces: Namespaces, operations: readonly OperationContract[]): Markup[] {
  const serviceElements: SchemaElement[] = [
    ...operations.map((operation) => ({ name: operation.name, type: operation.request })),
    ...operations.map((operation) => ({ name: operation.responseElement, type: operation.response })),
    { name: 'faults', type: service.faults ?? FaultEntry },
  ];
  const authElements: SchemaElement[] = [
    ...(service.authenticated ? [{ name: 'authentication', type: Authentication }] : []),
    { name: 'authenticationFault', type: AuthenticationFault },
  ];
  return [schemaMarkup(namespaces.authentication, 'auth', authElements), schemaMarkup(namespaces.service(service), 'tns', serviceElements)];
}

function messages(service: ServiceContract, operations: readonly OperationContract[]): Markup[] {
  const out: Markup[] = [];
  for (const operation of operations) {
    out.push(
      el('wsdl:message', { name: operation.name }, [
        el('wsdl:part', { name: 'parameters', element: `tns:${operation.name}` }),
        ...(service.authenticated ? [el('wsdl:part', { name: 'authentication', element: 'auth:authentication' })] : []),
      ]),
    );
    out.push(
      el('wsdl:message', { name: `${operation.name}Response` }, [
        el('wsdl:part', { name: 'parameters', element: `tns:${operation.responseElement}` }),
      ]),
    );
  }
  out.push(el('wsdl:message', { name: 'faults' }, [el('wsdl:part', { name: 'fault', element: 'tns:faults' })]));
  out.push(el('wsdl:message', { name: 'authenticationFault' }, [el('wsdl:part', { name: 'fault', element: 'auth:authenticationFault' })]));
  return out;
}

const FAULTS = ['faults', 'authenticationFault'] as const;

function portTypeOperation(operation: OperationContract): Markup {
  return el('wsdl:operation', { name: operation.name }, [
    el('wsdl:input', { name: operation.name, message: `tns:${operation.name}` }),
    el('wsdl:output', { name: `${operation.name}Response`, message: `tns:${operation.name}Response` }),
    ...FAULTS.map((fault) => el('wsdl:fault', { name: fault, message: `tns:${fault}` })),
  ]);
}

function bindingOperation(operation: OperationContract, namespace: string): Markup {
  const input = operation.service.authenticated
    ? [
        el('soap:header', { message: `tns:${operation.name}`, part: 'authentication', use: 'literal' }),
        el('soap:body', { parts: 'parameters', use: 'literal' }),
      ]
    : [el('soap:body', { use: 'literal' })];
  return el('wsdl:operation', { name: operation.name }, [
    el('soap:operation', { soapAction: `${namespace}/${operation.name}`, style: 'document' }),
    el('wsdl:input', { name: operation.name }, input),
    el('wsdl:output', { name: `${operation.name}Response` }, [el('soap:body', { use: 'literal' })]),
    ...FAULTS.map((fault) => el('wsdl:fault', { name: fault }, [el('soap:fault', { name: fault, use: 'literal' })])),
  ]);
}

/**
 * The WSDL of `service` whose `soap:address` is `origin` (`http://host:port`, from the request that
 * fetched it) plus the endpoint path, so WSDL-driven clients call back the server they read it from.
 */
export function writeWsdl(service: ServiceContract, namespaces: Namespaces, origin: string, environment: Environment = 'stage'): string {
  const namespace = namespaces.service(service);
  const operations = servedOperationsOf(service, environment);
  const definitions = el(
    'wsdl:definitions',
    {
      'xmlns:wsdl': WSDL_NS,
      'xmlns:soap': WSDL_SOAP_NS,
      'xmlns:xs': 'http://www.w3.org/2001/XMLSchema',
      'xmlns:tns': namespace,
      'xmlns:auth': namespaces.authentication,
      name: service.wsdlName.replace(/\.wsdl$/i, ''),
      targetNamespace: namespace,
    },
    [
      el('wsdl:types', {}, schemas(service, namespaces, operations)),
      ...messages(service, operations),
      el('wsdl:portType', { name: service.portType }, operations.map(portTypeOperation)),
      el('wsdl:binding', { name: bindingName(service), type: `tns:${service.portType}` }, [
        el('soap:binding', { style: 'document', transport: SOAP_HTTP_TRANSPORT }),
        ...operations.map((operation) => bindingOperation(operation, namespace)),
      ]),
      el('wsdl:service', { name: service.name }, [
        el('wsdl:port', { name: `${service.portType}Port`, binding: `tns:${bindingName(service)}` }, [
          el('soap:address', { location: `${origin}${endpointPath(service)}` }),
        ]),
      ]),
    ],
  );
  return writeDocument(definitions, GENERATED);
}

/**
 * writeWsdl of `service`, written once and completed with each request's origin, its bytes shared by
 * every origin (origin-document.ts): the document is ~60 KB and cost ~1 ms of the event loop to write, on
 * every GET, without authentication. `origin` must be XML-safe as it is (the binding passes
 * `http://host[:port]` of a checked host, or PUBLIC_URL, checked at boot).
 */
export function wsdlWriter(
  service: ServiceContract,
  namespaces: Namespaces,
  environment: Environment = 'stage',
): (origin: string) => OriginAnswer {
  return originDocument(writeWsdl(service, namespaces, ORIGIN_MARK, environment), `the WSDL of ${service.name}`);
}
