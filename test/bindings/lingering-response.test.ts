// An answer sent before its request's body has all arrived (bindings/http/lingering-response.ts), over
// a bare node:http server and real sockets: it says Connection: close; the rest of the body is read and
// dropped and the connection then ends cleanly (the client reads the answer and an end, never a reset);
// past the byte bound or the time bound the connection is closed.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { closeAfterAnswer, type LingerBounds } from '../../src/bindings/http/lingering-response.ts';

/** How a server's connection ended: the bytes it had read, and the milliseconds from its request to its close. */
interface ServerClose {
  readonly bytes: number;
  readonly ms: number;
}

/** A server refusing every request at once, with `bounds`; it tells how its (one) connection closed. */
async function refusingServer(bounds: LingerBounds): Promise<{ server: Server; port: number; closed: Promise<ServerClose> }> {
  let closed: (close: ServerClose) => void = () => {};
  const closing = new Promise<ServerClose>((resolve) => (closed = resolve));
  const server = createServer((request, response) => {
    const started = performance.now();
    request.socket.once('close', () => closed({ bytes: request.socket.bytesRead, ms: performance.now() - started }));
    closeAfterAnswer(request, response, bounds);
    response.writeHead(413, { 'content-type': 'text/plain', 'content-length': 7 });
    response.end('refused');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, closed: closing };
}

/**
 * A client connection that keeps sending after the server's end (half-open, as RFC 9112 §9.6 has the
 * server expect): what it received, whether it saw the server's end, and its error if it saw one.
 */
interface Client {
  readonly socket: Socket;
  received: string;
  ended: boolean;
  error?: string;
}

async function client(port: number, declaredBytes: number): Promise<Client> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const state: Client = { socket, received: '', ended: false };
  socket.on('data', (chunk: Buffer) => (state.received += chunk.toString('latin1')));
  socket.on('end', () => (state.ended = true));
  socket.on('error', (error: NodeJS.ErrnoException) => (state.error ??= error.code));
  await once(socket, 'connect');
  socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${declaredBytes}\r\n\r\n`);
  return state;
}

/** Resolves once `state` has received the whole answer (its body, `refused`, is last). */
async function answered(state: Client): Promise<void> {
  while (!state.received.endsWith('refused')) await once(state.socket, 'data');
}

const BOUNDS: LingerBounds = { maxBytes: 1024 * 1024, maxMs: 60_000 };

describe('an answer sent before the body has all arrived', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('says Connection: close, reads the rest of the body, then closes the connection without a reset', async () => {
    const refusing = await refusingServer(BOUNDS);
    server = refusing.server;
    const total = 900 * 1024;
    const sending = await client(refusing.port, total);
    sending.socket.write(Buffer.alloc(1000, 'x'));
    await answered(sending);
    assert.match(sending.received, /^HTTP\/1\.1 413 /);
    assert.match(sending.received, /\r\nConnection: close\r\n/i);
    sending.socket.write(Buffer.alloc(total - 1000, 'x'));
    const { bytes } = await refusing.closed;
    const headerBytes = `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${total}\r\n\r\n`.length;
    assert.equal(bytes, headerBytes + total, 'the whole body was read');
    if (!sending.ended) await once(sending.socket, 'end');
    sending.socket.end();
    await once(sending.socket, 'close');
    assert.equal(sending.error, undefined, 'no reset');
    assert.equal(sending.received.match(/HTTP\/1\.1 /g)?.length, 1);
  });

  it('closes the connection once more than the byte bound has been read', async () => {
    const refusing = await refusingServer(BOUNDS);
    server = refusing.server;
    const total = 16 * 1024 * 1024;
    const sending = await client(refusing.port, total);
    sending.socket.write(Buffer.alloc(1000, 'x'));
    await answered(sending);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let serverClosed = false;
    void refusing.closed.then(() => (serverClosed = true));
    for (let sent = 1000; sent < total && !serverClosed && !sending.socket.destroyed; sent += chunk.length) {
      // An error (the server's reset) ends the wait as the server's close does.
      if (!sending.socket.write(chunk)) await Promise.race([once(sending.socket, 'drain').catch(() => {}), refusing.closed]);
    }
    const { bytes } = await refusing.closed;
    sending.socket.destroy();
    assert.ok(bytes > BOUNDS.maxBytes && bytes < total, `${bytes} bytes read`);
  });

  it('closes the connection when the rest of the body has not come within the time bound', async () => {
    const maxMs = 200;
    const refusing = await refusingServer({ ...BOUNDS, maxMs });
    server = refusing.server;
    const stalled = await client(refusing.port, 100_000);
    stalled.socket.write(Buffer.alloc(1000, 'x'));
    await answered(stalled);
    const { bytes, ms } = await refusing.closed;
    stalled.socket.destroy();
    assert.match(stalled.received, /^HTTP\/1\.1 413 /);
    // Not before the bound (the timer starts as the request is answered, after the server's clock started).
    assert.ok(ms >= maxMs, `${ms} ms`);
    assert.ok(bytes < 100_000);
  });
});
