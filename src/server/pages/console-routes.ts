// Serves the web console (docs/decisions.md "Console") at /console: one HTML page naming its script
// and style, and the built files under /console/assets/. The page may run its own files only (a
// strict Content-Security-Policy: no inline script or style, no other origin); everything it shows it
// gets from the same operations, with the same authentication, as any client. Its source maps are
// served on stage only.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '../../domain/core/environment.ts';
import { otherMethodsRoute, type Refusal } from '../../bindings/http/unrouted.ts';
import { readConsoleAssets, type ConsoleAssets } from './console-assets.ts';

export const CONSOLE_PATH = '/console';
export const CONSOLE_METHODS: readonly string[] = ['GET', 'HEAD'];
const ASSETS_PATH = `${CONSOLE_PATH}/assets/`;

/**
 * What the console's page may load and do: its own scripts and styles (WebAssembly for the ZPL
 * preview, compiled from its own file), images of its own, inline data and blobs (label previews),
 * calls to this origin, a label PDF shown from a blob; no frame may embed it.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  'object-src blob:',
  'frame-src blob:',
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of the console's page and files, and of the landing page (landing-page.ts). */
export const PAGE_HEADERS = Object.freeze({
  'content-security-policy': CONSOLE_CSP,
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
});

/**
 * The console's page: the environment and the service's time zone (in which the console shows every
 * time) on <html>, the built script and style by their hashed names.
 */
export function consolePage(assets: ConsoleAssets, environment: Environment, timeZone: string): string {
  return [
    '<!doctype html>',
    `<html lang="en" data-environment="${environment}" data-time-zone="${escapeAttribute(timeZone)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Parcel service console</title>',
    `<link rel="stylesheet" href="${ASSETS_PATH}${assets.style}">`,
    `<script type="module" src="${ASSETS_PATH}${assets.script}"></script>`,
    '</head>',
    '<body>',
    '<div id="console"></div>',
    '<noscript><p>The console needs JavaScript. / De console heeft JavaScript nodig.</p></noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** `text` safe inside a double-quoted HTML attribute (a time zone name has none of these; config only checks Intl takes it). */
function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export interface ConsoleRouteOptions {
  readonly environment: Environment;
  /** The service's IANA time zone (SERVICE_TIME_ZONE): the console shows and reads every time in it. */
  readonly timeZone: string;
  /** Where the built console is (console-assets.ts consoleDirectory). */
  readonly directory: string;
  /** The app's answer to a request no route takes (bindings/http/unrouted.ts). */
  readonly refuse: Refusal;
}

/** Registers GET and HEAD /console and /console/assets/*, and refuses every other method there. */
export function registerConsole(app: FastifyInstance, options: ConsoleRouteOptions): void {
  let assets: ConsoleAssets | undefined;
  const built = () => (assets ??= readConsoleAssets(options.directory, { sourceMaps: options.environment === 'stage' }));

  const page = async (_request: FastifyRequest, reply: FastifyReply) => {
    const current = built();
    reply.headers(PAGE_HEADERS);
    if (current === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console has not been built: run `npm run build` (npm start builds it).\n');
    }
    return reply.type('text/html; charset=utf-8').send(consolePage(current, options.environment, options.timeZone));
  };
  const file = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const path = request.params['*'];
    const type = built()?.files.get(path);
    if (assets === undefined || type === undefined) return options.refuse(request, reply);
    // Content-hashed names (scripts/build.mjs): a file under one name never changes.
    return reply
      .headers(PAGE_HEADERS)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(type)
      .send(createReadStream(join(assets.directory, path)));
  };
  for (const url of [CONSOLE_PATH, `${CONSOLE_PATH}/`]) {
    app.route({ method: [...CONSOLE_METHODS], url, handler: page });
    app.route(otherMethodsRoute(app.supportedMethods, CONSOLE_METHODS, url, options.refuse));
  }
  app.route({ method: [...CONSOLE_METHODS], url: `${ASSETS_PATH}*`, handler: file });
}
