// The answer to a request that arrives while the server shuts down: 503 `ERR_SHUTTING_DOWN` with
// `Connection: close`, in the shape of the binding its URL belongs to — a REST fault with the
// operation's result keys set to null, or a SOAP fault in the service's namespace (503 rather than
// SOAP's usual 500: the request was not processed, and a load balancer or client retries on 503).
import { ShipmentServiceContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { faultResponse } from '../../bindings/rest/rest-faults.ts';
import { restOperations, resultKeysOf } from '../../bindings/rest/rest-paths.ts';
import { faultNamespacesOf, soapFaultOf, writeFault } from '../../bindings/soap/soap-faults.ts';
import type { Namespaces } from '../../bindings/soap/namespaces.ts';
import { isSoapUrl, resolveSoapUrl } from '../../bindings/soap/soap-paths.ts';

/** A whole answer, ready to be written. */
export interface ShutdownAnswer {
  readonly statusCode: 503;
  readonly contentType: string;
  readonly body: string;
}

const FAULT = { code: 'ERR_SHUTTING_DOWN' } as const;

/**
 * The answer for each URL, by binding: REST keys as the REST routes set them, SOAP in `namespaces`; a
 * service `environment` does not serve (SandboxService on live) answers as a URL that names nothing.
 */
export function createShutdownAnswer(namespaces: Namespaces, environment: Environment): (url: string) => ShutdownAnswer {
  const resultKeys = new Map([...restOperations(environment)].map(([path, operation]) => [path, resultKeysOf(operation)]));
  return (url) => {
    if (isSoapUrl(url)) {
      const target = resolveSoapUrl(url, environment);
      const service = target.kind === 'unknown' ? ShipmentServiceContract : target.service;
      const fault = soapFaultOf(FAULT, 'en_US', 'Server');
      return {
        statusCode: 503,
        contentType: 'text/xml; charset=utf-8',
        body: writeFault(fault, faultNamespacesOf(namespaces, service)),
      };
    }
    const { body } = faultResponse(FAULT, 'en_US', resultKeys.get(url.split('?')[0]) ?? ['result']);
    return { statusCode: 503, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) };
  };
}
