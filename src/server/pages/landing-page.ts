// The landing page at `/`: what this service is, which environment it serves, and links to the
// console, the API reference, the OpenAPI document and every WSDL, where a newcomer's browser lands
// first; and the icon at /favicon.ico. Plain HTML under the console's Content-Security-Policy (no
// script, no style); the links are relative, so they hold behind a proxy that serves it under a prefix.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '../../domain/core/environment.ts';
import { endpointPath } from '../../bindings/soap/wsdl.ts';
import { otherMethodsRoute, type Refusal } from '../../bindings/http/unrouted.ts';
import { serviceList } from '../../contract/operation-table.ts';
import { PAGE_HEADERS } from './console-routes.ts';
import { faviconIco } from './favicon.ts';
import { serviceLinks, type ServiceLink } from './service-links.ts';

export const LANDING_PATH = '/';
export const FAVICON_PATH = '/favicon.ico';
/** The methods the page and the icon take; the others are refused 405 (bindings/http/unrouted.ts). */
export const LANDING_METHODS: readonly string[] = ['GET', 'HEAD'];

/** What each environment is, in a sentence. */
const ENVIRONMENT_TEXT: Readonly<Record<Environment, string>> = {
  stage:
    'the test environment: parcel numbers from a range of their own, receiver notifications captured rather than sent, every call kept for the console’s Requests page, and SandboxService to move an account’s clock and parcels. A first start makes a demo account and prints its login in the service’s output.',
  live: 'the production environment: its accounts are the operator’s, receiver notifications are sent, and SandboxService is not served.',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A link relative to the page at `/` (`console`, `soap/WSDL/…`), so that a path prefix in front of it is kept. */
const item = (link: ServiceLink, after = '') =>
  `<li><a href="${escapeHtml(link.path.slice(1))}">${escapeHtml(link.title)}</a>${after}</li>`;

/** The page for `environment`. */
export function landingPage(environment: Environment): string {
  const links = serviceLinks(environment);
  const endpoints = new Map(serviceList.map((service) => [`${service.name} ${service.version}`, endpointPath(service)]));
  return [
    '<!doctype html>',
    `<html lang="en" data-environment="${environment}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Parcel shipment service (${environment})</title>`,
    '</head>',
    '<body>',
    '<header>',
    '<h1>Parcel shipment service</h1>',
    `<p>Environment: <strong>${environment}</strong>, ${escapeHtml(ENVIRONMENT_TEXT[environment])}</p>`,
    '</header>',
    '<main>',
    '<p>A self-hostable implementation of the carrier’s Shipment Service V3.5 and its companion services (login, parcel-shop finder, parcel life cycle) over REST JSON and SOAP 1.1.</p>',
    '<h2>Start here</h2>',
    '<ul>',
    item(links.console, ': your account’s parcels, labels, receiver notifications and, on stage, its calls and the sandbox.'),
    item(links.apiReference, ': every REST operation with its request, its answer and an example.'),
    '</ul>',
    '<h2>OpenAPI document</h2>',
    '<ul>',
    item(links.openApi.json),
    item(links.openApi.yaml),
    '</ul>',
    '<h2>WSDLs</h2>',
    '<ul>',
    ...links.wsdls.map((link) => item(link, `, endpoint <code>${escapeHtml(endpoints.get(link.title) ?? '')}</code>`)),
    '</ul>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export interface LandingPageOptions {
  readonly environment: Environment;
  /** The app's answer to a request no route takes (bindings/http/unrouted.ts). */
  readonly refuse: Refusal;
}

/** Registers GET and HEAD `/` and /favicon.ico, and refuses every other method there. */
export function registerLandingPage(app: FastifyInstance, options: LandingPageOptions): void {
  const page = landingPage(options.environment);
  const icon = faviconIco();
  app.route({
    method: [...LANDING_METHODS],
    url: LANDING_PATH,
    handler: async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(page),
  });
  app.route({
    method: [...LANDING_METHODS],
    url: FAVICON_PATH,
    // The same bytes for as long as the build runs: a browser need not ask again on every page.
    handler: async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(icon),
  });
  for (const url of [LANDING_PATH, FAVICON_PATH]) app.route(otherMethodsRoute(app.supportedMethods, LANDING_METHODS, url, options.refuse));
}
