// The configuration (server/config/config.ts): a wrong value stops the start, naming the variable and what it
// must be; a right one is taken.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ConfigError, loadTokenSecret, readConfig } from '../../src/server/config/config.ts';

describe('readConfig', () => {
  const refusals: ReadonlyArray<{ env: Record<string, string>; message: RegExp }> = [
    {
      env: { OPERATOR_VALUES: '{"smallParcel": 5}' },
      message: /OPERATOR_VALUES\.smallParcel must be \{"maxWeight", "maxLength", "maxWidth", "maxHeight"\}/,
    },
    { env: { OPERATOR_VALUES: '{"parcelLetter": null}' }, message: /OPERATOR_VALUES\.parcelLetter must be/ },
    {
      env: { OPERATOR_VALUES: '{"parcelLetter": {"maxWeight": 100, "maxLength": 35, "maxWidth": 25}}' },
      message: /OPERATOR_VALUES\.parcelLetter must be/,
    },
    {
      env: { OPERATOR_VALUES: '{"codInkasso": "x"}' },
      message: /OPERATOR_VALUES\.codInkasso must be a non-empty list of whole numbers, got "x"/,
    },
    {
      env: { OPERATOR_VALUES: '{"proactiveNotificationRules": [1, -2]}' },
      message: /OPERATOR_VALUES\.proactiveNotificationRules must be a non-empty list/,
    },
    {
      env: { OPERATOR_VALUES: '{"ukRegistrationThreshold": {"gbp": 100}}' },
      message: /OPERATOR_VALUES\.ukRegistrationThreshold must be an object of ISO 4217 currency codes/,
    },
    {
      env: { OPERATOR_VALUES: '{"maxParcelsPerOrder": 0}' },
      message: /OPERATOR_VALUES\.maxParcelsPerOrder must be a whole number from 1 to 1000, got 0/,
    },
    {
      env: { OPERATOR_VALUES: '{"maxParcelsPerOrder": "5"}' },
      message: /OPERATOR_VALUES\.maxParcelsPerOrder must be a whole number from 1 to 1000/,
    },
    {
      env: { OPERATOR_VALUES: '{"maxParcelsPerOrder": 1001}' },
      message: /OPERATOR_VALUES\.maxParcelsPerOrder must be a whole number from 1 to 1000, got 1001/,
    },
    { env: { OPERATOR_VALUES: '{"nonsense": 1}' }, message: /OPERATOR_VALUES has unknown keys: nonsense/ },
    { env: { PORT: '8080', METRICS_PORT: '8080' }, message: /METRICS_PORT must differ from PORT/ },
    // An odd last hex digit or a character outside base64 used to be dropped silently.
    { env: { TOKEN_SECRET: `${'ab'.repeat(32)}c` }, message: /TOKEN_SECRET must be hex digits in pairs or base64/ },
    { env: { TOKEN_SECRET: `${'A'.repeat(44)}!!` }, message: /TOKEN_SECRET must be hex digits in pairs or base64/ },
    { env: { TOKEN_SECRET: 'ab'.repeat(16) }, message: /TOKEN_SECRET must hold at least 32 bytes/ },
    // Number() reads a blank text as 0 and takes hex and exponents: PORT=" " served on a random port
    // and PURGE_INTERVAL_MINUTES=" " switched the purge off.
    { env: { PORT: ' ' }, message: /PORT must be a whole number from 0 to 65535, got " "/ },
    { env: { PURGE_INTERVAL_MINUTES: ' ' }, message: /PURGE_INTERVAL_MINUTES must be a whole number/ },
    { env: { LABEL_THREADS: '0x2' }, message: /LABEL_THREADS must be a whole number/ },
    { env: { BODY_LIMIT: '1e6' }, message: /BODY_LIMIT must be a whole number/ },
    { env: { HOLIDAYS: '20261225,2026-12-26' }, message: /HOLIDAYS must list YYYYMMDD dates, got "2026-12-26"/ },
    { env: { HOLIDAYS: '20261225.0' }, message: /HOLIDAYS must list YYYYMMDD dates, got "20261225\.0"/ },
    { env: { HEADERS_TIMEOUT_SECONDS: '0' }, message: /HEADERS_TIMEOUT_SECONDS must be a whole number from 1 to 3600, got "0"/ },
    {
      env: { HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' },
      message: /REQUEST_TIMEOUT_SECONDS \(30\) must be at least HEADERS_TIMEOUT_SECONDS \(60\)/,
    },
    { env: { MAX_CONNECTIONS: '15' }, message: /MAX_CONNECTIONS must be a whole number from 16/ },
    { env: { SHUTDOWN_TIMEOUT_SECONDS: 'x' }, message: /SHUTDOWN_TIMEOUT_SECONDS must be a whole number/ },
    { env: { PUBLIC_URL: 'parcels.example.com' }, message: /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/ },
    { env: { PUBLIC_URL: 'ftp://parcels.example.com' }, message: /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/ },
    { env: { PUBLIC_URL: 'https://user:pw@parcels.example.com' }, message: /without query or credentials/ },
    { env: { PUBLIC_URL: 'https://parcels.example.com/?x=1' }, message: /without query or credentials/ },
    // Written into XML as it is.
    { env: { PUBLIC_URL: "https://parcels.example.com/a&b'" }, message: /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/ },
    { env: { STAGE_LOG_MAX_ENTRY_BYTES: '100' }, message: /STAGE_LOG_MAX_ENTRY_BYTES must be a whole number from 1024 to 5242880/ },
    { env: { STAGE_LOG_MAX_ACCOUNT_BYTES: '-1' }, message: /STAGE_LOG_MAX_ACCOUNT_BYTES must be a whole number/ },
    { env: { HEALTH_MIN_FREE_MB: '1.5' }, message: /HEALTH_MIN_FREE_MB must be a whole number/ },
    // Receiver notifications (live): the relay's URL is not repeated, as it may hold a password.
    { env: { SMTP_URL: 'http://relay.example', SMTP_FROM: 'a@b.example' }, message: /^SMTP_URL must be smtp:\/\/\[user:password@\]host/ },
    {
      env: { SMTP_URL: 'smtp://user:secret@relay.example/x', SMTP_FROM: 'a@b.example' },
      message: /^SMTP_URL must be smtp:\/\/(?!.*secret)/,
    },
    { env: { SMTP_URL: 'smtp://relay.example:587' }, message: /SMTP_FROM is required with SMTP_URL/ },
    {
      env: { SMTP_URL: 'smtp://relay.example', SMTP_FROM: 'not an address' },
      message: /SMTP_FROM must be an e-mail address or Name <address>/,
    },
    {
      env: { NOTIFY_WEBHOOK_URL: 'ftp://gateway.example/sms', NOTIFY_WEBHOOK_SECRET: 'x'.repeat(32) },
      message: /NOTIFY_WEBHOOK_URL must be an http/,
    },
    { env: { NOTIFY_WEBHOOK_URL: 'https://gateway.example/sms' }, message: /NOTIFY_WEBHOOK_SECRET \(at least 32 characters\) is required/ },
    { env: { NOTIFY_WEBHOOK_URL: 'https://gateway.example/sms', NOTIFY_WEBHOOK_SECRET: 'short' }, message: /NOTIFY_WEBHOOK_SECRET/ },
    { env: { NOTIFY_MAX_ATTEMPTS: '0' }, message: /NOTIFY_MAX_ATTEMPTS must be a whole number from 1 to 100/ },
    { env: { NOTIFY_INTERVAL_SECONDS: 'x' }, message: /NOTIFY_INTERVAL_SECONDS must be a whole number/ },
    { env: { DEMO_ACCOUNT: 'yes' }, message: /DEMO_ACCOUNT must be a whole number from 0 to 1, got "yes"/ },
    // Refused on live too, though live never makes a demo account: a wrong value is a mistake wherever it is.
    { env: { PARCEL_ENV: 'live', DEMO_ACCOUNT: '2' }, message: /DEMO_ACCOUNT must be a whole number from 0 to 1, got "2"/ },
  ];
  for (const { env, message } of refusals) {
    it(`refuses ${JSON.stringify(env)}`, () => {
      assert.throws(
        () => readConfig(env),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
      );
    });
  }

  it('has documented defaults for the bounds on connections, requests and the stage log', () => {
    const config = readConfig({}, 20_000);
    assert.deepEqual(
      {
        headers: config.headersTimeoutSeconds,
        request: config.requestTimeoutSeconds,
        connections: config.maxConnections,
        shutdown: config.shutdownTimeoutSeconds,
        publicUrl: config.publicUrl,
        freeMegabytes: config.healthMinFreeMegabytes,
        entry: config.stageLogMaxEntryBytes,
        account: config.stageLogMaxAccountBytes,
      },
      {
        headers: 10,
        request: 30,
        connections: 10_000,
        shutdown: 15,
        publicUrl: undefined,
        freeMegabytes: 64,
        entry: 65_536,
        account: 8 * 1024 * 1024,
      },
    );
  });

  it('keeps MAX_CONNECTIONS below the open-file limit: lower by default, refused when set above it', () => {
    assert.equal(readConfig({}, 1024).maxConnections, 768);
    assert.equal(readConfig({}, undefined).maxConnections, 10_000);
    assert.equal(readConfig({ MAX_CONNECTIONS: '768' }, 1024).maxConnections, 768);
    assert.throws(
      () => readConfig({ MAX_CONNECTIONS: '769' }, 1024),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message ===
          'MAX_CONNECTIONS must be at most 768, the open-file limit (ulimit -n, 1024) less 256 the service keeps for itself; got 769',
    );
    assert.throws(() => readConfig({}, 200), /the open-file limit \(ulimit -n\) is 200; the service needs at least 272/);
  });

  it('takes the notification relay and webhook with their defaults', () => {
    assert.deepEqual(readConfig({}).notifications, {
      intervalSeconds: 10,
      retrySeconds: 30,
      maxAttempts: 10,
      sendTimeoutSeconds: 30,
      concurrency: 8,
    });
    const config = readConfig({
      SMTP_URL: 'smtps://user%40x:p%3Ass@relay.example:465',
      SMTP_FROM: '"Parcel notices" <notify@carrier.example>',
      NOTIFY_WEBHOOK_URL: 'https://gateway.example/sms?key=1',
      NOTIFY_WEBHOOK_SECRET: 's'.repeat(32),
    }).notifications;
    assert.equal(config.smtpUrl, 'smtps://user%40x:p%3Ass@relay.example:465');
    assert.deepEqual(config.smtpFrom, { name: 'Parcel notices', address: 'notify@carrier.example' });
    assert.deepEqual([config.webhookUrl, config.webhookSecret], ['https://gateway.example/sms?key=1', 's'.repeat(32)]);
  });

  it('makes the demo account on stage by default, never on live, and not with DEMO_ACCOUNT=0', () => {
    const cases: ReadonlyArray<readonly [Record<string, string>, boolean]> = [
      [{}, true],
      [{ PARCEL_ENV: 'stage', DEMO_ACCOUNT: '1' }, true],
      [{ DEMO_ACCOUNT: '' }, true],
      [{ DEMO_ACCOUNT: '0' }, false],
      [{ PARCEL_ENV: 'live' }, false],
      [{ PARCEL_ENV: 'live', DEMO_ACCOUNT: '1' }, false],
    ];
    for (const [env, demoAccount] of cases) assert.equal(readConfig(env).demoAccount, demoAccount, JSON.stringify(env));
  });

  it('takes PUBLIC_URL as an origin and a path, without a trailing slash', () => {
    assert.equal(readConfig({ PUBLIC_URL: 'https://Parcels.Example.com:8443/api/' }).publicUrl, 'https://parcels.example.com:8443/api');
    assert.equal(readConfig({ PUBLIC_URL: 'https://parcels.example.com' }).publicUrl, 'https://parcels.example.com');
    assert.equal(readConfig({ PUBLIC_URL: 'http://parcels.example.com:80/' }).publicUrl, 'http://parcels.example.com');
  });

  it('takes a token secret as hex or as base64 (standard or URL-safe)', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7 + 250));
    for (const text of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')]) {
      assert.deepEqual(readConfig({ TOKEN_SECRET: text }).tokenSecret, bytes, text);
    }
  });

  it('takes well-formed operator values and keeps the defaults of the others', () => {
    const config = readConfig({ OPERATOR_VALUES: '{"codInkasso": [0, 2], "ukRegistrationThreshold": {"GBP": 13500, "USD": 17000}}' });
    assert.deepEqual(config.operatorValues.codInkasso, [0, 2]);
    assert.deepEqual(config.operatorValues.ukRegistrationThreshold, { GBP: 13500, USD: 17000 });
    assert.equal(config.operatorValues.parcelLetter.maxWeight, 100);
    assert.equal(readConfig({ PORT: '0', METRICS_PORT: '0' }).metricsPort, 0);
  });
});

