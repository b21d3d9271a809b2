// An injected fault's dropConnection (SandboxService injectFault), for both bindings: the connection is
// closed with no answer, as when a server or the network between dies mid-call.
import type { FastifyReply } from 'fastify';

/** Closes the connection without an answer; the reply is hijacked, so Fastify sends nothing either. */
export function dropConnection(reply: FastifyReply): FastifyReply {
  reply.hijack();
  reply.raw.destroy();
  return reply;
}
