// npm run bench:request-log — what reading a large request log costs (issue 41, C): a stage account
// with BENCH_REQUEST_LOG_ROWS logged calls (default 1,000,000, all its own: the worst case for one
// account's page), then, over HTTP against the bundled service:
//  1. each findStageRequests the Requests page asks — the first page, by operation (a common one and
//     one never logged), failed calls only, a time range, a request id, a search for a parcel number
//     logged once and for one never logged — its answer time (median and max of BENCH_REQUEST_LOG_REPEAT,
//     default 5), goal < 50 ms;
//  2. another client's GET /health: its p99 idle, and while one client runs those searches back to
//     back — the ratio, goal ≤ 2.
// The rows are written with the store's own stage-log repository (its indexes, its search table).
import { request as httpRequest, Agent } from 'node:http';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { openStore } from '../src/store/open-database.ts';
import type { StageRequest } from '../src/domain/ports/stage-log-ports.ts';
import { login, prepareAccount, startChild } from './support/harness.ts';

const ROWS = Number(process.env.BENCH_REQUEST_LOG_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REQUEST_LOG_REPEAT ?? 5);
const HEALTH_PROBES = Number(process.env.BENCH_REQUEST_LOG_PROBES ?? 400);
const FIND = '/rest/services/ConsoleService/V1_0/findStageRequests';
const DAY = 24 * 60 * 60_000;
const GOAL_MS = 50;

/** The parcel label number of the `n`th stored parcel (as the bench writes them). */
const parcelNumber = (n: number) => `0522${String(900_000_000 + n).padStart(10, '0')}`;

/** A masked validateOrders body as the log keeps it (about 700 bytes). */
const validateBody = (i: number) =>
  JSON.stringify({
    authentication: { delisId: 'BENCH0001', authToken: '***', messageLanguage: 'en_US' },
    validateOrders: {
      orderDataList: [
        {
          generalShipmentData: {
            mpsCustomerReferenceNumber1: `ORDER-${i}`,
            sendingDepot: '0522',
            product: 'CL',
            sender: { name1: '***', street: '***', country: 'NL', zipCode: '***', city: '***' },
            recipient: { name1: '***', street: '***', country: 'NL', zipCode: '***', city: '***' },
          },
          parcels: [{ weight: 300 + (i % 700) }],
          productAndServiceData: { orderType: 'consignment' },
        },
      ],
    },
  });

