// `parcel-service --help` lists every environment variable with its default — the one list readConfig
// takes its defaults from — and `serve --port --host` listen where they say, over PORT and HOST.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { ENVIRONMENT_VARIABLES, readConfig } from '../../src/server/config/config.ts';
import { runCli } from '../support/server-process.ts';

const BIN = new URL('../../bin/parcel-service.js', import.meta.url).pathname;
const SRC = (path: string) => new URL(`../../src/${path}`, import.meta.url);

describe('parcel-service --help and serve --port --host', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'parcel-serve-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('lists every environment variable with its default, on the program and on serve', async () => {
    for (const args of [['--help'], ['serve', '--help']]) {
      const out = await runCli(args, {});
      for (const [name, variable] of Object.entries(ENVIRONMENT_VARIABLES)) {
        const value = variable.default === undefined ? `unset: ${variable.unset}` : `default ${variable.default}`;
        assert.match(out, new RegExp(`^  ${name} +${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')};`, 'm'), `${args.join(' ')}: ${name}`);
      }
    }
  });

  it('lists exactly the variables server/config/ reads, and those the README documents', async () => {
    const directory = SRC('server/config/');
    const names = (await readdir(directory)).filter((name) => name.endsWith('.ts'));
    const config = (await Promise.all(names.map((name) => readFile(new URL(name, directory), 'utf8')))).join('\n');
    // Every variable is read through `read(env, NAME)`, `readWithDefault` or `integer(env, NAME, …)`.
    const read = new Set([...config.matchAll(/(?:read|readWithDefault|integer)\(env, '([A-Z_]+)'/g)].map((m) => m[1]));
    assert.deepEqual([...read].sort(), Object.keys(ENVIRONMENT_VARIABLES).sort());
    assert.doesNotMatch(config, /env\.[A-Z_]+|env\['[A-Z_]+'\]/, 'no variable read around the list');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const documented = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    for (const name of Object.keys(ENVIRONMENT_VARIABLES)) assert.ok(documented.includes(name), `README "Configuration" lacks ${name}`);
  });

  it('takes the defaults from the list', () => {
    const config = readConfig({}, 4096);
    assert.equal(String(config.port), ENVIRONMENT_VARIABLES.PORT.default);
    assert.equal(config.host, ENVIRONMENT_VARIABLES.HOST.default);
    assert.equal(config.environment, ENVIRONMENT_VARIABLES.PARCEL_ENV.default);
    assert.equal(config.timeZone, ENVIRONMENT_VARIABLES.SERVICE_TIME_ZONE.default);
    assert.equal(String(config.bodyLimit), ENVIRONMENT_VARIABLES.BODY_LIMIT.default);
    assert.equal(String(config.notifications.maxAttempts), ENVIRONMENT_VARIABLES.NOTIFY_MAX_ATTEMPTS.default);
  });

  it('serve --port --host listens there, over a PORT and HOST it would refuse', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'], {
      // Without the options these stop the start: no such port, an address not of this machine.
      env: { ...process.env, DATA_DIR: dataDir, PORT: 'not-a-port', HOST: '203.0.113.7', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let url: string | undefined;
    for await (const line of createInterface({ input: child.stdout })) {
      const match = /"address":"(http:\/\/[^"]+)"/.exec(line);
      if (match !== null && line.includes('parcel service listening')) {
        url = match[1];
        break;
      }
    }
    try {
      assert.match(url ?? stderr, /^http:\/\/127\.0\.0\.1:[0-9]+$/);
      assert.equal((await fetch(`${url}/health`)).status, 200);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });

  it('serve --port refuses what PORT refuses, naming it', async () => {
    await assert.rejects(
      runCli(['serve', '--port', '70000'], { DATA_DIR: dataDir }),
      /PORT must be a whole number from 0 to 65535, got "70000"/,
    );
  });
});
