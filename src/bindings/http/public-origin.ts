// The address the service writes into what it serves for clients to call back (the WSDLs'
// soap:address): PUBLIC_URL when the operator sets it — the only way to say https, or a name or path
// a proxy adds — and otherwise what the request reached. The Host header is taken only when it
// names this machine: a loopback name or address (a port forward to a laptop or a container), or
// the very address the connection reached. Any other Host would let whoever sends the request
// choose where the document tells clients to send their credentials.
import type { FastifyRequest } from 'fastify';

/** A Host header of a plain name or an IP literal and a port: nothing in it needs escaping in XML or a URL. */
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The host part of a Host header (an IPv6 literal keeps its brackets). */
const hostPart = (host: string) => (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]);

/** The address and port the connection reached, as a URL authority (an IPv4-mapped address as IPv4). */
function localAuthority(request: FastifyRequest): string | undefined {
  // A request injected in tests has no socket.
  const socket = request.socket as FastifyRequest['socket'] | undefined;
  const localAddress = socket?.localAddress;
  const localPort = socket?.localPort;
  if (localAddress === undefined || localPort === undefined) return undefined;
  const address = localAddress.replace(/^::ffff:(?=\d+\.)/i, '');
  return `${address.includes(':') ? `[${address}]` : address}:${localPort}`;
}

/** Whether the Host header names this machine: a loopback name or address, or the address the connection reached. */
function namesThisMachine(host: string, local: string | undefined): boolean {
  const name = hostPart(host);
  return LOOPBACK.test(name) || (local !== undefined && name.toLowerCase() === hostPart(local).toLowerCase());
}

/**
 * How the origin of a request's documents is found: `publicUrl` (PUBLIC_URL, scheme, host, port and
 * any path prefix, without a trailing slash) when set; else `http://` and the Host header when it
 * names this machine, else the address and port the connection reached.
 */
export function createOriginOf(publicUrl: string | undefined): (request: FastifyRequest) => string {
  if (publicUrl !== undefined) return () => publicUrl;
  return (request) => {
    const local = localAuthority(request);
    const host = request.host;
    if (HOST.test(host) && namesThisMachine(host, local)) return `http://${host}`;
    return `http://${local ?? 'localhost'}`;
  };
}
