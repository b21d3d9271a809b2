// The API reference page at GET /docs: Swagger UI (the npm package swagger-ui-dist, served from
// node_modules, never from a CDN) rendering the served OpenAPI document.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { otherMethodsRoute, type Refusal } from '../http/unrouted.ts';

/** The page and its files, each taking GET and HEAD (bindings/http/unrouted.ts refuses the other methods). */
export const API_REFERENCE_PATHS = Object.freeze({
  page: '/docs',
  script: '/docs/swagger-ui-bundle.js',
  style: '/docs/swagger-ui.css',
  start: '/docs/start.js',
});

/** The page: Swagger UI's files and the script that starts it, all from this server (no inline script). */
const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Parcel Shipment Service: REST API reference</title>
    <link rel="stylesheet" href="${API_REFERENCE_PATHS.style}">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_REFERENCE_PATHS.script}"></script>
    <script src="${API_REFERENCE_PATHS.start}"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the document of the server the page came from. */
const START = `window.ui = SwaggerUIBundle({ url: '/rest/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/**
 * What the page may load and do: its own scripts, styles and images (Swagger UI's icons are inline
 * data), calls to this origin (the document, "Try it out"); no inline script or style, and no frame
 * may embed it (clickjacking: frame-ancestors, and X-Frame-Options for browsers without CSP 2).
 */
export const API_REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = Object.freeze({
  'content-security-policy': API_REFERENCE_CSP,
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
});

/** A file of swagger-ui-dist, read on first use: the script is 1.7 MB that most processes never serve. */
function packageFile(name: string): () => Buffer {
  let content: Buffer | undefined;
  return () => {
    if (content === undefined) {
      const directory = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
      content = readFileSync(join(directory, name));
    }
    return content;
  };
}

/** A text as the one Buffer every answer sends (answers held unread then share it: issue 28). */
function bytesOf(text: string): () => Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return () => bytes;
}

/** Registers the page and its files, each served from one Buffer. */
export function serveApiReference(app: FastifyInstance, refuse: Refusal): void {
  const files = [
    { path: API_REFERENCE_PATHS.page, type: 'text/html; charset=utf-8', body: bytesOf(PAGE) },
    { path: API_REFERENCE_PATHS.start, type: 'text/javascript; charset=utf-8', body: bytesOf(START) },
    { path: API_REFERENCE_PATHS.script, type: 'text/javascript; charset=utf-8', body: packageFile('swagger-ui-bundle.js') },
    { path: API_REFERENCE_PATHS.style, type: 'text/css; charset=utf-8', body: packageFile('swagger-ui.css') },
  ];
  for (const { path, type, body } of files) {
    app.get(path, (_request, reply) => reply.type(type).headers(PAGE_HEADERS).send(body()));
    app.route(otherMethodsRoute(app.supportedMethods, ['GET', 'HEAD'], path, refuse));
  }
}