/** The `i`th of ROWS logged calls: mostly validateOrders, every 10th a storeOrders naming its parcel, some logins, console reads and failures. */
function row(i: number, at: Date): StageRequest {
  const common = {
    at,
    binding: 'rest' as const,
    delisId: 'BENCH0001',
    status: 200,
    durationMs: 3,
    requestId: `req-${i}`,
    clientAddress: '127.0.0.1',
  };
  if (i % 10 === 0) {
    return {
      ...common,
      operation: 'storeOrders',
      path: '/rest/services/ShipmentService/V3_5/storeOrders',
      body: validateBody(i).replace('validateOrders', 'storeOrders'),
      answer: JSON.stringify({
        orderResult: { shipmentResponses: [{ mpsId: `MPS${i}`, parcelInformation: [{ parcelLabelNumber: parcelNumber(i) }] }] },
      }),
    };
  }
  if (i % 50 === 1)
    return {
      ...common,
      operation: 'getAuth',
      path: '/rest/services/LoginService/V2_1/getAuth',
      body: '{"delisId":"BENCH0001","password":"***"}',
      answer: '{"getAuthResponse":{"return":{"authToken":"***"}}}',
    };
  if (i % 50 === 2)
    return {
      ...common,
      operation: 'findStageRequests',
      path: FIND,
      body: '{"findStageRequests":{}}',
      answer: '{"findStageRequestsResponse":{"more":true}}',
    };
  const failed = i % 7 === 0;
  return {
    ...common,
    operation: 'validateOrders',
    path: '/rest/services/ShipmentService/V3_5/validateOrders',
    body: validateBody(i),
    answer: failed ? '{"orderResult":{"messages":[{"code":"error_zip_code_invalid"}]}}' : '{"orderResult":{"success":true}}',
    ...(failed ? { errorCode: 'error_zip_code_invalid', status: 200 } : {}),
  };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** POSTs (or GETs) on `agent`; resolves with the status and the ms to the whole answer. */
function timed(url: string, path: string, agent: Agent, body?: string): Promise<{ status: number; ms: number; text: string }> {
  const started = performance.now();
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        path,
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const { env, delisId, password } = await prepareAccount();
const dataDir = env.DATA_DIR;
const now = Date.now();
{
  const store = await openStore({ sqlitePath: join(dataDir, 'stage.sqlite') });
  const started = performance.now();
  const batch = 5000;
  for (let first = 0; first < ROWS; first += batch) {
    const rows: StageRequest[] = [];
    // Spread over the 30 days the log keeps, oldest first.
    for (let i = first; i < Math.min(ROWS, first + batch); i++)
      rows.push(row(i, new Date(now - 30 * DAY + Math.floor((i / ROWS) * 30 * DAY))));
    await store.stageRequests.recordMany(rows);
  }
  await store.optimize();
  await store.close();
  console.log(`${ROWS.toLocaleString('en')} logged calls written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// No purge while it runs: the oldest rows are 30 days old.
const server = await startChild('service', { ...env, PURGE_INTERVAL_MINUTES: '0' });
try {
  const authToken = await login(server.url, delisId, password);
  const authentication = { delisId, authToken, messageLanguage: 'en_US' };
  const find = (query: Record<string, unknown>) => JSON.stringify({ authentication, findStageRequests: query });
  const twentyDaysAgo = new Date(now - 20 * DAY);
  const loggedOnce = parcelNumber(Math.floor(ROWS / 20) * 10);
  const queries: ReadonlyArray<readonly [string, string]> = [
    ['the first page', find({})],
    ['operation storeOrders', find({ operation: 'storeOrders' })],
    ['operation never logged (getParcelLabelNumberForWebNumber)', find({ operation: 'getParcelLabelNumberForWebNumber' })],
    ['failed calls only', find({ failedOnly: true })],
    [
      'a time range (one hour, 20 days ago)',
      find({ from: twentyDaysAgo.toISOString(), to: new Date(twentyDaysAgo.getTime() + 60 * 60_000).toISOString() }),
    ],
    ['a request id', find({ requestId: `req-${Math.floor(ROWS / 3)}` })],
    ['search: a parcel number logged once', find({ search: loggedOnce })],
    ['search: a parcel number never logged', find({ search: '05229999999999' })],
    ['search: a reference no parcel has', find({ search: 'NO-SUCH-REFERENCE' })],
  ];
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const healthAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  console.log(`\nfindStageRequests over ${ROWS.toLocaleString('en')} rows of one account (ms to the whole answer; goal < ${GOAL_MS}):`);
  let slowest = 0;
  for (const [name, body] of queries) {
    const times: number[] = [];
    let entries = 0;
    for (let k = 0; k < REPEAT + 1; k++) {
      const answer = await timed(server.url, FIND, agent, body);
      if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.text.slice(0, 300)}`);
      entries = (JSON.parse(answer.text) as { findStageRequestsResponse: { stageRequest: unknown[] } }).findStageRequestsResponse
        .stageRequest.length;
      // The first is a warm-up (statements compiled, pages cached).
      if (k > 0) times.push(answer.ms);
    }
    slowest = Math.max(slowest, median(times));
    console.log(
      `  ${name.padEnd(58)} median ${median(times).toFixed(1).padStart(7)}  max ${Math.max(...times)
        .toFixed(1)
        .padStart(7)}  (${entries} entries)`,
    );
  }
  console.log(`  slowest median: ${slowest.toFixed(1)} ms (goal < ${GOAL_MS})`);

  const probeHealth = async (count: number) => {
    const times: number[] = [];
    for (let k = 0; k < count; k++) {
      const answer = await timed(server.url, '/health', healthAgent);
      if (answer.status !== 200) throw new Error(`/health answered ${answer.status}`);
      times.push(answer.ms);
    }
    return times;
  };
  await probeHealth(50);
  const idle = await probeHealth(HEALTH_PROBES);
  let searching = true;
  let searches = 0;
  const searcher = (async () => {
    const searchBodies = queries.map(([, body]) => body);
    while (searching) {
      await timed(server.url, FIND, agent, searchBodies[searches % searchBodies.length]);
      searches++;
    }
  })();
  const loaded = await probeHealth(HEALTH_PROBES);
  searching = false;
  await searcher;
  const idleP99 = percentile(idle, 0.99);
  const loadedP99 = percentile(loaded, 0.99);
  console.log(`\nanother client's GET /health (${HEALTH_PROBES} probes one after another):`);
  console.log(
    `  idle:                                    p50 ${median(idle).toFixed(2)} ms  p99 ${idleP99.toFixed(2)} ms  max ${Math.max(...idle).toFixed(2)} ms`,
  );
  console.log(
    `  while ${searches} findStageRequests ran back to back: p50 ${median(loaded).toFixed(2)} ms  p99 ${loadedP99.toFixed(2)} ms  max ${Math.max(...loaded).toFixed(2)} ms`,
  );
  console.log(`  p99 ratio (loaded / idle): ${(loadedP99 / idleP99).toFixed(2)} (goal ≤ 2)`);
  agent.destroy();
  healthAgent.destroy();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
