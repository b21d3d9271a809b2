// The origin (`scheme://host[:port]`) a request reached, written into the documents the server hands out
// (the WSDL's soap:address, the OpenAPI document's server) so that clients call back the server they
// read them from.
import type { FastifyRequest } from 'fastify';

/**
 * A Host header we can write back as it is: an RFC 3986 reg-name of unreserved characters (letters,
 * digits, `-._~`: Docker Compose names services `parcel_service`) or an IP literal, and a port.
 * Nothing in it needs escaping in XML, JSON or YAML.
 */
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * `http://host:port` of the request. Without a usable Host (HTTP/1.0 has none), the address and port
 * the connection reached: `localhost` alone would send clients to port 80.
 */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${HOST.test(request.host) ? request.host : localAddressOf(request)}`;
}

function localAddressOf(request: FastifyRequest): string {
  // Fastify's type promises a socket; light-my-request's injected requests may lack its addresses.
  const socket = request.socket as Partial<Pick<typeof request.socket, 'localAddress' | 'localPort'>> | undefined;
  const { localAddress, localPort } = socket ?? {};
  if (localAddress === undefined || localPort === undefined) return 'localhost';
  return `${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}
