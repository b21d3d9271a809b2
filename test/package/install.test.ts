// The package as an operator gets it: README "Install"'s lines run as they are written, in a bash
// with a temporary home folder (so `~` and npm's cache are new and empty) — `npm run pack`, the
// tarball moved into a new folder, `npm install --offline`: every runtime dependency comes from the
// tarball itself (bundleDependencies) — then every operator command and `serve` run from the
// installed bin, without TypeScript, tsx or esbuild, and a parcel is stored over REST. The exchanges
// are checked against the OpenAPI document the installed server serves. The tarball's size and
// contents are checked, and the README's `npx parcel-service serve` and the bin itself are signalled.
// (npm run test:package: it compiles better-sqlite3 from its sources, a minute or more.)
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { minimumRequest } from '../fixtures/requests.ts';
import { createOpenApiChecker, type Document, type OpenApiChecker } from '../support/openapi-check.ts';
import { REST_PATH } from '../support/rest.ts';
import { runCli, startServerProcess } from '../support/server-process.ts';
import { commandEnv, readServiceOutput, signalAndSeeStopped, waitForListening } from '../support/service-output.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const PASSWORD = 'package-pass';
const TARBALL = 'parcel-shipment-service-0.1.0.tgz';
/** The tarball's bound: 13.9 MB when README "Install" was written, 33.5 MB before scripts/pack.ts. */
const MAX_TARBALL_BYTES = 16 * 1024 * 1024;

/** The lines of README "Install"'s shell block, as a person copies them. */
async function readmeInstallLines(): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Install\n'));
  const block = /```sh\n([\s\S]*?)\n```/.exec(section);
  assert.ok(block, 'README "Install" has a sh block');
  return block[1].split('\n');
}

describe('the npm package, installed offline into an empty folder as README "Install" says', () => {
  let home: string;
  let folder: string;
  let bin: string;
  let env: Record<string, string>;
  let serveLine: string;
  let checker: OpenApiChecker;

  before(async () => {
    home = await mkdtemp(join(tmpdir(), 'parcel-package-'));
    // Beside the README's lines: the service's port, any free one rather than 8080, and the machine's
    // npm configuration, kept with the new home (where node-gyp finds the Node.js headers: nodedir).
    env = commandEnv({ HOME: home, PORT: '0', LOG_LEVEL: 'info', npm_config_userconfig: join(homedir(), '.npmrc') });
    const lines = await readmeInstallLines();
    serveLine = lines.at(-1)!;
    assert.equal(serveLine, 'npx parcel-service serve');
    await run('bash', ['-euo', 'pipefail', '-c', lines.slice(0, -1).join('\n')], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 });
    folder = join(home, 'parcel-service');
    bin = join(folder, 'node_modules', '.bin', 'parcel-service');
    env = { ...env, DATA_DIR: join(folder, 'data') };
  });

  after(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it("packs within the bound, without build leftovers, source maps, dependencies' tests or docs, or unused fonts", async () => {
    const tarball = join(folder, TARBALL);
    const { size } = await stat(tarball);
    assert.ok(size <= MAX_TARBALL_BYTES, `${size} bytes`);
    const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 64 * 1024 * 1024 });
    const paths = stdout.split('\n').filter((path) => path !== '');
    const cases: ReadonlyArray<{ what: string; pattern: RegExp; count: number }> = [
      { what: "better-sqlite3's build directory", pattern: /node_modules\/better-sqlite3\/build\//, count: 0 },
      { what: 'object files and archives', pattern: /\.(o|a|obj|lib)$/, count: 0 },
      { what: "SQLite's sources, once (compiled at install)", pattern: /\/sqlite3\.c$/, count: 1 },
      { what: 'source maps', pattern: /\.map$/, count: 0 },
      {
        what: "dependencies' tests, docs, examples and benchmarks",
        pattern: /node_modules\/(@[^/]+\/)?[^/]+\/(test|tests|__tests__|docs|doc|examples?|benchmarks?)\//,
        count: 0,
      },
      { what: 'TypeScript', pattern: /^package\/src\/|\.d\.ts$/, count: 0 },
    ];
    for (const { what, pattern, count } of cases) {
      const found = paths.filter((path) => pattern.test(path));
      assert.equal(found.length, count, `${what}: ${found.slice(0, 5).join(', ')}`);
    }
    const fonts = paths.filter((path) => /\.(ttf|otf|woff2?)$/.test(path)).sort();
    assert.deepEqual(fonts, [
      'package/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
      'package/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
    ]);
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
    const accounts = await runCli(['accounts', 'list'], env, bin);
    assert.match(accounts, /KDPACK001 .*nl_NL/);
    // The account the README's lines added, in the folder's default DATA_DIR (./data).
    assert.match(accounts, /KD123456/);
    const sample = join(folder, 'node_modules', 'parcel-shipment-service', 'docs', 'parcel-shops.sample.json');
    assert.match(await runCli(['shops', 'import', sample], env, bin), /imported \d+ parcel shops/);
    assert.match(await runCli(['shops', 'list', '--country', 'NL'], env, bin), /\S/);
    await runCli(['purge'], env, bin);
    await runCli(['stage-log', '--since', '1d'], env, bin);
    await runCli(['consolidations', '--delis-id', 'KDPACK001'], env, bin);
  });

  it('serves: logs in, stores a parcel and tracks it, every exchange fitting the served OpenAPI document', async (t) => {
    const server = await startServerProcess(env, bin);
    t.after(() => server.stop());
    const document = (await (await fetch(`${server.url}/rest/openapi.json`)).json()) as Document;
    checker = createOpenApiChecker(document);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
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
    // The carrier's side of the parcel, from the command line: its day closed on the way, delivered, the account's clock moved on to the delivery.
    assert.match(
      await runCli(['parcels', 'advance', '--delis-id', 'KDPACK001', '--to', 'delivered', parcelLabelNumber], env, bin),
      new RegExp(
        `^${parcelLabelNumber} {2}DataReceived → Delivered {2}\\(transferred → delivered\\) {2}\\(day \\d{8} closed on the way\\) {2}\\(the account's clock moved on to [0-9T:.-]+Z\\)$`,
        'm',
      ),
    );
  });

  // The README's serve line — npm, its shell, the service: the shell dies of SIGTERM and the service
  // sees its parent gone — and the bin itself as a supervisor runs it (docs/operations.md).
  const stops = [
    { started: "README's serve line (npx)", line: () => serveLine, signal: 'SIGTERM' },
    { started: 'the bin under a supervisor', line: () => 'node_modules/.bin/parcel-service serve', signal: 'SIGTERM' },
    { started: 'the bin under a supervisor', line: () => 'node_modules/.bin/parcel-service serve', signal: 'SIGINT' },
  ] as const;
  for (const { started, line, signal } of stops) {
    it(`${started}: ${signal} sent to it stops the service gracefully`, async () => {
      const command = spawn('bash', ['-c', `exec ${line()}`], { cwd: folder, env, stdio: ['ignore', 'pipe', 'inherit'] });
      const output = readServiceOutput(command.stdout);
      const url = await waitForListening(output);
      await signalAndSeeStopped(command, output, url, signal);
    });
  }
});
