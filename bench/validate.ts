// npm run bench:validate — validateOrders throughput against a bare Fastify route that parses the
// same JSON body and returns a fixed answer, measured in the same run (target ratio ≥ 0.5); then
// against Stoplight Prism as a validating proxy in front of that bare route, checking the same request
// against the service's own OpenAPI document (/rest/openapi.json): what a generic OpenAPI validator
// costs beside the service's own validation and rules. BENCH_ENV=live measures without the stage request log.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations } from '../src/contract/operation-table.ts';
import { restPath } from '../src/bindings/rest/rest-paths.ts';
import { edit, minimumRequest, set } from '../test/fixtures/requests.ts';
import { compareWithBare, login, prepareAccount, startChild, type ChildServer } from './support/harness.ts';
import { freePort, startPrismProxy } from './support/prism.ts';

const VALIDATE = restPath(operations.validateOrders);

const account = await prepareAccount({ environment: process.env.BENCH_ENV === 'live' ? 'live' : 'stage' });
const service = await startChild('service', account.env);
const bare = await startChild('bare');
const dir = await mkdtemp(join(tmpdir(), 'parcel-bench-openapi-'));
let prism: ChildServer | undefined;
try {
  const document = join(dir, 'openapi.json');
  await writeFile(document, await (await fetch(`${service.url}/rest/openapi.json`)).text());
  const proxy = await startPrismProxy(document, bare.url, await freePort());
  prism = proxy;
  const authToken = await login(service.url, account.delisId, account.password);
  const request = { authentication: { delisId: account.delisId, authToken, messageLanguage: 'en_US' }, validateOrders: minimumRequest() };
  const body = JSON.stringify(request);
  const target = { server: service, url: `${service.url}${VALIDATE}` };
  const label = `validateOrders (minimum request, ${account.env.PARCEL_ENV})`;
  await compareWithBare({ server: bare, url: `${bare.url}/bare` }, label, target, body, 0.5);

  // Prism validates: a weight of 1.5 breaks the document and is refused, not forwarded.
  const broken = { ...request, validateOrders: edit(minimumRequest(), set('order[0].parcels[0].weight', 1.5)) };
  const refused = await fetch(`${proxy.url}${VALIDATE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(broken),
  });
  if (refused.status !== 422) throw new Error(`prism forwarded a request that breaks the document (HTTP ${refused.status})`);
  // Its side's CPU is Prism's and the bare route's together.
  const proxied: ChildServer = { ...proxy, cpuMicros: () => proxy.cpuMicros() + bare.cpuMicros() };
  console.log();
  await compareWithBare(
    { server: proxied, url: `${proxy.url}${VALIDATE}` },
    label,
    target,
    body,
    undefined,
    'Prism 5.12 proxy validating against /rest/openapi.json, in front of the bare route',
  );
} finally {
  await prism?.stop();
  await service.stop();
  await bare.stop();
  await rm(dir, { recursive: true, force: true });
}
