// The HTTP server of a configured service: its timeouts, connection cap and body limit from the
// configuration, its shutdown answers in the bindings' shapes, and a warning when the cap is reached.
import type { FastifyBaseLogger } from 'fastify';
import { createNamespaces } from '../../bindings/soap/namespaces.ts';
import type { Config } from '../config/config.ts';
import { createServiceHttpServer, type ServiceHttpServer } from './http-server.ts';
import { createShutdownAnswer } from './shutdown-answer.ts';

/** How often at most the log says that the connection cap closed connections. */
const CAP_WARNING_INTERVAL_MS = 10_000;

export function createConfiguredHttpServer(
  config: Config,
  hooks: { readonly countResponse?: (statusCode: number) => void; readonly log: () => FastifyBaseLogger },
): ServiceHttpServer {
  let closed = { older: 0, new: 0 };
  let warnedAt = -Infinity;
  return createServiceHttpServer({
    headersTimeoutMs: config.headersTimeoutSeconds * 1000,
    requestTimeoutMs: config.requestTimeoutSeconds * 1000,
    writeTimeoutMs: config.writeTimeoutSeconds * 1000,
    maxConnections: config.maxConnections,
    bodyLimit: config.bodyLimit,
    shutdownAnswer: createShutdownAnswer(createNamespaces(config.soapNamespaceBase), config.environment),
    onAnswer: hooks.countResponse,
    onCapReached: (which) => {
      closed[which] += 1;
      const now = performance.now();
      if (now - warnedAt < CAP_WARNING_INTERVAL_MS) return;
      warnedAt = now;
      hooks
        .log()
        .warn(
          { maxConnections: config.maxConnections, closedOlder: closed.older, refusedNew: closed.new },
          'connection cap reached: idle and slow connections closed to make room (MAX_CONNECTIONS)',
        );
      closed = { older: 0, new: 0 };
    },
  });
}
