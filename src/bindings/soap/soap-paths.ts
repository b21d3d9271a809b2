// Which service a SOAP URL names (docs/decisions.md "SOAP"): endpoints under /soap/services/, /services/,
// /PublicApi/services/ and /PublicApi/soap/services/ (the carrier's own paths, which deployed clients
// call), WSDL files under /soap/WSDL/ and /PublicApi/WSDL/; case-insensitive, optional trailing slash. A service the
// environment does not serve (SandboxService on live) is named by no URL.
import { serviceList, type ServiceContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { isServedIn } from '../http/served-in.ts';

/** What a SOAP URL asks for. */
export type SoapTarget =
  | { readonly kind: 'endpoint'; readonly service: ServiceContract; readonly wsdl: boolean }
  | { readonly kind: 'wsdl'; readonly service: ServiceContract }
  | { readonly kind: 'unknown' };

/** The methods each kind of SOAP URL takes (its `Allow`, RFC 9110 §10.2.1). */
const ENDPOINT_METHODS: readonly string[] = Object.freeze(['POST']);
const ENDPOINT_WSDL_METHODS: readonly string[] = Object.freeze(['GET', 'HEAD', 'POST']);
const WSDL_FILE_METHODS: readonly string[] = Object.freeze(['GET', 'HEAD']);
const NO_METHODS: readonly string[] = Object.freeze([]);

/** The first path segments under which SOAP URLs live, lower case. */
export const SOAP_PREFIXES: readonly string[] = Object.freeze(['soap', 'services', 'publicapi']);

const UNDER_SOAP_PREFIX = new RegExp(`^/(?:${SOAP_PREFIXES.join('|')})/`, 'i');

/** Whether `url` lies under a SOAP prefix (`/<prefix>/…`, any case): the URLs the SOAP plugin's routes take. */
export function isSoapUrl(url: string): boolean {
  return UNDER_SOAP_PREFIX.test(url);
}

const ENDPOINT = /^\/(?:soap\/|publicapi\/(?:soap\/)?)?services\/([^/]+)\/([^/]+)\/?$/i;
const WSDL_FILE = /^\/(?:soap|publicapi)\/wsdl\/([^/]+)\/?$/i;
const WSDL_QUERY = /^wsdl(=|&|$)/i;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Answers for the URLs seen lately: clients call the same few endpoints over and over. */
const resolved = new Map<string, SoapTarget>();
const RESOLVED_MAX = 64;

/** Resolves `url` (path and query) to an endpoint or a WSDL file of a service `environment` serves, or nothing. */
export function resolveSoapUrl(url: string, environment: Environment): SoapTarget {
  let target = resolved.get(url);
  if (target === undefined) {
    target = Object.freeze(resolve(url));
    // Bounded whatever URLs are sent: the oldest answer makes room.
    if (resolved.size >= RESOLVED_MAX) {
      const oldest = resolved.keys().next();
      if (oldest.done !== true) resolved.delete(oldest.value);
    }
    resolved.set(url, target);
  }
  return target.kind === 'unknown' || isServedIn(target.service, environment) ? target : UNKNOWN;
}

const UNKNOWN: SoapTarget = Object.freeze({ kind: 'unknown' });

function resolve(url: string): SoapTarget {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const endpoint = ENDPOINT.exec(path);
  if (endpoint !== null) {
    const [name, version] = [safeDecode(endpoint[1]), safeDecode(endpoint[2])];
    const service = serviceList.find((s) => same(s.name, name) && same(s.version, version));
    if (service !== undefined) return { kind: 'endpoint', service, wsdl: WSDL_QUERY.test(query) };
  }
  const file = WSDL_FILE.exec(path);
  if (file !== null) {
    const service = serviceList.find((s) => same(s.wsdlName, safeDecode(file[1])));
    if (service !== undefined) return { kind: 'wsdl', service };
  }
  return { kind: 'unknown' };
}

/**
 * The methods `target` takes: POST at an endpoint (GET and HEAD too with `?wsdl`, which serves the
 * WSDL), GET and HEAD at a WSDL file, none at a URL that names nothing.
 */
export function methodsOf(target: SoapTarget): readonly string[] {
  switch (target.kind) {
    case 'endpoint':
      return target.wsdl ? ENDPOINT_WSDL_METHODS : ENDPOINT_METHODS;
    case 'wsdl':
      return WSDL_FILE_METHODS;
    case 'unknown':
      return NO_METHODS;
  }
}
