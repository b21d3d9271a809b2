// The connection cap (server/connections.ts) over real sockets, on a bare HTTP server: with the cap full
// of answers nobody reads — stalled, or behind before the write watch could call them stalled — clients
// that connect at once each take the place of one of those, rather than of one another (the first would
// be closed before it had had time to send its request). With the cap full of connections each holding
// several pipelined requests whose answers are not made yet (nothing written, nothing stalled), those
// give way too: clients that have just connected hold none.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { it } from 'node:test';
import { trackConnections, type Connections } from '../../src/server/connections/connections.ts';
import { admitRequest, requestsHeld } from '../../src/server/connections/requests-in-flight.ts';
import { waitFor } from '../support/abuse.ts';

const CAP = 16;
/** More than loopback's socket buffers hold: an answer its client does not read stops going out. */
const LARGE = Buffer.alloc(64 * 1024 * 1024, 'x');

/** A new connection: `send` writes a request; `answer` is its status, or undefined when the server closed it unanswered. */
async function open(port: number): Promise<{ socket: Socket; send: (request: string) => void; answer: Promise<number | undefined> }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let received = '';
  const answer = new Promise<number | undefined>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.endsWith('\r\n\r\nok')) resolve(Number(received.slice(9, 12)));
    });
    socket.once('close', () => resolve(undefined));
  });
  await once(socket, 'connect');
  return { socket, send: (request) => socket.write(request), answer };
}

for (const { name, checkMs, ready } of [
  {
    name: 'stalled (no byte gone out between two looks of the write watch)',
    checkMs: 20,
    ready: (connections: Connections, socket: Socket) => connections.isStalled(socket),
  },
  {
    // Looked at once a minute: before the watch could call them stalled, they are behind (bytes beyond the kernel's buffers).
    name: 'behind, before the write watch has looked',
    checkMs: 60_000,
    ready: (_: Connections, socket: Socket) => socket.writableLength > 0,
  },
]) {
  it(`the connection cap closes an unread answer ${name}, not a connection just opened: clients connecting at once are all served`, async () => {
    const accepted: Socket[] = [];
    const server = createServer((request, response) => {
      connections.noteRequest(request, response);
      response.end(request.url === '/large' ? LARGE : 'ok');
    });
    // Fresh for a minute: here a connection is closed for room only once no unread answer is left.
    const connections = trackConnections(server, { maxConnections: CAP, writeTimeoutMs: 60_000, checkMs, freshMs: 60_000 });
    server.on('connection', (socket: Socket) => accepted.push(socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    const clients: Awaited<ReturnType<typeof open>>[] = [];
    try {
      for (let index = 0; index < CAP; index++) {
        const reader = await open(port);
        reader.socket.pause();
        reader.send('GET /large HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        clients.push(reader);
      }
      assert.ok(await waitFor(() => accepted.length === CAP && accepted.every((socket) => ready(connections, socket)), 30_000, 20));
      // Eight clients (a connection pool, say) connect at once, then send.
      const pool = await Promise.all(Array.from({ length: 8 }, () => open(port)));
      clients.push(...pool);
      for (const client of pool) client.send('GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      assert.deepEqual(await Promise.all(pool.map((client) => client.answer)), Array(8).fill(200));
      // The cap was reached: unread answers were closed for them (how many depends on how the server took them in).
      assert.ok(accepted.slice(0, CAP).some((socket) => socket.destroyed));
    } finally {
      for (const client of clients) client.socket.destroy();
      server.close();
    }
  });
}

it('the connection cap closes a connection holding several pipelined requests not yet answered, not a connection just opened', async () => {
  const accepted: Socket[] = [];
  const held: Array<() => void> = [];
  const server = createServer((request, response) => {
    connections.noteRequest(request, response);
    admitRequest(request, response, () => {
      // A slow call (a large log page on its thread, say): answered only when the test lets it go.
      if (request.url === '/slow') held.push(() => response.end('ok'));
      else response.end('ok');
    });
  });
  const connections = trackConnections(server, { maxConnections: CAP, writeTimeoutMs: 60_000, checkMs: 60_000, freshMs: 60_000 });
  server.on('connection', (socket: Socket) => accepted.push(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const clients: Awaited<ReturnType<typeof open>>[] = [];
  try {
    for (let index = 0; index < CAP; index++) {
      const pipelining = await open(port);
      pipelining.send('GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(3));
      clients.push(pipelining);
    }
    assert.ok(await waitFor(() => accepted.length === CAP && accepted.every((socket) => requestsHeld(socket) === 3), 30_000, 20));
    assert.ok(accepted.every((socket) => socket.writableLength === 0 && !connections.isStalled(socket)));
    const pool = await Promise.all(Array.from({ length: 8 }, () => open(port)));
    clients.push(...pool);
    for (const client of pool) client.send('GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    assert.deepEqual(await Promise.all(pool.map((client) => client.answer)), Array(8).fill(200));
    assert.ok(accepted.slice(0, CAP).some((socket) => socket.destroyed));
  } finally {
    for (const release of held) release();
    for (const client of clients) client.socket.destroy();
    server.close();
  }
});
