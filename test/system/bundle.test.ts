// What `npm start` runs: the build (scripts/build.mjs) bundles the command line into plain
// JavaScript, and that bundle manages accounts, serves, validates and stores.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../src/store/open-database.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { REST_PATH } from '../support/rest.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';

describe('the built bundle', () => {
  let dir: string;
  let server: ServerProcess;
  let bundle: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parcel-bundle-'));
    // Inside the project, so the bundle finds node_modules as dist/parcel-service.mjs does.
    bundle = join('dist', `bundle-test-${process.pid}.mjs`);
    execFileSync(process.execPath, ['scripts/build.mjs', 'src/cli/main.ts', bundle]);
    const env = { DATA_DIR: join(dir, 'data') };
    await runCli(['accounts', 'add', '--delis-id', 'KDBUNDLE1', '--password', 'bundle-pass', '--depot', '0522'], env, bundle);
    server = await startServerProcess(env, bundle);
  });
  after(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(bundle, { force: true });
    await rm(`${bundle}.map`, { force: true });
  });

  it('logs in, validates and stores a parcel with its label', async () => {
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      ).json();
    const login = await post(REST_PATH.getAuth, {
      delisId: 'KDBUNDLE1',
      password: 'bundle-pass',
      messageLanguage: 'en_US',
    });
    const authentication = { delisId: 'KDBUNDLE1', authToken: login.getAuthResponse.return.authToken, messageLanguage: 'en_US' };
    const validated = await post(REST_PATH.validateOrders, {
      authentication,
      validateOrders: minimumRequest(),
    });
    assert.deepEqual(validated.orderResult, { success: true, messages: [] });
    const stored = await post(REST_PATH.storeOrders, { authentication, storeOrders: minimumRequest() });
    assert.match(stored.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber, /^0522\d{10}$/);
    // Drawn by the bundled label thread (label-worker.mjs beside the bundle).
    assert.equal(Buffer.from(stored.orderResult.parcellabelsPDF, 'base64').subarray(0, 5).toString(), '%PDF-');
  });

  it('keeps those stage requests, masked by the bundled stage-log worker, once it has stopped', async () => {
    await server.stop();
    const store = await openStore({ sqlitePath: join(dir, 'data', 'stage.sqlite') });
    try {
      const kept = await store.stageRequests.latest(10);
      assert.deepEqual(kept.map((r) => r.operation).sort(), ['getAuth', 'storeOrders', 'validateOrders']);
      for (const request of kept) assert.equal(/bundle-pass|Pakketverzender|Ontvanger|Coolsingel/.test(request.body), false, request.body);
    } finally {
      await store.close();
    }
  });
});
