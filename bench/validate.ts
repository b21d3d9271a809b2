// npm run bench:validate — validateOrders throughput on stage (every call kept in the request log) and
// on live (no log), each against a bare Fastify route that parses the same JSON body and returns a fixed
// answer, all in the same run (target ratio ≥ 0.5 for both); stage against live directly (what the
// request log costs a call); then against Stoplight Prism as a validating proxy in front of that bare
// route, checking the same request against the service's own OpenAPI document (/rest/openapi.json):
// what a generic OpenAPI validator costs beside the service's own validation and rules. Prism's
// answers other than 2xx are reported beside its figure, never in place of the service's.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations } from '../src/contract/operation-table.ts';
import { restPath } from '../src/bindings/rest/rest-paths.ts';
import { edit, minimumRequest, set } from '../test/fixtures/requests.ts';
import { compareWithBare, login, prepareAccount, startChild, type ChildServer } from './support/harness.ts';
import { freePort, startPrismProxy } from './support/prism.ts';

const VALIDATE = restPath(operations.validateOrders);
const GOAL = 0.5;

/** A service child of `environment` with its own account, and the validateOrders body carrying its token. */
async function startService(environment: 'stage' | 'live') {
  const account = await prepareAccount({ environment });
  const server = await startChild('service', account.env);
  const authToken = await login(server.url, account.delisId, account.password);
  const request = { authentication: { delisId: account.delisId, authToken, messageLanguage: 'en_US' }, validateOrders: minimumRequest() };
  return { environment, server, request, body: JSON.stringify(request), url: `${server.url}${VALIDATE}` };
}

const children: ChildServer[] = [];
const dir = await mkdtemp(join(tmpdir(), 'parcel-bench-openapi-'));
try {
  const stage = await startService('stage');
  children.push(stage.server);
  const live = await startService('live');
  children.push(live.server);
  const bare = await startChild('bare');
  children.push(bare);
  const bareSide = { server: bare, url: `${bare.url}/bare` };

  const ratios: Record<string, number> = {};
  for (const service of [stage, live]) {
    const label = `validateOrders (minimum request, ${service.environment})`;
    ratios[service.environment] = await compareWithBare(bareSide, label, { server: service.server, url: service.url }, service.body, GOAL);
    console.log();
  }
  // What the request log costs a call: stage against live, in the same alternating pairs.
  const logged = await compareWithBare(
    { server: live.server, url: live.url, body: live.body },
    'validateOrders on stage (request log)',
    { server: stage.server, url: stage.url, body: stage.body },
    stage.body,
    0.9,
    'validateOrders on live (no request log)',
  );
  console.log();

  const document = join(dir, 'openapi.json');
  await writeFile(document, await (await fetch(`${stage.server.url}/rest/openapi.json`)).text());
  const proxy = await startPrismProxy(document, bare.url, await freePort());
  children.push(proxy);
  const post = (body: unknown) =>
    fetch(`${proxy.url}${VALIDATE}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  // One call first: when Prism refuses what the service accepts, say why (its problem answer and the
  // sl-violations header name the rule), then measure all the same.
  const probe = await post(stage.request);
  if (!probe.ok) {
    console.log(
      `Prism answered a valid request with HTTP ${probe.status}: ${probe.headers.get('sl-violations') ?? (await probe.text()).slice(0, 500)}`,
    );
  }
  // Prism validates: a weight of 1.5 breaks the document and is refused, not forwarded.
  const refused = await post({ ...stage.request, validateOrders: edit(minimumRequest(), set('order[0].parcels[0].weight', 1.5)) });
  if (refused.status !== 422) console.log(`Prism forwarded a request that breaks the document (HTTP ${refused.status})`);
  // Its side's CPU is Prism's and the bare route's together.
  const proxied: ChildServer = { ...proxy, cpuMicros: () => proxy.cpuMicros() + bare.cpuMicros() };
  const prism = await compareWithBare(
    { server: proxied, url: `${proxy.url}${VALIDATE}`, tolerateFailures: true },
    'validateOrders (minimum request, stage)',
    { server: stage.server, url: stage.url },
    stage.body,
    undefined,
    'Prism 5.12 proxy validating against /rest/openapi.json, in front of the bare route',
  );
  console.log();
  console.log(
    `summary: stage ${ratios.stage.toFixed(2)} and live ${ratios.live.toFixed(2)} of the bare route (target ≥ ${GOAL} both); ` +
      `stage ${logged.toFixed(2)} of live; the service ${prism.toFixed(2)}× Prism's throughput`,
  );
} finally {
  await Promise.all(children.map((child) => child.stop()));
  await rm(dir, { recursive: true, force: true });
}
