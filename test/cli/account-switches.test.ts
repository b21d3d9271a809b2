// `accounts set --disabled / --no-disabled` and `accounts remove [--with-data]` against a running
// server process on the same data: a disabled account cannot log in (a clear reason) and its token
// ends; an account with parcels is removed only with --with-data, and then logs in no more.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { firstParcelNumbers, REST_PATH, type Auth } from '../support/rest.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const DELIS_ID = 'KDSWITCH1';
const PASSWORD = 'switch-pass-1';

describe('accounts set --disabled and accounts remove', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'parcel-switches-'));
    env = { DATA_DIR: dataDir };
    await runCli(['accounts', 'add', '--delis-id', DELIS_ID, '--password', PASSWORD, '--depot', '0522'], env);
    // Every token checked at every call: the CLI's change is seen at once.
    server = await startServerProcess({ ...env, SESSION_CACHE_SECONDS: '0', LABEL_THREADS: '0', PURGE_INTERVAL_MINUTES: '0' });
  });
  after(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const login = () => post(REST_PATH.getAuth, { delisId: DELIS_ID, password: PASSWORD, messageLanguage: 'en_US' });
  const authOf = (answer: Record<string, any>): Auth => ({
    delisId: DELIS_ID,
    authToken: answer.getAuthResponse.return.authToken,
    messageLanguage: 'en_US',
  });

  let auth: Auth;

  it('an enabled account logs in and stores a parcel', async () => {
    const answer = await login();
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    auth = authOf(answer.body);
    const stored = await post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() });
    assert.equal(firstParcelNumbers(stored.body).length, 1);
  });

  it('a disabled account cannot log in, told why; its token ends', async () => {
    assert.match(await runCli(['accounts', 'set', DELIS_ID, '--disabled'], env), /changed \(stage\): KDSWITCH1 .* disabled$/m);
    const refused = await login();
    assert.equal(refused.status, 401);
    assert.equal(refused.body.status.code, 'DELICOM_ERR_AUTHENTICATION');
    assert.equal(
      refused.body.status.message,
      'Authentication failed: the account is disabled; the operator of this service can enable it again.',
    );
    const call = await post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() });
    assert.equal(call.status, 401);
    // A wrong password is not told the account is disabled.
    const guess = await post(REST_PATH.getAuth, { delisId: DELIS_ID, password: 'wrong-password', messageLanguage: 'en_US' });
    assert.doesNotMatch(guess.body.status.message, /disabled/);
    assert.match(await runCli(['accounts', 'list'], env), /^KDSWITCH1 .* disabled$/m);
  });

  it('--no-disabled enables it again', async () => {
    assert.doesNotMatch(await runCli(['accounts', 'set', DELIS_ID, '--no-disabled'], env), /disabled/);
    assert.equal((await login()).status, 200);
  });

  it('remove refuses an account with parcels, and names --with-data', async () => {
    await assert.rejects(runCli(['accounts', 'remove', DELIS_ID], env), /KDSWITCH1 holds 1 parcels and 1 orders in stage; .*--with-data/);
    assert.equal((await login()).status, 200);
  });

  it('remove --with-data removes it with its data; it logs in no more', async () => {
    assert.match(
      await runCli(['accounts', 'remove', DELIS_ID, '--with-data'], env),
      /removed \(stage\): KDSWITCH1 {2}parcels=1 {2}orders=1/,
    );
    const refused = await login();
    assert.equal(refused.status, 401);
    assert.match(refused.body.status.message, /unknown delisId or wrong password/);
    await assert.rejects(runCli(['accounts', 'remove', DELIS_ID], env), /no account KDSWITCH1 in stage/);
  });

  it('removes an account without data without --with-data', async () => {
    await runCli(['accounts', 'add', '--delis-id', 'KDEMPTY01', '--password', PASSWORD, '--depot', '0522'], env);
    assert.match(await runCli(['accounts', 'remove', 'KDEMPTY01'], env), /removed \(stage\): KDEMPTY01 {2}parcels=0/);
    assert.doesNotMatch(await runCli(['accounts', 'list'], env), /KDEMPTY01/);
  });
});
