// The README's "Testing your integration" recipes run as written, against a listening stage server
// with the recipe's account: the CI job with curl (bash, curl, node) and the zeep script (Debian
// python3-zeep, run with /usr/bin/python3). Only the server's address is put in.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from '../support/app.ts';

const run = promisify(execFile);
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The address the recipes are written for. */
const RECIPE_ORIGIN = 'http://127.0.0.1:8080';

/** The first code block of `language` in the README's "Testing your integration" section. */
function recipe(language: 'sh' | 'python'): string {
  const start = README.indexOf('\n## Testing your integration\n');
  assert.notEqual(start, -1, 'the README has a "Testing your integration" section');
  const section = README.slice(start, README.indexOf('\n## ', start + 1));
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(section);
  assert.ok(block !== null, `the section has a ${language} block`);
  assert.ok(block[1].includes(RECIPE_ORIGIN), `the ${language} block calls ${RECIPE_ORIGIN}`);
  return block[1];
}

describe('README "Testing your integration"', () => {
  let t: TestApp;
  let origin: string;
  before(async () => {
    t = await startTestApp({ env: { PARCEL_ENV: 'stage' } });
    await t.addAccount({ delisId: 'KD123456', password: 'secret-pass' });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => t.close());

  it('runs the CI job with curl to its end: reset, a parcel delivered, a 503, the 28 days run out', async () => {
    const script = recipe('sh').replaceAll(RECIPE_ORIGIN, origin);
    const { stdout } = await run('bash', ['-c', script], { timeout: 120_000 });
    assert.match(stdout, /"resetAccountResponse":\{"parcels":0,/);
    assert.match(stdout, /"setClockResponse":\{"now":"2027-01-05T10:00:00\.000000Z","fixed":true\}/);
    assert.match(stdout, /"advanceParcelResponse":\{"parcelLabelNumber":"[0-9]{14}","previousState":"consolidated","state":"delivered"\}/);
    assert.match(stdout, /^delivered$/m);
    assert.match(stdout, /"injectFaultResponse":\{"id":[0-9]+,"operation":"storeOrders","binding":"any","remaining":1,"httpStatus":503\}/);
    assert.match(
      stdout,
      /"getSandboxStateResponse":\{"clock":\{"now":"2027-02-03T10:00:00\.000000Z","fixed":true\},"parcels":\[\{"state":"expired","count":1\}\],"fault":\[\]\}/,
    );
  });

  it('runs the zeep script to its end: an injected faults fault, then an injected HTTP 503', async () => {
    const script = recipe('python').replaceAll(RECIPE_ORIGIN, origin);
    const { stdout } = await run('/usr/bin/python3', ['-c', script], { timeout: 120_000 });
    assert.deepEqual(stdout.trim().split('\n'), ['soap:Client The carrier is down. CARRIER_DOWN', '503']);
  });
});
