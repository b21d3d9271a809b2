// npm run bench:commits — this tree's service against another commit's, measured in the same run
// (BENCH_BASELINE_REF, default HEAD~1): validateOrders over REST and SOAP, and storeOrders (ZPL) over
// REST and SOAP (BENCH_CASES=rest, soap, validate or store picks some), each as the ratio of this
// tree's throughput to the baseline's, in alternating pairs. A ratio ≥ 1 means the change costs nothing. Each server has its own
// data directory, made by its own commit's code (an older commit refuses a schema it does not know),
// account and token. Throughput on a shared machine is noisy; bench:instructions counts what each
// request costs instead.
import { checkOutBaseline, commitCases } from './support/baseline.ts';
import { compareWithBare, login, prepareAccount, startChild, type ChildServer } from './support/harness.ts';

const baseline = checkOutBaseline();
const servers: ChildServer[] = [];
try {
  /** A server with its own account, and the cases' bodies carrying its token. */
  const side = async (script?: string) => {
    const account = script === undefined ? await prepareAccount() : baseline.prepareAccount();
    const server = await startChild('service', account.env, script);
    servers.push(server);
    const authToken = await login(server.url, account.delisId, account.password);
    return { server, cases: commitCases({ delisId: account.delisId, authToken, messageLanguage: 'en_US' }) };
  };
  const current = await side();
  const previous = await side(baseline.script);
  console.log(`this tree against ${baseline.commit}`);
  for (const [index, c] of current.cases.entries()) {
    console.log(`\n${c.label}`);
    const before = previous.cases[index];
    await compareWithBare(
      { server: previous.server, url: `${previous.server.url}${c.path}`, contentType: c.contentType, body: before.body },
      `${c.label}, this tree`,
      { server: current.server, url: `${current.server.url}${c.path}`, contentType: c.contentType, body: c.body },
      c.body,
      1,
      `${c.label}, ${baseline.commit}`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  baseline.remove();
}
