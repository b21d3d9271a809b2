// npm run bench:commits — this tree's service against another commit's, measured in the same run
// (BENCH_BASELINE_REF, default HEAD~1): validateOrders over REST and SOAP, and SOAP storeOrders (ZPL)
// (BENCH_CASES=rest, soap or store picks some), each as the ratio of this tree's throughput to the
// baseline's, in alternating pairs. A ratio ≥ 1 means the change costs nothing. Both servers serve one
// data directory (one account, one token secret), taking turns. Throughput on a shared machine is
// noisy; bench:instructions counts what each request costs instead.
import { checkOutBaseline, commitCases } from './support/baseline.ts';
import { compareWithBare, login, prepareAccount, startChild, type ChildServer } from './support/harness.ts';

const baseline = checkOutBaseline();
const servers: ChildServer[] = [];
try {
  const account = await prepareAccount();
  const current = await startChild('service', account.env);
  servers.push(current);
  const previous = await startChild('service', account.env, baseline.script);
  servers.push(previous);
  const authentication = {
    delisId: account.delisId,
    authToken: await login(current.url, account.delisId, account.password),
    messageLanguage: 'en_US',
  };
  console.log(`this tree against ${baseline.commit}`);
  for (const c of commitCases(authentication)) {
    console.log(`\n${c.label}`);
    await compareWithBare(
      { server: previous, url: `${previous.url}${c.path}`, contentType: c.contentType },
      `${c.label}, this tree`,
      { server: current, url: `${current.url}${c.path}`, contentType: c.contentType },
      c.body,
      1,
      `${c.label}, ${baseline.commit}`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  baseline.remove();
}
