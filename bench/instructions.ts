// npm run bench:instructions — what a request costs, counted rather than timed: this tree's service and
// another commit's (BENCH_BASELINE_REF, default HEAD~1) each run under valgrind's callgrind, which
// counts the machine instructions a process executes, all its threads. Each case is first sent
// BENCH_WARM times (default 4,000) uninstrumented, so the JIT has compiled the hot paths, then
// BENCH_REQUESTS times (default 3,000) counted. Unlike throughput, the count does not depend on what
// else the machine is doing; it is about as repeatable as the garbage collector's timing lets it be
// (within ~2 % between runs). The ratio printed is the baseline's count over this tree's: ≥ 1 means
// this tree costs no more. Cases as bench:commits (BENCH_CASES).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutBaseline, commitCases, type Baseline, type CommitCase } from './support/baseline.ts';
import { login, prepareAccount, startChild, type ChildServer } from './support/harness.ts';

const warm = Number(process.env.BENCH_WARM ?? 4000);
const counted = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = 10;

/** Sends `count` requests of `c`, ten at a time; each must be answered 200. */
async function send(url: string, c: CommitCase, count: number): Promise<void> {
  const one = async () => {
    const response = await fetch(`${url}${c.path}`, { method: 'POST', headers: { 'content-type': c.contentType }, body: c.body });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${c.label}: HTTP ${response.status}`);
  };
  for (let sent = 0; sent < count; sent += CONCURRENCY) await Promise.all(Array.from({ length: CONCURRENCY }, one));
}

/** Instructions per request of each case on one side: its own data directory, account and callgrind output. */
async function countSide(folder: string, name: string, baseline?: Baseline): Promise<Map<string, number>> {
  const account = baseline === undefined ? await prepareAccount() : baseline.prepareAccount();
  const script = baseline?.script;
  const out = join(folder, `${name}.callgrind`);
  const server: ChildServer = await startChild('service', account.env, script, [
    'valgrind',
    '--quiet',
    '--tool=callgrind',
    '--instr-atstart=no',
    // V8 writes and rewrites machine code: callgrind must see every change of it.
    '--smc-check=all',
    `--callgrind-out-file=${out}`,
  ]);
  const control = (...args: string[]) => execFileSync('callgrind_control', [...args, String(server.pid)], { stdio: 'ignore' });
  try {
    const authentication = {
      delisId: account.delisId,
      authToken: await login(server.url, account.delisId, account.password),
      messageLanguage: 'en_US',
    };
    const counts = new Map<string, number>();
    for (const c of commitCases(authentication)) {
      await send(server.url, c, warm);
      control('--instr=on');
      await send(server.url, c, counted);
      control('--instr=off');
      const before = new Set(readdirSync(folder));
      control(`--dump=${c.label}`);
      const dump = readdirSync(folder).find((file) => file.startsWith(`${name}.callgrind`) && !before.has(file));
      const totals = dump === undefined ? null : /^totals: (\d+)/m.exec(readFileSync(join(folder, dump), 'utf8'));
      if (totals === null) throw new Error(`${name}: no callgrind dump for ${c.label}`);
      counts.set(c.label, Number(totals[1]) / counted);
    }
    return counts;
  } finally {
    await server.stop();
  }
}

const baseline = checkOutBaseline();
const folder = mkdtempSync(join(tmpdir(), 'parcel-bench-callgrind-'));
try {
  console.log(`instructions per request, this tree against ${baseline.commit} (${warm} warm-up and ${counted} counted requests per case)`);
  const [current, previous] = await Promise.all([countSide(folder, 'tree'), countSide(folder, 'baseline', baseline)]);
  for (const [label, count] of current) {
    const before = previous.get(label) ?? Number.NaN;
    console.log(
      `${label}: ${baseline.commit} ${Math.round(before).toLocaleString('en')}, this tree ${Math.round(count).toLocaleString('en')}; ratio ${(before / count).toFixed(2)} (target ≥ 1)`,
    );
  }
} finally {
  baseline.remove();
  rmSync(folder, { recursive: true, force: true });
}
