// The demo account (server/demo-account.ts): a first start on stage makes one and prints its login and
// the addresses to start from, once; a second start, live, and DEMO_ACCOUNT=0 make none. Processes as
// `npm start` runs them, then the start's check itself over both stores, two processes at once.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { browsableOrigin, checkAccountsAtStart, demoPassword, DEMO_DELIS_ID } from '../../src/server/store/demo-account.ts';
import { forEachStore } from '../support/databases.ts';
import { REST_PATH } from '../support/rest.ts';
import { runCli, startServerProcess } from '../support/server-process.ts';

/** The demo account's line as a person reads it. */
const DEMO_LINE = /^Stage demo account, made on this first start and shown only now: delisId (\S+), password (\S+), depot (\d{4})$/m;

/** An empty DEMO_ACCOUNT counts as unset: the default (the process helper turns the demo off otherwise). */
const DEFAULT = { DEMO_ACCOUNT: '' };

async function logIn(url: string, delisId: string, password: string): Promise<number> {
  const response = await fetch(`${url}${REST_PATH.getAuth}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ delisId, password, messageLanguage: 'en_US' }),
  });
  return response.status;
}

describe('the demo account of a first start', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parcel-demo-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('is made on stage, printed once with the addresses to start from, and logs in; a second start makes none', async () => {
    const env = { DATA_DIR: join(dir, 'stage'), PARCEL_ENV: 'stage', LABEL_THREADS: '0' };
    const first = await startServerProcess({ ...env, ...DEFAULT });
    let password: string;
    try {
      const line = DEMO_LINE.exec(first.printed);
      assert.ok(line !== null, first.printed);
      const [, delisId, printedPassword, depot] = line;
      password = printedPassword;
      assert.deepEqual([delisId, depot], [DEMO_DELIS_ID, '0522']);
      assert.match(password, /^[0-9a-hjkmnp-tv-z]{4}(?:-[0-9a-hjkmnp-tv-z]{4}){3}$/);
      assert.equal(await logIn(first.url, delisId, password), 200);
      // Every address it names, on this server, with what it is.
      const addresses = new Map([...first.printed.matchAll(/^ {2}(.+?): +(http:\/\/\S+)$/gm)].map(([, title, url]) => [title, url]));
      assert.deepEqual(
        [...addresses.keys()],
        [
          'Console',
          'API reference',
          'OpenAPI document (JSON)',
          'WSDL LoginService V2_1',
          'WSDL ShipmentService V3_5',
          'WSDL ShipmentService V3_3',
          'WSDL ParcelShopFinderService V5_0',
          'WSDL ParcelLifeCycleService V2_0',
          'WSDL SandboxService V1_0',
          'WSDL EndOfDayService V1_0',
          'WSDL ConsoleService V1_0',
        ],
      );
      for (const [title, url] of addresses) {
        assert.ok(url.startsWith(`${first.url}/`), `${title}: ${url}`);
        const { status } = await fetch(url);
        // The console answers 503 until `npm run build` has built it (npm start always does).
        assert.ok(status === 200 || (title === 'Console' && status === 503), `${title}: ${url} answered ${status}`);
      }
    } finally {
      await first.stop();
    }

    const second = await startServerProcess({ ...env, ...DEFAULT });
    try {
      assert.doesNotMatch(second.printed, /demo account/i);
      assert.equal(await logIn(second.url, DEMO_DELIS_ID, password), 200, 'the account and its password are kept');
    } finally {
      await second.stop();
    }
    const accounts = await runCli(['accounts', 'list'], env);
    assert.match(accounts, /^KDDEMO01 {2}depots=0522 {2}language=en_US {2}lateExport=false {2}pickupApproved=false\n$/);
  });

  for (const [name, env] of [
    ['on live, whatever DEMO_ACCOUNT says', { PARCEL_ENV: 'live', DEMO_ACCOUNT: '1' }],
    ['on stage with DEMO_ACCOUNT=0', { PARCEL_ENV: 'stage', DEMO_ACCOUNT: '0' }],
  ] as const) {
    it(`is not made ${name}`, async () => {
      const where = { ...env, DATA_DIR: join(dir, `${env.PARCEL_ENV}-${env.DEMO_ACCOUNT}`), LABEL_THREADS: '0' };
      const server = await startServerProcess(where);
      try {
        assert.doesNotMatch(server.printed, /demo account/i);
        assert.equal(await logIn(server.url, DEMO_DELIS_ID, 'any-password'), 401);
      } finally {
        await server.stop();
      }
      assert.match(await runCli(['accounts', 'list'], where), new RegExp(`^no accounts in ${env.PARCEL_ENV};`));
    });
  }
});

describe('the demo account’s parts', () => {
  it('has a password of four groups of four, easy to read, different each time', () => {
    const passwords = new Set(Array.from({ length: 50 }, demoPassword));
    assert.equal(passwords.size, 50);
    for (const password of passwords) assert.match(password, /^[0-9a-hjkmnp-tv-z]{4}(?:-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('names the address a person opens: the loopback for a wildcard listening address', () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
      ['http://0.0.0.0:8080', 'http://127.0.0.1:8080'],
      ['http://[::]:8080', 'http://127.0.0.1:8080'],
      ['http://[::1]:8080', 'http://[::1]:8080'],
      ['http://10.0.0.5:9090', 'http://10.0.0.5:9090'],
    ];
    for (const [address, origin] of cases) assert.equal(browsableOrigin(address), origin, address);
  });
});

forEachStore('the start’s account check', ({ store }) => {
  it('makes no account with makeDemo false, and tells that there is none', async () => {
    assert.deepEqual(await checkAccountsAtStart(store().accounts, false), { kind: 'none' });
    assert.deepEqual(await store().accounts.listAccounts(), []);
  });

  it('makes one demo account when two processes start on one empty database at once; the other sees it', async () => {
    const results = await Promise.all([checkAccountsAtStart(store().accounts, true), checkAccountsAtStart(store().accounts, true)]);
    assert.deepEqual(results.map((result) => result.kind).sort(), ['demo', 'some']);
    const accounts = await store().accounts.listAccounts();
    assert.deepEqual(
      accounts.map((account) => [account.delisId, account.depots]),
      [[DEMO_DELIS_ID, ['0522']]],
    );
    assert.deepEqual(await checkAccountsAtStart(store().accounts, true), { kind: 'some' });
  });
});
