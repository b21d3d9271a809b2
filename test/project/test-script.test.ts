// scripts/test.sh narrows the unit suite (npm test -- --service NAME | --operation NAME | --folder NAME):
// the files of one service's folder, the files named after one operation, and no run at all when
// nothing matches.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The files scripts/test.sh would run with `args` (its --list), or its exit status and message. */
function chosen(...args: string[]): { status: number | null; files: string[]; stderr: string } {
  const run = spawnSync('bash', ['scripts/test.sh', ...args, '--list'], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, files: run.stdout.split('\n').filter(Boolean), stderr: run.stderr };
}

describe('scripts/test.sh filters', () => {
  it('--service runs the folder of the service, by folder or service name', () => {
    const inFolder = readdirSync(new URL('../shipment/', import.meta.url))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `test/shipment/${name}`)
      .sort();
    assert.deepEqual(chosen('--service', 'shipment').files, inFolder);
    assert.deepEqual(chosen('--service', 'ShipmentService').files, inFolder);
    assert.ok(chosen('--service', 'ParcelLifeCycleService').files.every((file) => file.startsWith('test/parcel-life-cycle/')));
  });

  it('--operation runs the files named after the operation', () => {
    assert.deepEqual(chosen('--operation', 'storeOrders').files, ['test/shipment/store-orders.test.ts']);
    assert.deepEqual(chosen('--operation', 'exportOrders').files, ['test/shipment/export-orders.test.ts']);
    assert.deepEqual(chosen('--operation', 'getParcelData').files, ['test/console/get-parcel-data.test.ts']);
  });

  it('filters narrow together, and a filter nothing matches fails instead of running nothing', () => {
    assert.deepEqual(chosen('--folder', 'rules', '--operation', 'pickup').files, ['test/rules/pickup.test.ts']);
    const none = chosen('--operation', 'noSuchOperation');
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no test file matches/);
  });
});