describe('the token secret file', () => {
  const configIn = (dataDir: string) => readConfig({ DATA_DIR: dataDir, PARCEL_ENV: 'stage' });

  it('is made once, whole and private, and read back the same', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'token-secret-'));
    const first = loadTokenSecret(configIn(dataDir));
    assert.equal(first.length, 32);
    assert.deepEqual(loadTokenSecret(configIn(dataDir)), first);
    assert.deepEqual(readdirSync(dataDir), ['stage-token-secret'], 'no draft left behind');
    assert.equal(statSync(join(dataDir, 'stage-token-secret')).mode & 0o777, 0o600);
  });

  for (const [name, text] of [
    ['empty', ''],
    ['too short', 'abcd'],
  ] as const) {
    it(`stops the start when the file is ${name}, naming the file`, () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'token-secret-'));
      writeFileSync(join(dataDir, 'stage-token-secret'), text, { mode: 0o600 });
      assert.throws(
        () => loadTokenSecret(configIn(dataDir)),
        (error: unknown) => error instanceof ConfigError && error.message.includes('stage-token-secret'),
      );
    });
  }

  it('is the same for processes that start together', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'token-secret-'));
    const script = `import { loadTokenSecret, readConfig } from ${JSON.stringify(new URL('../../src/server/config/config.ts', import.meta.url).href)};
process.stdout.write(loadTokenSecret(readConfig({ DATA_DIR: ${JSON.stringify(dataDir)}, PARCEL_ENV: 'stage' })).toString('hex'));`;
    const run = promisify(execFile);
    const secrets = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]).then((out) => out.stdout),
      ),
    );
    assert.equal(new Set(secrets).size, 1, secrets.join(' '));
    assert.equal(secrets[0].length, 64);
    assert.deepEqual(readdirSync(dataDir), ['stage-token-secret']);
  });
});
