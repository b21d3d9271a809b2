// npm run bench:json-bounds — what the REST body's bounds scanner (src/bindings/rest/json-bounds.ts)
// costs on typical storeOrders bodies, beside JSON.parse of the same text, and beside the scanner of
// another commit (BENCH_BASELINE_REF, default main) in the same run: rounds alternate between the
// two, and the median of each is reported, in the process's CPU time (not wall time), so the
// machine's load falls on both alike.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JsonBoundsScanner } from '../src/bindings/rest/json-bounds.ts';
import { minimumRequest, ukRequest } from '../test/fixtures/requests.ts';

type Scan = (bytes: Buffer) => unknown;

const root = resolve(import.meta.dirname, '..');
const ref = process.env.BENCH_BASELINE_REF ?? 'main';
const ROUNDS = 21;
/** Scans per round: enough for a round to last tens of milliseconds. */
const SCANS = 2_000;

const authentication = { delisId: 'KD123456', authToken: 'x'.repeat(64), messageLanguage: 'en_US' };
const ukOrder = (ukRequest().order as unknown[])[0];
const bodies: ReadonlyArray<readonly [string, Buffer]> = [
  ['storeOrders, minimum request (1 order)', Buffer.from(JSON.stringify({ authentication, storeOrders: minimumRequest() }))],
  [
    'storeOrders, 30 NL→GB orders with customs',
    Buffer.from(JSON.stringify({ authentication, storeOrders: { ...ukRequest(), order: Array(30).fill(ukOrder) } })),
  ],
];

/** The scanner of commit `ref`, copied beside this file so that its imports (none) resolve. */
async function baselineScanner(): Promise<{ scan: Scan; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'json-bounds-baseline-'));
  const file = join(dir, 'json-bounds.ts');
  writeFileSync(file, execFileSync('git', ['show', `${ref}:src/bindings/rest/json-bounds.ts`], { cwd: root }));
  const module = (await import(pathToFileURL(file).href)) as { JsonBoundsScanner: typeof JsonBoundsScanner };
  return { scan: (bytes) => new module.JsonBoundsScanner().push(bytes), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** CPU nanoseconds per call of `run` over one round. */
function time(run: () => unknown): number {
  const start = process.cpuUsage();
  for (let i = 0; i < SCANS; i++) run();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / SCANS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const baseline = await baselineScanner();
try {
  const current: Scan = (bytes) => new JsonBoundsScanner().push(bytes);
  for (const [name, bytes] of bodies) {
    const text = bytes.toString();
    const samples = { current: [] as number[], baseline: [] as number[], parse: [] as number[] };
    // A first round of each warms the JIT and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      const now = time(() => current(bytes));
      const before = time(() => baseline.scan(bytes));
      const parse = time(() => JSON.parse(text));
      if (round === 0) continue;
      samples.current.push(now);
      samples.baseline.push(before);
      samples.parse.push(parse);
    }
    const [now, before, parse] = [median(samples.current), median(samples.baseline), median(samples.parse)];
    console.log(`${name}: ${bytes.length} bytes`);
    console.log(`  scanner (this tree)   ${(now / 1000).toFixed(2)} µs  (${((now / parse) * 100).toFixed(0)} % of JSON.parse)`);
    console.log(`  scanner (${ref})${' '.repeat(Math.max(0, 10 - ref.length))} ${(before / 1000).toFixed(2)} µs`);
    console.log(`  JSON.parse            ${(parse / 1000).toFixed(2)} µs`);
    console.log(`  this tree / ${ref}: ${(now / before).toFixed(2)}`);
  }
} finally {
  baseline.remove();
}
