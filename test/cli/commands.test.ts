// The operator's command line, run as a real process: accounts, switches, purge, stage-log,
// consolidations, and clear errors for wrong input.
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { verifyPassword } from '../../src/domain/login/password.ts';
import { openStore } from '../../src/store/open-database.ts';
import { createTestDatabase } from '../support/databases.ts';
import { runCli } from '../support/server-process.ts';

describe('parcel-service command line', () => {
  let dataDir: string;
  let env: Record<string, string>;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'parcel-cli-'));
    env = { DATA_DIR: dataDir };
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  const account = async (delisId: string, environment = 'stage') => {
    const store = await openStore({ sqlitePath: join(dataDir, `${environment}.sqlite`) });
    try {
      return await store.accounts.findAccount(delisId);
    } finally {
      await store.close();
    }
  };

  it('adds an account with a hashed password, depots and switches', async () => {
    const out = await runCli(
      [
        'accounts',
        'add',
        '--delis-id',
        'KD123456',
        '--password',
        'secret-pass',
        '--depot',
        '0522',
        '--depot',
        '0174',
        '--late-export',
        '--language',
        'nl_NL',
      ],
      env,
    );
    assert.match(out, /added \(stage\): KD123456 {2}depots=0522,0174 {2}language=nl_NL {2}lateExport=true {2}pickupApproved=false/);
    const stored = await account('KD123456');
    assert.deepEqual(stored?.depots, ['0522', '0174']);
    assert.notEqual(stored?.passwordHash, 'secret-pass');
    assert.equal(await verifyPassword('secret-pass', stored.passwordHash), true);
  });

  it('changes switches, depots and the password', async () => {
    const out = await runCli(
      ['accounts', 'set', 'KD123456', '--no-late-export', '--pickup-approved', '--depot', '0522', '--password', 'another-pass'],
      env,
    );
    assert.match(out, /lateExport=false {2}pickupApproved=true/);
    const stored = await account('KD123456');
    assert.deepEqual(stored?.depots, ['0522']);
    assert.equal(await verifyPassword('another-pass', stored.passwordHash), true);
  });

  it('names the environment it changed, and says that a pickup approval on stage does not reach live', async () => {
    // The README's approval is `PARCEL_ENV=live … --pickup-approved`; without PARCEL_ENV it changed stage
    // and answered "changed: … pickupApproved=true", as if live had been approved.
    const out = await runCli(['accounts', 'set', 'KD123456', '--pickup-approved'], env);
    assert.match(out, /changed \(stage\): KD123456 .*pickupApproved=true/);
    assert.match(out, /the approval counts on live \(PARCEL_ENV=live\)/);
    await assert.rejects(
      runCli(['accounts', 'set', 'KD123456', '--pickup-approved'], { ...env, PARCEL_ENV: 'live' }),
      /no account KD123456 in live/,
    );
  });

  it('reads a password from standard input with --password-stdin', async () => {
    const bin = new URL('../../bin/parcel-service.js', import.meta.url).pathname;
    assert.match(
      await runCli(['accounts', 'add', '--delis-id', 'KD777777', '--password-stdin', '--depot', '0522'], env, bin, 'from-stdin-pass\n'),
      /added \(stage\): KD777777/,
    );
    assert.equal(await verifyPassword('from-stdin-pass', (await account('KD777777'))!.passwordHash), true);
    await runCli(['accounts', 'set', 'KD777777', '--password-stdin'], env, bin, 'changed-on-stdin\r\n');
    assert.equal(await verifyPassword('changed-on-stdin', (await account('KD777777'))!.passwordHash), true);
    await assert.rejects(
      runCli(['accounts', 'add', '--delis-id', 'KD777778', '--depot', '0522'], env),
      /give the password with --password or --password-stdin/,
    );
    await assert.rejects(
      runCli(['accounts', 'set', 'KD777777', '--password', 'x-long-enough', '--password-stdin'], env, bin, 'other-pass\n'),
      /not both/,
    );
    await assert.rejects(
      runCli(['accounts', 'add', '--delis-id', 'KD777779', '--password-stdin', '--depot', '0522'], env, bin, '        \n'),
      /only spaces is no password/,
    );
    // commander's own message repeated the refused password ("argument 'short-pw' is invalid") into logs.
    const refused = await runCli(['accounts', 'set', 'KD777777', '--late-export', '--password', 'short-p'], env).then(
      () => '',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    assert.match(refused, /error: a password has 8 to 128 characters\n$/);
    assert.doesNotMatch(refused.split('exited 1:')[1], /short-p/);
    assert.equal((await account('KD777777'))!.lateExport, false);
  });

  it('lists accounts without secrets', async () => {
    const out = await runCli(['accounts', 'list'], env);
    assert.match(out, /KD123456/);
    assert.doesNotMatch(out, /scrypt|another-pass/);
  });

  it('creates DATA_DIR and the database files for its own user only', async () => {
    const fresh = join(dataDir, 'fresh', 'data');
    await runCli(['accounts', 'list'], { DATA_DIR: fresh });
    assert.equal((await stat(fresh)).mode & 0o777, 0o700);
    assert.equal((await stat(join(fresh, 'stage.sqlite'))).mode & 0o777, 0o600);
  });

  it('prints nothing on standard output for an empty list, so that a script reads no row', async () => {
    // "no accounts in live; …" on stdout was read by `accounts list | cut -d' ' -f1` as an account "no".
    const stdoutOf = async (args: string[], environment: string) =>
      await promisify(execFile)(process.execPath, [new URL('../../bin/parcel-service.js', import.meta.url).pathname, ...args], {
        env: { ...process.env, ...env, PARCEL_ENV: environment },
      });
    for (const [environment, ...args] of [
      ['live', 'accounts', 'list'],
      ['live', 'shops', 'list'],
      ['live', 'consolidations'],
      ['stage', 'stage-log'],
    ]) {
      const { stdout, stderr } = await stdoutOf(args, environment);
      assert.equal(stdout, '', args.join(' '));
      assert.match(stderr, /^no /, args.join(' '));
    }
  });

  it('keeps live and stage apart', async () => {
    assert.match(await runCli(['accounts', 'list'], { ...env, PARCEL_ENV: 'live' }), /no accounts in live/);
    assert.equal(await account('KD123456', 'live'), undefined);
  });

  const refusals: ReadonlyArray<{ name: string; args: string[]; message: RegExp }> = [
    {
      name: 'a duplicate delisId',
      args: ['accounts', 'add', '--delis-id', 'KD123456', '--password', 'secret-pass', '--depot', '0522'],
      message: /exists already/,
    },
    {
      name: 'a depot of letters',
      args: ['accounts', 'add', '--delis-id', 'KD999999', '--password', 'secret-pass', '--depot', '05A2'],
      message: /4 digits/,
    },
    {
      name: 'a short delisId',
      args: ['accounts', 'add', '--delis-id', 'KD1', '--password', 'secret-pass', '--depot', '0522'],
      message: /8 to 10 characters/,
    },
    // Each of these was added, and no login could ever name it: blank (absent to the login), five
    // characters in ten UTF-16 units (too short to the login), a line break (a broken `accounts list`).
    {
      name: 'a blank delisId',
      args: ['accounts', 'add', '--delis-id', '        ', '--password', 'secret-pass', '--depot', '0522'],
      message: /8 to 10 characters, none of them spaces/,
    },
    {
      name: 'a delisId of five characters in ten UTF-16 units',
      args: ['accounts', 'add', '--delis-id', '😀😀😀😀😀', '--password', 'secret-pass', '--depot', '0522'],
      message: /8 to 10 characters/,
    },
    {
      name: 'a delisId with a line break',
      args: ['accounts', 'add', '--delis-id', 'KD12\n3456', '--password', 'secret-pass', '--depot', '0522'],
      message: /8 to 10 characters/,
    },
    {
      name: 'an unknown language',
      args: ['accounts', 'add', '--delis-id', 'KD999999', '--password', 'secret-pass', '--depot', '0522', '--language', 'de_DE'],
      message: /Allowed choices are en_US, nl_NL/,
    },
    { name: 'an unknown account', args: ['accounts', 'set', 'KD000000', '--late-export'], message: /no account KD000000/ },
    { name: 'nothing to change', args: ['accounts', 'set', 'KD123456'], message: /nothing to change/ },
  ];
  for (const refusal of refusals) {
    it(`refuses ${refusal.name} with a clear message`, async () => {
      await assert.rejects(runCli(refusal.args, env), refusal.message);
    });
  }

  it('refuses to serve live from a database stage uses (and the other way round), naming the problem', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const shared = { ...env, DATABASE_URL: database.options.databaseUrl! };
      assert.match(await runCli(['accounts', 'list'], { ...shared, PARCEL_ENV: 'stage' }), /no accounts in stage/);
      await assert.rejects(
        runCli(['accounts', 'list'], { ...shared, PARCEL_ENV: 'live' }),
        /configuration error: DATABASE_URL holds the stage environment's data; live needs a database of its own/,
      );
      await assert.rejects(
        runCli(['serve'], { ...shared, PARCEL_ENV: 'live', PORT: '0' }),
        /configuration error: DATABASE_URL holds the stage environment's data/,
      );
      assert.match(await runCli(['accounts', 'list'], { ...shared, PARCEL_ENV: 'stage' }), /no accounts in stage/);
    } finally {
      await database.dispose();
    }
  });

  it('refuses a wrong configuration naming the variable', async () => {
    await assert.rejects(
      runCli(['accounts', 'list'], { ...env, PARCEL_ENV: 'prod' }),
      /configuration error: PARCEL_ENV must be live or stage/,
    );
    await assert.rejects(
      runCli(['serve'], { ...env, PORT: '18590', METRICS_PORT: '18590' }),
      /configuration error: METRICS_PORT must differ from PORT/,
    );
  });

  it('reports a failure to start on one line with its cause, without a stack trace', async () => {
    const failure = await runCli(['accounts', 'list'], { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' }).then(
      () => '',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    assert.match(failure, /exited 1: error: cannot open the postgres store: connect ECONNREFUSED 127\.0\.0\.1:1\n$/);
    assert.doesNotMatch(failure, /\n\s+at /);
  });

  it('imports the sample parcel-shop directory, lists it, replaces it and removes a shop', async () => {
    const sample = new URL('../../docs/parcel-shops.sample.json', import.meta.url).pathname;
    assert.match(await runCli(['shops', 'list'], env), /no parcel shops in the stage directory/);
    assert.match(await runCli(['shops', 'import', sample], env), /imported 15 parcel shops; the stage directory has 15/);
    const listed = await runCli(['shops', 'list', '--country', 'de'], env);
    assert.match(listed, /200000001 {2}DE 10115 {5}Berlin {15}Spätkauf Mitte {2}\[parcelShopDelivery, dropOff, returns\]/);
    assert.equal(listed.trim().split('\n').length, 3);
    const one = join(dataDir, 'one-shop.json');
    await writeFile(
      one,
      JSON.stringify({
        parcelShop: [
          {
            parcelShopId: 42,
            company: 'Kiosk',
            street: 'Damrak',
            country: 'NL',
            zipCode: '1012LG',
            city: 'Amsterdam',
            latitude: 52.37,
            longitude: 4.89,
          },
        ],
      }),
    );
    assert.match(
      await runCli(['shops', 'import', '--replace', one], env),
      /imported 1 parcel shop \(directory replaced\); the stage directory has 1/,
    );
    assert.match(await runCli(['shops', 'remove', '42'], env), /removed parcel shop 42/);
    await assert.rejects(runCli(['shops', 'remove', '42'], env), /no parcel shop 42/);
    await assert.rejects(runCli(['shops', 'remove', '1234567890'], env), /1 to 9 digits/);
  });

  it('refuses a directory file with problems whole, naming each, and keeps the directory', async () => {
    const sample = new URL('../../docs/parcel-shops.sample.json', import.meta.url).pathname;
    await runCli(['shops', 'import', sample], env);
    const bad = join(dataDir, 'bad-shops.json');
    await writeFile(
      bad,
      JSON.stringify([
        { parcelShopId: 1, company: 'Kiosk', street: 'Damrak', country: 'NL', zipCode: '1012LG', city: 'Amsterdam', latitude: 52.37 },
      ]),
    );
    await assert.rejects(runCli(['shops', 'import', '--replace', bad], env), /parcelShop\[0\]\.longitude is required\.\nnothing imported/);
    await assert.rejects(runCli(['shops', 'import', join(dataDir, 'missing.json')], env), /cannot read .*missing\.json: ENOENT/);
    assert.match(await runCli(['shops', 'list'], env), /100000001 .*Kiosk Centraal/);
  });

  it('advances parcels along their journeys, recording each event, closing a day on the way, and says why others stay', async () => {
    const store = await openStore({ sqlitePath: join(dataDir, 'stage.sqlite') });
    const at = new Date('2026-11-22T10:00:00Z');
    const [first, second, open] = ['05229000000101', '05229000000102', '05229000000103'];
    try {
      const { id } = (await store.accounts.findAccount('KD123456'))!;
      const order = (parcelLabelNumber: string) => ({
        orderType: 'consignment' as const,
        mpsId: `MPS${parcelLabelNumber}20261122`,
        sendingDepot: '0522',
        product: 'B2B',
        shipDate: 20261122,
        data: {},
        parcelState: 'transferred' as const,
        expiresAt: new Date(at.getTime() + 28 * 86_400_000),
        parcels: [{ parcelLabelNumber, position: 0, returns: false, weight: 500, serviceCode: '101', data: {} }],
      });
      await store.shipments.saveOrders(id, [order(first), order(second)], at);
      await store.shipments.consolidate(id, 20261122, at);
      await store.shipments.saveOrders(id, [order(open)], at);
    } finally {
      await store.close();
    }
    assert.match(
      await runCli(['parcels', 'advance', '--delis-id', 'KD123456', '--to', 'in_transit', first], env),
      new RegExp(`${first} {2}DataReceived → BetweenDepots {2}\\(consolidated → in_transit\\)`),
    );
    const out = await runCli(['parcels', 'advance', '--delis-id', 'KD123456', '--to', 'Delivered', first, second], env);
    assert.match(
      out,
      new RegExp(
        `${first} {2}BetweenDepots → Delivered {2}\\(in_transit → delivered\\)\n${second} {2}DataReceived → Delivered {2}\\(consolidated → delivered\\)`,
      ),
    );
    const reopened = await openStore({ sqlitePath: join(dataDir, 'stage.sqlite') });
    try {
      const { id } = (await reopened.accounts.findAccount('KD123456'))!;
      const words = async (number: string) =>
        (await reopened.parcelJourneys.journeyParcel(id, number))?.recorded.map((event) => event.status);
      const journey = ['consolidated', 'PickedUp', 'BetweenDepots', 'BetweenDepots', 'Depot', 'Courier', 'Delivered'];
      assert.deepEqual(await words(first), journey);
      assert.deepEqual(await words(second), journey);
    } finally {
      await reopened.close();
    }
    // A transferred parcel's day is closed on the way.
    assert.match(
      await runCli(['parcels', 'advance', '--delis-id', 'KD123456', '--to', 'collected', open], env),
      new RegExp(`${open} {2}DataReceived → PickedUp {2}\\(transferred → collected\\) {2}\\(day 20261122 closed on the way\\)`),
    );
    await assert.rejects(
      runCli(['parcels', 'advance', '--delis-id', 'KD123456', '--to', 'collected', first, '05229999999999'], env),
      new RegExp(
        `${first} has passed collected already: its current status is Delivered.*\n.*05229999999999 is not a parcel of this account`,
        's',
      ),
    );
    await assert.rejects(
      runCli(['parcels', 'advance', '--delis-id', 'KD123456', '--to', 'stolen', first], env),
      /give one of PickupFailure, PickedUp, .*, collected, in_transit, out_for_delivery, delivered/,
    );
    await assert.rejects(
      runCli(['parcels', 'advance', '--delis-id', 'KD123456', '--to', 'collected', '12345'], env),
      /12345 is not a parcel label number/,
    );
    await assert.rejects(runCli(['parcels', 'advance', '--delis-id', 'KD000000', '--to', 'collected', first], env), /no account KD000000/);
  });

  it('purges, shows the stage log and lists consolidations', async () => {
    assert.match(await runCli(['purge'], env), /purged 0 parcels' data, 0 stage requests, 0 tokens, 0 failed logins \(stage\)/);
    assert.match(await runCli(['stage-log', '--since', '7d'], env), /no stage requests in that period/);
    assert.match(
      await runCli(['consolidations', '--delis-id', 'KD123456'], env),
      /^20261122 {2}KD123456 {2}3 parcels {2}2026-11-22T10:00:00\.000Z$/m,
    );
    await assert.rejects(runCli(['stage-log', '--since', 'forever'], env), /24h or 7d/);
    // Both answered as if all were well or with a bare "cannot store an invalid Date".
    await assert.rejects(runCli(['stage-log'], { ...env, PARCEL_ENV: 'live' }), /error: live keeps no request log/);
    await assert.rejects(runCli(['stage-log', '--since', '99999999999999999999d'], env), /24h or 7d, at most 3650d/);
  });
});
