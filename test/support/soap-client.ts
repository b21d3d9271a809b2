// Calls the SOAP binding of a test app, in process (inject) or over a real socket (fetch).
import type { LightMyRequestResponse } from 'fastify';
import type { ServiceContract } from '../../src/contract/operation-table.ts';
import { endpointPath } from '../../src/bindings/soap/wsdl.ts';
import type { TestApp } from './app.ts';
import { operationNamed } from './soap-request.ts';

export const SOAP_CONTENT_TYPE = 'text/xml; charset=utf-8';

/** The endpoint of the service an operation belongs to. */
export function endpointOf(operationName: string | ServiceContract): string {
  return endpointPath(typeof operationName === 'string' ? operationNamed(operationName).service : operationName);
}

/** POSTs `xml` to `path` of the app in process. */
export function injectSoap(
  t: TestApp,
  path: string,
  xml: string | Buffer,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: path, headers: { 'content-type': SOAP_CONTENT_TYPE, ...headers }, payload: xml });
}

/** POSTs `xml` to `origin` + `path` over HTTP; returns status and text. */
export async function fetchSoap(origin: string, path: string, xml: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': SOAP_CONTENT_TYPE, soapaction: '""' },
    body: xml,
  });
  return { status: response.status, text: await response.text() };
}
