// The addresses a newcomer needs first — the console, the API reference, the OpenAPI document and the
// WSDL of every service this environment serves — for the landing page at `/` and the demo account's
// start message. One list, so that the two never disagree.
import { serviceList } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { isServedIn } from '../../bindings/http/served-in.ts';
import { API_REFERENCE_PATHS } from '../../bindings/rest/api-reference.ts';
import { OPENAPI_PATHS } from '../../bindings/rest/openapi-routes.ts';
import { wsdlPath } from '../../bindings/soap/wsdl.ts';
import { CONSOLE_PATH } from './console-routes.ts';

/** One address: what it is, and its path on this server (starting with `/`). */
export interface ServiceLink {
  readonly title: string;
  readonly path: string;
}

/** The service's addresses, grouped as the landing page shows them. */
export interface ServiceLinks {
  /** The web console (/console). */
  readonly console: ServiceLink;
  /** The API reference page (/docs), rendering the OpenAPI document. */
  readonly apiReference: ServiceLink;
  /** The REST binding's OpenAPI 3.1 document, as JSON and as YAML. */
  readonly openApi: { readonly json: ServiceLink; readonly yaml: ServiceLink };
  /** Every served service's WSDL, titled `<Service> <Version>`. */
  readonly wsdls: readonly ServiceLink[];
}

export function serviceLinks(environment: Environment): ServiceLinks {
  return Object.freeze({
    console: { title: 'Console', path: CONSOLE_PATH },
    apiReference: { title: 'API reference', path: API_REFERENCE_PATHS.page },
    openApi: Object.freeze({
      json: { title: 'OpenAPI document (JSON)', path: OPENAPI_PATHS.json },
      yaml: { title: 'OpenAPI document (YAML)', path: OPENAPI_PATHS.yaml },
    }),
    wsdls: Object.freeze(
      serviceList
        .filter((service) => isServedIn(service, environment))
        .map((service) => ({ title: `${service.name} ${service.version}`, path: wsdlPath(service) })),
    ),
  });
}
