// The package as an operator gets it: `npm pack` (its prepack builds the bundle), installed into an
// empty folder with `npm install --offline` and an empty npm cache — every runtime dependency comes
// from the tarball itself (bundleDependencies) — then every operator command and `serve` run from the
// installed bin, without TypeScript, tsx or esbuild, and a parcel is stored over REST. The exchanges
// are checked against the OpenAPI document the installed server serves. (npm run test:package: it
// compiles better-sqlite3 from its sources, a minute or more.)
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { minimumRequest } from '../fixtures/requests.ts';
import { createOpenApiChecker, type Document, type OpenApiChecker } from '../support/openapi-check.ts';
import { REST_PATH } from '../support/rest.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const PASSWORD = 'package-pass';

/** The environment of the installed commands: nothing of this project's test runner (no `--import tsx`). */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && name !== 'NODE_OPTIONS' && name !== 'NODE_PATH' && !name.startsWith('npm_')) env[name] = value;
  }
  return { ...env, ...extra };
}

describe('the npm package, installed offline into an empty folder', () => {
  let dir: string;
  let folder: string;
  let bin: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let checker: OpenApiChecker;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parcel-package-'));
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const [{ filename }] = JSON.parse(stdout) as Array<{ filename: string }>;
    // What README "Install" tells an operator to do.
    folder = join(dir, 'operator');
    await mkdir(folder);
    const npm = (...args: string[]) => run('npm', args, { cwd: folder, env: cleanEnv({}), maxBuffer: 64 * 1024 * 1024 });
    await npm('init', '-y');
    await npm('pkg', 'set', 'allowScripts.better-sqlite3=true', '--json');
    await npm('install', '--offline', '--cache', join(dir, 'empty-npm-cache'), '--no-audit', '--no-fund', join(dir, filename));
    bin = join(folder, 'node_modules', '.bin', 'parcel-service');
    env = cleanEnv({ DATA_DIR: join(folder, 'data'), LOG_LEVEL: 'info' });
  });

  after(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('holds the prebuilt bundle and no sources, TypeScript, tsx or esbuild', async () => {
    const installed = join(folder, 'node_modules', 'parcel-shipment-service');
    assert.ok(existsSync(join(installed, 'dist', 'parcel-service.mjs')));
    assert.equal(existsSync(join(installed, 'src')), false);
    const names = [...(await readdir(join(installed, 'node_modules'))), ...(await readdir(join(folder, 'node_modules')))];
    for (const name of ['tsx', 'esbuild', 'typescript']) assert.equal(names.includes(name), false, name);
    // The web console is in the bundle's folder, built; its libraries are not installed.
    assert.ok(existsSync(join(installed, 'dist', 'console', 'manifest.json')));
    for (const name of ['preact', 'zpl-renderer-js']) assert.equal(names.includes(name), false, name);
  });

  it('runs the operator commands from the installed bin (npx parcel-service)', async () => {
    const npx = await run('npx', ['--offline', 'parcel-service', 'migrate'], { cwd: folder, env });
    assert.match(npx.stdout, /schema up to date \(stage, sqlite\)/);
    const added = await runCli(['accounts', 'add', '--delis-id', 'KDPACK001', '--password', PASSWORD, '--depot', '0522'], env, bin);
    assert.match(added, /added \(stage\): KDPACK001/);
    assert.match(await runCli(['accounts', 'set', 'KDPACK001', '--language', 'nl_NL'], env, bin), /KDPACK001/);
    assert.match(await runCli(['accounts', 'list'], env, bin), /KDPACK001 .*nl_NL/);
    const sample = join(folder, 'node_modules', 'parcel-shipment-service', 'docs', 'parcel-shops.sample.json');
    assert.match(await runCli(['shops', 'import', sample], env, bin), /imported \d+ parcel shops/);
    assert.match(await runCli(['shops', 'list', '--country', 'NL'], env, bin), /\S/);
    await runCli(['purge'], env, bin);
    await runCli(['stage-log', '--since', '1d'], env, bin);
    await runCli(['consolidations', '--delis-id', 'KDPACK001'], env, bin);
  });

  it('serves: logs in, stores a parcel and tracks it, every exchange fitting the served OpenAPI document', async () => {
    server = await startServerProcess(env, bin);
    const document = (await (await fetch(`${server.url}/rest/openapi.json`)).json()) as Document;
    checker = createOpenApiChecker(document);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${server!.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      assert.deepEqual(checker.check({ path, request: body, statusCode: response.status, answer }), [], path);
      assert.equal(response.status, 200, JSON.stringify(answer));
      return answer;
    };
    const login = (await post(REST_PATH.getAuth, { delisId: 'KDPACK001', password: PASSWORD, messageLanguage: 'en_US' })) as {
      getAuthResponse: { return: { authToken: string } };
    };
    const authentication = { delisId: 'KDPACK001', authToken: login.getAuthResponse.return.authToken, messageLanguage: 'en_US' };
    const stored = (await post(REST_PATH.storeOrders, { authentication, storeOrders: minimumRequest() })) as {
      orderResult: { parcellabelsPDF: string; shipmentResponses: Array<{ parcelInformation: Array<{ parcelLabelNumber: string }> }> };
    };
    // The PDF label, drawn by the label threads of the installed bundle with the packaged font.
    assert.equal(Buffer.from(stored.orderResult.parcellabelsPDF, 'base64').subarray(0, 5).toString(), '%PDF-');
    const parcelLabelNumber = stored.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber;
    assert.match(parcelLabelNumber, /^0522\d{10}$/);
    // The web console from the package's own files: its page, and the script and style it names.
    const consolePage = await (await fetch(`${server.url}/console`)).text();
    const assets = [...consolePage.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map((match) => match[1]);
    assert.equal(assets.length, 2, consolePage);
    for (const asset of assets) assert.equal((await fetch(`${server.url}${asset}`)).status, 200, asset);
    const tracked = (await post(REST_PATH.getTrackingData, { authentication, getTrackingData: { parcelLabelNumber } })) as {
      getTrackingDataResponse: { trackingResult: { shipmentInfo: { trackingProperty: Array<{ key: string; value: string }> } } };
    };
    // The carrier's form: the parcel's facts as keys and values.
    const facts = tracked.getTrackingDataResponse.trackingResult.shipmentInfo.trackingProperty;
    assert.equal(facts.find((fact) => fact.key === 'parcelLabelNumber')?.value, parcelLabelNumber, JSON.stringify(facts));
    const docs = await fetch(`${server.url}/docs/swagger-ui-bundle.js`);
    assert.equal(docs.status, 200);
    // The carrier's side of the parcel, from the command line: its day closed on the way, delivered.
    assert.match(
      await runCli(['parcels', 'advance', '--delis-id', 'KDPACK001', '--to', 'delivered', parcelLabelNumber], env, bin),
      new RegExp(
        `^${parcelLabelNumber} {2}DataReceived → Delivered {2}\\(transferred → delivered\\) {2}\\(day \\d{8} closed on the way\\)$`,
        'm',
      ),
    );
  });
});
