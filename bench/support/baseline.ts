// Another commit's service beside this tree's, for the benchmarks that compare commits in one run
// (bench:commits, bench:instructions): the commit is checked out in a temporary worktree that shares
// this tree's node_modules and bundled as `npm start` builds it; and the requests both are measured on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { edit, minimumRequest, set } from '../../test/fixtures/requests.ts';
import { SOAP_CONTENT_TYPE } from '../../test/support/soap-client.ts';
import { soapRequest } from '../../test/support/soap-request.ts';
import type { prepareAccount } from './harness.ts';

const root = resolve(import.meta.dirname, '../..');

/** An account in a fresh data directory, as bench/support/harness.ts's prepareAccount makes it. */
export type BenchAccount = Awaited<ReturnType<typeof prepareAccount>>;

/** A commit's bundled bench server (`script`), and how to remove its worktree afterwards. */
export interface Baseline {
  readonly commit: string;
  readonly script: string;
  /**
   * An account made by the commit's own code: a data directory migrated by this tree holds migrations
   * an older commit refuses to start on.
   */
  prepareAccount(): BenchAccount;
  remove(): void;
}

/** Checks out and bundles `ref` (BENCH_BASELINE_REF, default HEAD~1). */
export function checkOutBaseline(ref = process.env.BENCH_BASELINE_REF ?? 'HEAD~1'): Baseline {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' }).trim();
  const folder = mkdtempSync(join(tmpdir(), 'parcel-bench-baseline-'));
  const worktree = join(folder, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', worktree, commit], { cwd: root, stdio: 'ignore' });
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: root, stdio: 'ignore' });
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'));
    const script = join(worktree, 'dist/bench-server-child.mjs');
    execFileSync(process.execPath, ['scripts/build.mjs', 'bench/support/server-child.ts', script], { cwd: worktree, stdio: 'inherit' });
    const prepare = () => {
      const code =
        "const { prepareAccount } = await import('./bench/support/harness.ts'); console.log(JSON.stringify(await prepareAccount()));";
      const printed = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', code], {
        cwd: worktree,
        encoding: 'utf8',
      });
      return JSON.parse(printed.trim().split('\n').at(-1) ?? '') as BenchAccount;
    };
    return { commit, script, prepareAccount: prepare, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** One kind of request the commits are compared on. */
export interface CommitCase {
  readonly label: string;
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
}

/**
 * validateOrders over REST and SOAP, and storeOrders (ZPL) over REST (bench:store's request) and SOAP;
 * BENCH_CASES=rest, soap, validate or store keeps those whose label holds one of the words.
 */
export function commitCases(authentication: { delisId: string; authToken: string; messageLanguage: string }): CommitCase[] {
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
      label: 'storeOrders ZPL, REST',
      path: '/rest/services/ShipmentService/V3_5/storeOrders',
      contentType: 'application/json',
      body: JSON.stringify({ authentication, storeOrders: zpl }),
    },
    {
      label: 'storeOrders ZPL, SOAP',
      path: soapPath,
      contentType: SOAP_CONTENT_TYPE,
      body: soapRequest('storeOrders', zpl, { authentication }),
    },
  ];
  const only = process.env.BENCH_CASES?.split(',').map((word) => word.trim().toLowerCase());
  return cases.filter((entry) => only === undefined || only.some((word) => entry.label.toLowerCase().includes(word)));
}
