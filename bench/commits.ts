// npm run bench:commits — this tree's service against another commit's, measured in the same run
// (BENCH_BASELINE_REF, default HEAD~1): validateOrders over REST and SOAP, and SOAP storeOrders (ZPL),
// (BENCH_CASES=rest, soap or store picks some), each as the ratio of this tree's throughput to the baseline's, in alternating pairs. A ratio ≥ 1
// means the change costs nothing. The baseline is checked out in a temporary worktree that shares this
// tree's node_modules, and bundled as `npm start` builds; both servers serve one data directory (one
// account, one token secret), taking turns.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { edit, minimumRequest, set } from '../test/fixtures/requests.ts';
import { SOAP_CONTENT_TYPE } from '../test/soap/soap-client.ts';
import { soapRequest } from '../test/soap/xml-request.ts';
import { compareWithBare, login, prepareAccount, startChild, type ChildServer } from './support/harness.ts';

const root = resolve(import.meta.dirname, '..');
const ref = process.env.BENCH_BASELINE_REF ?? 'HEAD~1';
const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' }).trim();
const folder = mkdtempSync(join(tmpdir(), 'parcel-bench-baseline-'));
const worktree = join(folder, 'tree');
execFileSync('git', ['worktree', 'add', '--detach', worktree, commit], { cwd: root, stdio: 'ignore' });

const servers: ChildServer[] = [];
try {
  symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'));
  const baselineScript = join(worktree, 'dist/bench-server-child.mjs');
  execFileSync(process.execPath, ['scripts/build.mjs', 'bench/support/server-child.ts', baselineScript], {
    cwd: worktree,
    stdio: 'inherit',
  });
  const account = await prepareAccount();
  const current = await startChild('service', account.env);
  servers.push(current);
  const baseline = await startChild('service', account.env, baselineScript);
  servers.push(baseline);
  const authentication = {
    delisId: account.delisId,
    authToken: await login(current.url, account.delisId, account.password),
    messageLanguage: 'en_US',
  };
  const zpl = edit(minimumRequest(), set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6' }));
  const soapPath = '/soap/services/ShipmentService/V3_5';
  const cases = [
    {
      label: 'validateOrders, REST',
      path: '/rest/services/ShipmentService/V3_5/validateOrders',
      contentType: 'application/json',
      body: JSON.stringify({ authentication, validateOrders: minimumRequest() }),
    },
    {
      label: 'validateOrders, SOAP',
      path: soapPath,
      contentType: SOAP_CONTENT_TYPE,
      body: soapRequest('validateOrders', minimumRequest(), { authentication }),
    },
    {
      label: 'storeOrders ZPL, SOAP',
      path: soapPath,
      contentType: SOAP_CONTENT_TYPE,
      body: soapRequest('storeOrders', zpl, { authentication }),
    },
  ];
  // BENCH_CASES=rest|soap|store: only the cases whose label holds one of these words (default: all).
  const only = process.env.BENCH_CASES?.split(',').map((word) => word.trim().toLowerCase());
  console.log(`this tree against ${commit} (${ref})`);
  for (const c of cases.filter((entry) => only === undefined || only.some((word) => entry.label.toLowerCase().includes(word)))) {
    console.log(`\n${c.label}`);
    await compareWithBare(
      { server: baseline, url: `${baseline.url}${c.path}`, contentType: c.contentType },
      `${c.label}, this tree`,
      { server: current, url: `${current.url}${c.path}`, contentType: c.contentType },
      c.body,
      1,
      `${c.label}, ${commit}`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: root, stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
}
