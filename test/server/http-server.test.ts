// The HTTP server under the app (server/http-server.ts), over real sockets: requests within their time,
// connections within their cap (a new one takes the place of the oldest idle or slow one), and the
// graceful shutdown (503 and Connection: close for what arrives, in flight finished, idle and stalled
// connections closed after a quiet moment).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const VALIDATE = '/rest/services/ShipmentService/V3_5/validateOrders';

/** A raw connection to the app: what it has received, and whether it has closed. */
interface Raw {
  readonly socket: Socket;
  received: string;
  closed: boolean;
  readonly closing: Promise<number>;
}

async function open(port: number): Promise<Raw> {
  const socket = connect(port, '127.0.0.1');
  const started = performance.now();
  const raw = { socket, received: '', closed: false } as Raw & { closing: Promise<number> };
  raw.closing = new Promise((resolve) =>
    socket.on('close', () => {
      raw.closed = true;
      resolve(performance.now() - started);
    }),
  );
  socket.on('data', (chunk: Buffer) => (raw.received += chunk.toString('latin1')));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return raw;
}

const post = (path: string, body: string, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

/** Waits until `raw` has received `count` whole answers (by their status lines and bodies). */
async function answers(raw: Raw, count: number, withinMs = 5000): Promise<string[]> {
  const started = performance.now();
  for (;;) {
    const found = raw.received.split(/(?=HTTP\/1\.1 \d{3} )/).filter((part) => /\r\n\r\n/.test(part));
    const whole = found.filter((part) => {
      const length = /content-length: (\d+)/i.exec(part);
      return length !== null && Buffer.byteLength(part.split('\r\n\r\n').slice(1).join('\r\n\r\n')) >= Number(length[1]);
    });
    if (whole.length >= count) return whole;
    if (raw.closed || performance.now() - started > withinMs) throw new Error(`no ${count} answers: ${raw.received.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const status = (answer: string) => Number(answer.slice(9, 12));
const header = (answer: string, name: string) => new RegExp(`^${name}: (.*)\r$`, 'im').exec(answer)?.[1];
const body = (answer: string) => answer.split('\r\n\r\n').slice(1).join('\r\n\r\n');

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp({ env: { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' } });
    port = await listen(t);
  });
  after(() => t.close());

  it('answers 408 and closes a connection whose headers are not in within HEADERS_TIMEOUT_SECONDS', async () => {
    const raw = await open(port);
    raw.socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const ms = await raw.closing;
    assert.match(raw.received, /^HTTP\/1\.1 408 /);
    // The timeouts are looked for once a second. Not before the timeout; the upper bound only shows the
    // timeout cut it (a crowded machine may be seconds late; without a timeout it would stay open).
    assert.ok(ms >= 1000 && ms < 20_000, `${ms} ms`);
  });

  it('answers 408 and closes a connection whose body is not in within REQUEST_TIMEOUT_SECONDS, however steadily it trickles', async () => {
    const raw = await open(port);
    raw.socket.write(post(VALIDATE, '', '').replace('Content-Length: 0', 'Content-Length: 1000'));
    const trickle = setInterval(() => raw.socket.write('{'), 200);
    const ms = await raw.closing;
    clearInterval(trickle);
    assert.match(raw.received, /^HTTP\/1\.1 408 /);
    // Not before the timeout, and well before the trickle's 1,000 bytes (200 s) could have arrived.
    assert.ok(ms >= 2000 && ms < 20_000, `${ms} ms`);
  });

  it('answers a body past the JSON bounds with Connection: close before the rest has arrived, and no 408 after the answer when the rest never comes', async () => {
    const raw = await open(port);
    raw.socket.write(`POST ${VALIDATE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4800000\r\n\r\n`);
    raw.socket.write('['.repeat(100_000));
    const [answer] = await answers(raw, 1, 2000);
    assert.equal(status(answer), 400);
    assert.equal(JSON.parse(body(answer)).status.code, 'ERR_BODY_TOO_DEEP');
    assert.equal(header(answer, 'connection'), 'close');
    // The rest never comes: the connection is closed (by the request timeout here), with nothing more sent.
    await raw.closing;
    assert.equal(raw.received.match(/HTTP\/1\.1 /g)?.length, 1, raw.received);
  });

  it('keeps a connection that sends its request in time', async () => {
    const raw = await open(port);
    raw.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    assert.equal(status((await answers(raw, 1))[0]), 200);
    raw.socket.destroy();
  });
});

describe('early refusals', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp();
    port = await listen(t);
  });
  after(() => t.close());

  /** A raw connection that keeps sending after the server's end, as RFC 9112 §9.6 has the server expect. */
  async function openHalf(): Promise<Raw & { ended: Promise<unknown>; error?: string }> {
    const raw = (await open(port)) as Raw & { ended: Promise<unknown>; error?: string };
    raw.socket.allowHalfOpen = true;
    raw.ended = once(raw.socket, 'end');
    raw.socket.on('error', (error: NodeJS.ErrnoException) => (raw.error ??= error.code));
    return raw;
  }

  for (const refused of [
    {
      name: 'a JSON body past the bounds',
      method: 'POST',
      type: 'application/json',
      first: '['.repeat(100_000),
      status: 400,
      code: 'ERR_BODY_TOO_DEEP',
    },
    {
      name: 'a body of the wrong content type',
      method: 'POST',
      type: 'text/plain',
      first: 'x'.repeat(100_000),
      status: 415,
      code: 'ERR_UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'a method the path does not take',
      method: 'PUT',
      type: 'application/json',
      first: '{'.repeat(100_000),
      status: 405,
      code: 'ERR_METHOD_NOT_ALLOWED',
    },
  ]) {
    it(`answers ${refused.name} with Connection: close before the rest has arrived, reads the rest, then closes without a reset`, async () => {
      const total = 4_800_000;
      const raw = await openHalf();
      raw.socket.write(
        `${refused.method} ${VALIDATE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${refused.type}\r\nContent-Length: ${total}\r\n\r\n`,
      );
      raw.socket.write(refused.first);
      const [answer] = await answers(raw, 1);
      assert.equal(status(answer), refused.status);
      assert.equal(JSON.parse(body(answer)).status.code, refused.code);
      assert.equal(header(answer, 'connection'), 'close');
      // The server has ended its side; it reads the rest of the body before it closes.
      raw.socket.end(refused.first.charAt(0).repeat(total - refused.first.length));
      await raw.ended;
      await raw.closing;
      assert.equal(raw.error, undefined, 'no reset');
      assert.equal(raw.received.match(/HTTP\/1\.1 /g)?.length, 1, raw.received);
    });
  }
});

describe('the connection cap', () => {
  it('closes the oldest idle or slow connection for a new one, so a client that sends at once is served', async () => {
    const t = await startTestApp({ env: { MAX_CONNECTIONS: '16' } });
    try {
      const port = await listen(t);
      // Slow senders: each holds a connection with half a request.
      const slow = await Promise.all(Array.from({ length: 40 }, () => open(port)));
      for (const raw of slow) raw.socket.write(post(VALIDATE, '{"a":1}').slice(0, 60));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const client = await open(port);
      client.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      assert.equal(status((await answers(client, 1))[0]), 200);
      client.socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The oldest were closed to make room; the newest are still open, and never more than the cap.
      assert.deepEqual(
        slow.map((raw) => raw.closed),
        [...Array(25).fill(true), ...Array(15).fill(false)],
      );
      for (const raw of slow) raw.socket.destroy();
    } finally {
      await t.close();
    }
  });

  it('never closes a connection being answered: with all of them busy, the new one is closed', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let pinged = 0;
    const t = await startTestApp({
      env: { MAX_CONNECTIONS: '16' },
      repositories: (store) => ({
        ...store,
        ping: () => {
          pinged += 1;
          return held;
        },
      }),
    });
    try {
      const port = await listen(t);
      const busy = await Promise.all(Array.from({ length: 16 }, () => open(port)));
      for (const raw of busy) raw.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      while (pinged < 16) await new Promise((resolve) => setTimeout(resolve, 10));
      const late = await open(port);
      assert.ok((await late.closing) < 1000);
      release();
      for (const raw of busy) assert.equal(status((await answers(raw, 1))[0]), 200);
      for (const raw of busy) raw.socket.destroy();
    } finally {
      release();
      await t.close();
    }
  });
});

describe('the graceful shutdown', () => {
  it('answers what arrives with 503 and Connection: close in the binding shape, finishes what is in flight, and closes idle and stalled connections', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let pinged = 0;
    const t = await startTestApp({
      repositories: (store) => ({
        ...store,
        ping: () => {
          pinged += 1;
          return held;
        },
      }),
    });
    try {
      const port = await listen(t);
      const authentication = await t.authenticate((await t.addAccount()).delisId);
      const request = JSON.stringify({ authentication, validateOrders: minimumRequest() });
      const inFlight = await open(port);
      inFlight.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const keptAlive = await open(port);
      keptAlive.socket.write(post(VALIDATE, request));
      assert.equal(status((await answers(keptAlive, 1))[0]), 200);
      const soap = await open(port);
      const idle = await open(port);
      const stalled = await open(port);
      stalled.socket.write(post(VALIDATE, request).slice(0, -10));
      while (pinged < 1) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));

      const started = performance.now();
      const shutdown = t.http.shutdown(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // A request arriving on an open connection is answered, not reset.
      keptAlive.socket.write(post(VALIDATE, request));
      soap.socket.write(
        post('/soap/services/ShipmentService/V3_5', '<x/>', 'SOAPAction: ""\r\n').replace('application/json', 'text/xml; charset=utf-8'),
      );
      const [, late] = await answers(keptAlive, 2);
      assert.equal(status(late), 503);
      assert.equal(header(late, 'connection'), 'close');
      assert.equal(header(late, 'x-content-type-options'), 'nosniff');
      assert.deepEqual(JSON.parse(body(late)), {
        orderResult: null,
        status: {
          type: 'FaultCodeType',
          code: 'ERR_SHUTTING_DOWN',
          message: 'The service is shutting down and did not process the request; send it again.',
        },
      });
      const [soapAnswer] = await answers(soap, 1);
      assert.equal(status(soapAnswer), 503);
      assert.match(body(soapAnswer), /<faultcode>soap:Server<\/faultcode>.*<faultCode[^>]*>ERR_SHUTTING_DOWN<\/faultCode>/s);
      await keptAlive.closing;
      await soap.closing;
      // No new connection is taken.
      await assert.rejects(
        new Promise((resolve, reject) => connect(port, '127.0.0.1').on('connect', resolve).on('error', reject)),
        /ECONNREFUSED/,
      );
      // The idle and the stalled connection are closed after a quiet second; the one in flight waits.
      const quiet = await Promise.all([idle.closing, stalled.closing]);
      assert.ok(quiet.every((ms) => ms < 3000));
      assert.equal(inFlight.closed, false);
      release();
      const [answer] = await answers(inFlight, 1);
      assert.equal(status(answer), 200);
      assert.equal(header(answer, 'connection'), 'close');
      assert.deepEqual(await shutdown, { unanswered: 0 });
      assert.ok(performance.now() - started < 5000);
    } finally {
      release();
      await t.close();
    }
  });

  it('answers a body over the limit arriving during the shutdown before its end, reads the rest, then closes without a reset', async () => {
    const t = await startTestApp({ env: { BODY_LIMIT: '1024' } });
    try {
      const port = await listen(t);
      const raw = await open(port);
      raw.socket.allowHalfOpen = true;
      const ended = once(raw.socket, 'end');
      let error: string | undefined;
      raw.socket.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure.code));
      const shutdown = t.http.shutdown(10_000);
      const total = 2_000_000;
      raw.socket.write(
        `POST ${VALIDATE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`,
      );
      raw.socket.write(' '.repeat(2000));
      const [answer] = await answers(raw, 1);
      assert.equal(status(answer), 503);
      assert.equal(header(answer, 'connection'), 'close');
      raw.socket.end(' '.repeat(total - 2000));
      await ended;
      await raw.closing;
      assert.equal(error, undefined, 'no reset');
      assert.deepEqual(await shutdown, { unanswered: 0 });
    } finally {
      await t.close();
    }
  });

  it('gives up at its limit, closing what is still being answered, and says how many', async () => {
    const t = await startTestApp({ repositories: (store) => ({ ...store, ping: () => new Promise(() => {}) }) });
    try {
      const port = await listen(t);
      const stuck = await open(port);
      stuck.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(await t.http.shutdown(1500), { unanswered: 1 });
      assert.ok((await stuck.closing) < 3000);
    } finally {
      await t.close();
    }
  });
});
