// temporary: CPU profiles of this tree's and a baseline's REST validateOrders
import { execFileSync } from 'node:child_process';
import { symlinkSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { minimumRequest } from '../test/fixtures/requests.ts';
import { login, prepareAccount, startChild } from './support/harness.ts';
const root = resolve(import.meta.dirname, '..');
const ref = process.env.REF ?? 'c3cea2f';
const worktree = `/work/prof/tree-${ref}`;
if (!existsSync(worktree)) {
  execFileSync('git', ['worktree', 'add', '--detach', worktree, ref], { cwd: root, stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'));
}
const baselineScript = join(worktree, 'dist/bench-server-child.mjs');
execFileSync(process.execPath, ['scripts/build.mjs', 'bench/support/server-child.ts', baselineScript], { cwd: worktree, stdio: 'inherit' });
const account = await prepareAccount();
for (const [name, script] of [['base', baselineScript], ['head', undefined]] as const) {
  const server = await startChild('service', { ...account.env, BENCH_PROFILE: `/work/prof/${name}.cpuprofile` }, script);
  const authentication = { delisId: account.delisId, authToken: await login(server.url, account.delisId, account.password), messageLanguage: 'en_US' };
  const body = JSON.stringify({ authentication, validateOrders: minimumRequest() });
  const cpu0 = server.cpuMicros();
  const r = await autocannon({ url: `${server.url}/rest/services/ShipmentService/V3_5/validateOrders`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 10, duration: 8 });
  const cpu = server.cpuMicros() - cpu0;
  console.log(name, r.requests.average, 'req/s', (cpu / r.requests.total).toFixed(1), 'µs/req', r.non2xx, 'non2xx');
  await server.stop();
}
