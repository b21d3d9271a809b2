// npm run bench:commits — this tree's service against another commit's, measured in the same run
// (BENCH_BASELINE_REF, default HEAD~1): validateOrders over REST and SOAP, and storeOrders (ZPL) over
// REST and SOAP (BENCH_CASES=rest, soap, validate or store picks some), each as the ratio of this
// tree's throughput to the baseline's, in alternating pairs. A ratio ≥ 1 means the change costs nothing. Each server has its own
// data directory, made by its own commit's code (an older commit refuses a schema it does not know),
// account and token. Throughput on a shared machine is noisy; bench:instructions counts what each
// request costs instead. BENCH_PUSH=1: this tree's account pushes every scan (its start_order at each
// storeOrders) to a receiver in a child process that acknowledges each (README "Tracking push"); with
// BENCH_BASELINE_REF=HEAD that measures what pushing costs the same code.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { openStore } from '../src/store/open-database.ts';
import { checkOutBaseline, commitCases } from './support/baseline.ts';
import { compareWithBare, login, prepareAccount, startChild, type ChildServer } from './support/harness.ts';

const baseline = checkOutBaseline();
const servers: ChildServer[] = [];
let receiver: ChildProcess | undefined;
/** Sets the account's push URL to a receiver (bench/push.ts's, in a child process) acknowledging every push. */
async function pushTo(account: { env: Record<string, string>; delisId: string }): Promise<void> {
  const child = fork(new URL('push.ts', import.meta.url).pathname, ['receiver'], { execArgv: ['--import', 'tsx'] });
  receiver = child;
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  const store = await openStore({ sqlitePath: join(account.env.DATA_DIR, 'stage.sqlite') });
  await store.accounts.updateAccount(account.delisId, { pushUrl: { url: `http://127.0.0.1:${port}/push?token=bench`, since: new Date() } });
  await store.close();
}
try {
  /** A server with its own account, and the cases' bodies carrying its token. */
  const side = async (script?: string) => {
    const account = script === undefined ? await prepareAccount() : baseline.prepareAccount();
    if (script === undefined && process.env.BENCH_PUSH === '1') await pushTo(account);
    const server = await startChild('service', account.env, script);
    servers.push(server);
    const authToken = await login(server.url, account.delisId, account.password);
    return { server, cases: commitCases({ delisId: account.delisId, authToken, messageLanguage: 'en_US' }) };
  };
  const current = await side();
  const previous = await side(baseline.script);
  console.log(`this tree${receiver === undefined ? '' : ' (pushing every scan)'} against ${baseline.commit}`);
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
  receiver?.kill();
  baseline.remove();
}
