// The write timeout (WRITE_TIMEOUT_SECONDS, server/write-timeout.ts) over real sockets: a client that
// pipelines requests and reads none of the answers is cut once they stop going out; one that reads
// them slowly but steadily gets every answer; and pipelining past the cap of requests in flight is
// still answered in full, in order, to a client that reads.
import assert from 'node:assert/strict';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { readConfig } from '../../src/server/config/config.ts';
import { MAX_REQUESTS_IN_FLIGHT } from '../../src/server/connections/requests-in-flight.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const WRITE_TIMEOUT_SECONDS = 1;
/** Enough OpenAPI documents (~300 KB each) to fill loopback's socket buffers (a few MB) several times. */
const PIPELINED = 40;
const GET_OPENAPI = 'GET /rest/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** A raw connection, and the bytes it has received. */
async function open(port: number): Promise<{ socket: Socket; received: () => number }> {
  const socket = connect(port, '127.0.0.1');
  let received = 0;
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, received: () => received };
}

describe('WRITE_TIMEOUT_SECONDS', () => {
  let t: TestApp;
  let port: number;
  let documentBytes: number;
  before(async () => {
    t = await startTestApp({ env: { WRITE_TIMEOUT_SECONDS: String(WRITE_TIMEOUT_SECONDS) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    documentBytes = Buffer.byteLength(
      (await t.app.inject({ method: 'GET', url: '/rest/openapi.json', headers: { host: '127.0.0.1' } })).body,
    );
  });
  after(() => t.close());

  it('is read from the environment: default 60, 1 to 3600', () => {
    assert.equal(readConfig({}, 4096).writeTimeoutSeconds, 60);
    assert.equal(readConfig({ WRITE_TIMEOUT_SECONDS: '3' }, 4096).writeTimeoutSeconds, 3);
    assert.throws(() => readConfig({ WRITE_TIMEOUT_SECONDS: '0' }, 4096), /WRITE_TIMEOUT_SECONDS must be a whole number from 1 to 3600/);
  });

  it('closes a connection whose answers its client does not read, once none has gone out for that long', async () => {
    // The server's end of the connection: a client that reads nothing does not see the close either.
    const accepted = new Promise<number>((resolve) =>
      t.app.server.once('connection', (socket: Socket) => {
        const started = performance.now();
        socket.once('close', () => resolve(performance.now() - started));
      }),
    );
    const raw = await open(port);
    raw.socket.pause();
    raw.socket.write(GET_OPENAPI.repeat(PIPELINED));
    const ms = await accepted;
    raw.socket.destroy();
    // Looked for once a second: not before the timeout; the upper bound only shows the timeout cut it.
    assert.ok(ms >= WRITE_TIMEOUT_SECONDS * 1000 && ms < 30_000, `${ms} ms`);
  });

  it('keeps a connection whose client reads slowly but steadily, and answers all of it', async () => {
    const raw = await open(port);
    raw.socket.pause();
    raw.socket.write(GET_OPENAPI.repeat(PIPELINED / 2));
    // A reader that takes what has arrived ten times a second: slower than the server writes, never stalled.
    const reading = setInterval(() => {
      raw.socket.resume();
      setImmediate(() => raw.socket.pause());
    }, 100);
    try {
      const whole = (PIPELINED / 2) * documentBytes;
      await new Promise<void>((resolve, reject) => {
        raw.socket.on('data', () => raw.received() >= whole && resolve());
        raw.socket.once('close', () => reject(new Error(`closed after ${raw.received()} of ${whole} bytes`)));
      });
    } finally {
      clearInterval(reading);
      raw.socket.destroy();
    }
  });

  it(`answers ${MAX_REQUESTS_IN_FLIGHT * 3} pipelined requests, in order, to a client that reads them`, async () => {
    const raw = await open(port);
    let text = '';
    raw.socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    const count = MAX_REQUESTS_IN_FLIGHT * 3;
    raw.socket.write(Array.from({ length: count }, (_, index) => `GET /health?n=${index} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(''));
    await new Promise<void>((resolve) => raw.socket.on('data', () => (text.match(/HTTP\/1\.1 200 /g)?.length ?? 0) >= count && resolve()));
    raw.socket.destroy();
    assert.equal(text.match(/HTTP\/1\.1 /g)?.length, count);
  });
});
