// npm run bench:abuse — what each class of refused request costs the service: its CPU per request (all
// threads, from /proc) and how far its resident memory rises while 16 are in flight, each class on a
// fresh server (bundled, as `npm start` runs it), and what a slow connection held open costs.
// BENCH_ABUSE_REQUESTS (default 48 per class) and BENCH_ABUSE_SLOW (default 2,000 slow connections) tune it.
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { exceededJsonBound } from '../src/bindings/rest/json-bounds.ts';
import { minimumRequest } from '../test/fixtures/requests.ts';
import { login, prepareAccount, startChild, type ChildServer } from './support/harness.ts';

const REQUESTS = Number(process.env.BENCH_ABUSE_REQUESTS ?? 48);
const IN_FLIGHT = 16;
const SLOW = Number(process.env.BENCH_ABUSE_SLOW ?? 2000);
const REST = '/rest/services/ShipmentService/V3_5/validateOrders';
const LOGIN = '/rest/services/LoginService/V2_1/getAuth';
const SOAP = '/soap/services/ShipmentService/V3_5';
const MB = 2 ** 20;

/** One class of refused request: where it goes, its body, and from which address (a login's throttle keys on it). */
interface RequestClass {
  readonly name: string;
  readonly path: string;
  readonly body: (authToken: string, i: number) => Buffer;
  readonly contentType?: string;
  readonly from?: (i: number) => string;
  /** Requests sent before the measured ones (a throttle's free failures). */
  readonly warmUp?: number;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const padTo = (head: string, size: number, tail: string) => Buffer.from(head + 'x'.repeat(size - head.length - tail.length) + tail);
const FIVE_MB = 5_000_000;

const classes: readonly RequestClass[] = [
  {
    name: 'nested arrays, 4.8 MB (ERR_BODY_TOO_DEEP)',
    path: LOGIN,
    body: () => Buffer.from('['.repeat(2_400_000) + ']'.repeat(2_400_000)),
  },
  {
    name: 'flat array of 1.6 million {}, 4.8 MB (ERR_BODY_TOO_MANY_NODES)',
    path: LOGIN,
    body: () => Buffer.from(`[${Array(1_600_000).fill('{}').join(',')}]`),
  },
  {
    name: 'the most nodes within the bound: 199,990 numbers, 0.4 MB (401 before any password check)',
    path: LOGIN,
    body: () =>
      Buffer.from(`{"delisId":"NOSUCH01","password":"x","messageLanguage":"en_US","pad":[${Array(199_990).fill('0').join(',')}]}`),
  },
  {
    name: 'not UTF-8, 5 MB (ERR_MALFORMED_REQUEST)',
    path: REST,
    body: () => Buffer.concat([padTo('{"pad":"', FIVE_MB - 1, ''), Buffer.from([0xff]), Buffer.from('"}')]),
  },
  {
    name: 'a wrong token and a 5 MB string (ERR_DELICOM_TOKEN_INCORRECT)',
    path: REST,
    body: () =>
      padTo(
        `{"authentication":{"delisId":"BENCH0001","authToken":"${'A'.repeat(43)}","messageLanguage":"en_US"},"validateOrders":{"pad":"`,
        FIVE_MB,
        '"}}',
      ),
  },
  {
    name: 'a wrong password (DELICOM_ERR_AUTHENTICATION: one scrypt check)',
    path: LOGIN,
    body: (_, i) => json({ delisId: 'BENCH0001', password: `wrong-${i}`, messageLanguage: 'en_US' }),
    // Each from an address of its own: the throttle would refuse the seventh from one.
    from: (i) => `127.0.${1 + Math.floor(i / 200)}.${1 + (i % 200)}`,
  },
  {
    name: 'a login refused by the throttle (ERR_TOO_MANY_LOGIN_ATTEMPTS)',
    path: LOGIN,
    body: (_, i) => json({ delisId: 'BENCH0001', password: `wrong-${i}`, messageLanguage: 'en_US' }),
    from: () => '127.0.99.1',
    warmUp: 6,
  },
  {
    name: 'SOAP: elements nested 65 deep and 4.8 MB of text (ERR_MALFORMED_REQUEST)',
    path: SOAP,
    contentType: 'text/xml; charset=utf-8',
    body: () =>
      padTo(
        '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>' + '<a>'.repeat(65),
        4_800_000,
        '</s:Body></s:Envelope>',
      ),
  },
  {
    name: 'SOAP: 200,001 empty elements, 4.8 MB (ERR_MALFORMED_REQUEST)',
    path: SOAP,
    contentType: 'text/xml; charset=utf-8',
    body: () =>
      Buffer.from(
        `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><a>${'<b/>'.repeat(200_001)}${' '.repeat(4_000_000)}</a></s:Body></s:Envelope>`,
      ),
  },
];

/** POSTs `body`; resolves with the status (0 when the connection failed). */
function post(server: ChildServer, path: string, body: Buffer, agent: Agent, contentType: string, localAddress?: string): Promise<number> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        localAddress,
        headers: { 'content-type': contentType, 'content-length': body.length },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** Samples the server's resident memory every 5 ms until stopped; returns the highest. */
function sampleResident(server: ChildServer): () => number {
  let peak = server.residentBytes();
  const timer = setInterval(() => (peak = Math.max(peak, server.residentBytes())), 5);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

async function measureClass(item: RequestClass, env: Record<string, string>, credentials: { delisId: string; password: string }) {
  const server = await startChild('service', env);
  try {
    const authToken = await login(server.url, credentials.delisId, credentials.password);
    const send = (i: number, agent: Agent) =>
      post(server, item.path, item.body(authToken, i), agent, item.contentType ?? 'application/json', item.from?.(i));
    for (let i = 0; i < (item.warmUp ?? 0); i++) await send(-1 - i, new Agent({ keepAlive: false }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const bodies = Array.from({ length: REQUESTS }, (_, i) => item.body(authToken, i));
    const baseline = server.residentBytes();
    const cpuBefore = server.cpuMicros();
    const stop = sampleResident(server);
    const statuses: number[] = [];
    const started = performance.now();
    for (let wave = 0; wave < REQUESTS; wave += IN_FLIGHT) {
      const agents = bodies.slice(wave, wave + IN_FLIGHT).map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
      statuses.push(
        ...(await Promise.all(
          agents.map((agent, k) =>
            post(server, item.path, bodies[wave + k], agent, item.contentType ?? 'application/json', item.from?.(wave + k)),
          ),
        )),
      );
      for (const agent of agents) agent.destroy();
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = stop();
    const cpuPerRequest = (server.cpuMicros() - cpuBefore) / REQUESTS / 1000;
    const counts = Object.entries(
      statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {}),
    ).map(([status, count]) => `${count} × ${status === '0' ? 'no answer' : status}`);
    console.log(
      `${item.name}: ${cpuPerRequest.toFixed(1)} ms CPU per request; resident +${((peak - baseline) / MB).toFixed(0)} MB at most with ${IN_FLIGHT} in flight (${(baseline / MB).toFixed(0)} MB before); ${REQUESTS} in ${seconds.toFixed(1)} s: ${counts.join(', ')}`,
    );
  } finally {
    await server.stop();
  }
}

/** Slow connections held open: resident memory per connection, and CPU per connection-second while each sends a byte a second. */
async function measureSlowConnections(env: Record<string, string>) {
  const server = await startChild('service', { ...env, REQUEST_TIMEOUT_SECONDS: '600', HEADERS_TIMEOUT_SECONDS: '600' });
  const { port } = new URL(server.url);
  const sockets: Socket[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = server.residentBytes();
    for (let opened = 0; opened < SLOW; opened += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, SLOW - opened) }, () => {
          const socket = connect(Number(port), '127.0.0.1');
          socket.on('error', () => {});
          sockets.push(socket);
          return new Promise<void>((resolve) =>
            socket.once('connect', () => {
              socket.write(
                `POST ${REST} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{`,
              );
              resolve();
            }),
          );
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const held = server.residentBytes();
    const cpuBefore = server.cpuMicros();
    const seconds = 10;
    for (let s = 0; s < seconds; s++) {
      for (const socket of sockets) socket.write(' ');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const cpuPerConnectionSecond = (server.cpuMicros() - cpuBefore) / SLOW / seconds;
    console.log(
      `a slow connection (a body sent a byte a second): ${((held - baseline) / SLOW / 1024).toFixed(1)} KB resident each (${SLOW} held: +${((held - baseline) / MB).toFixed(0)} MB), ${cpuPerConnectionSecond.toFixed(1)} µs CPU per connection-second`,
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
}

/** The bounds' pass against JSON.parse of the same text, in this process: µs per text, best of five rounds. */
function measureScan(name: string, text: string, rounds = 5) {
  const bytes = Buffer.from(text);
  const repeat = Math.max(1, Math.round(2_000_000 / bytes.length));
  const best = (work: () => void) => {
    let fastest = Infinity;
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      for (let i = 0; i < repeat; i++) work();
      fastest = Math.min(fastest, ((performance.now() - started) * 1000) / repeat);
    }
    return fastest;
  };
  const scan = best(() => exceededJsonBound(bytes));
  const parse = best(() => JSON.parse(text) as unknown);
  console.log(
    `bounds pass, ${name} (${bytes.length} bytes): ${scan.toFixed(2)} µs; JSON.parse ${parse.toFixed(2)} µs (${(scan / parse).toFixed(2)} of it)`,
  );
}

measureScan(
  'the minimum validateOrders',
  JSON.stringify({
    authentication: { delisId: 'BENCH0001', authToken: 'A'.repeat(43), messageLanguage: 'en_US' },
    validateOrders: minimumRequest(),
  }),
);
measureScan(
  'validateOrders of 30 orders of 100 parcels',
  JSON.stringify({
    validateOrders: {
      ...minimumRequest(),
      order: Array(30).fill({
        ...(minimumRequest().order as object[])[0],
        parcels: Array(100).fill({ weight: 500, volume: '010020030', customerReferenceNumber1: 'REF-1' }),
      }),
    },
  }),
);

const account = await prepareAccount();
console.log(`each class on a fresh server: ${REQUESTS} requests, ${IN_FLIGHT} in flight at a time`);
for (const item of classes) await measureClass(item, account.env, account);
await measureSlowConnections(account.env);
