// LoginService getAuth over REST: tokens, expiry, the three error codes, throttling, hashing at rest.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { hashToken } from '../../src/domain/login/auth-token.ts';
import { buildApp } from '../../src/server/build-app.ts';
import { readConfig } from '../../src/server/config/config.ts';
import { cheapPasswordHash, PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import { REST_PATH } from '../support/rest.ts';

const LOGIN = REST_PATH.getAuth;
const DAY = 24 * 60 * 60 * 1000;

describe('getAuth (REST)', () => {
  let t: TestApp;
  let delisId: string;
  before(async () => {
    t = await startTestApp();
    delisId = (await t.addAccount({ depots: ['0522', '0174'] })).delisId;
  });
  after(() => t.close());

  it('returns a token of at most 64 characters valid for 24 hours, with the account depot', async () => {
    const response = await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'en_US' });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.deepEqual(body.status, { type: 'OK', code: '200', message: 'valid' });
    const login = body.getAuthResponse.return;
    assert.equal(login.delisId, delisId);
    assert.equal(login.customerUid, delisId);
    assert.equal(login.depot, '0522');
    assert.ok(login.authToken.length > 0 && login.authToken.length <= 64);
    assert.match(login.authTokenExpires, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    assert.equal(new Date(login.authTokenExpires).getTime(), t.clock.now().getTime() + DAY);
  });

  it('returns the same token and expiry while the token is valid, and a new one after expiry', async () => {
    const first = (await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'en_US' })).json().getAuthResponse.return;
    t.clock.advance(DAY - 1000);
    const second = (await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'nl_NL' })).json().getAuthResponse.return;
    assert.equal(second.authToken, first.authToken);
    assert.equal(second.authTokenExpires, first.authTokenExpires);
    t.clock.advance(2000);
    const third = (await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'en_US' })).json().getAuthResponse.return;
    assert.notEqual(third.authToken, first.authToken);
  });

  it("ends the account's tokens when the operator sets a new password: a stolen token stops working", async () => {
    const { delisId: id } = await t.addAccount();
    const authentication = await t.authenticate(id);
    const products = () =>
      t.post(REST_PATH.getAvailableProductsAndServices, {
        authentication,
        getAvailableProductsAndServices: {},
      });
    assert.equal((await products()).statusCode, 200);
    await t.store.accounts.updateAccount(id, { passwordHash: cheapPasswordHash() });
    t.clock.advance(6000); // past the session cache (SESSION_CACHE_SECONDS, 5)
    const refused = await products();
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json().status.code, 'ERR_DELICOM_TOKEN_INCORRECT');
    const again = await t.authenticate(id);
    assert.notEqual(again.authToken, authentication.authToken);
  });

  it('issues a new token when the valid one was made under another TOKEN_SECRET, instead of one every call refuses', async () => {
    const { authToken: underOld } = (await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'en_US' })).json().getAuthResponse
      .return;
    // The operator rotated the secret: a second app on the same store with another one.
    const rotated = await buildApp({
      config: readConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', TOKEN_SECRET: 'b2'.repeat(32) }),
      store: t.store,
      clock: t.clock,
      logger: false,
    });
    try {
      const login = await rotated.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ delisId, password: PASSWORD, messageLanguage: 'en_US' }),
      });
      const { authToken } = login.json().getAuthResponse.return;
      assert.notEqual(authToken, underOld);
      const call = await rotated.app.inject({
        method: 'POST',
        url: REST_PATH.getAvailableProductsAndServices,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ authentication: { delisId, authToken, messageLanguage: 'en_US' }, getAvailableProductsAndServices: {} }),
      });
      assert.equal(call.statusCode, 200, call.body);
    } finally {
      await rotated.app.close();
    }
  });

  it('keeps only a hash of the token at rest', async () => {
    const { authToken } = (await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'en_US' })).json().getAuthResponse.return;
    const token = await t.deps.tokens.findTokenByHash(hashToken(authToken));
    assert.ok(token !== undefined);
    assert.notEqual(token.tokenHash, authToken);
    const sqlitePath = t.store.config.sqlitePath;
    for (const file of [sqlitePath, `${sqlitePath}-wal`]) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      assert.equal(bytes.includes(Buffer.from(authToken)), false, `${file} holds the token text`);
    }
  });

  const refusals: ReadonlyArray<{ name: string; body: () => unknown; message: RegExp }> = [
    {
      name: 'wrong password',
      body: () => ({ delisId, password: 'wrong password!', messageLanguage: 'en_US' }),
      message: /unknown delisId or wrong password/,
    },
    {
      name: 'unknown delisId',
      body: () => ({ delisId: 'NOSUCH001', password: PASSWORD, messageLanguage: 'en_US' }),
      message: /unknown delisId or wrong password/,
    },
    {
      name: 'delisId too short',
      body: () => ({ delisId: 'KD1', password: PASSWORD, messageLanguage: 'en_US' }),
      message: /delisId is shorter than 8/,
    },
    {
      name: 'messageLanguage not ll_CC',
      body: () => ({ delisId, password: PASSWORD, messageLanguage: 'german' }),
      message: /messageLanguage must be exactly 5 characters long/,
    },
    { name: 'password missing', body: () => ({ delisId, messageLanguage: 'en_US' }), message: /password is required/ },
    {
      name: 'unknown field',
      body: () => ({ delisId, password: PASSWORD, messageLanguage: 'en_US', extra: 1 }),
      message: /extra is not a field/,
    },
  ];
  for (const refusal of refusals) {
    it(`refuses a login with ${refusal.name} as DELICOM_ERR_AUTHENTICATION`, async () => {
      const response = await t.post(LOGIN, refusal.body());
      assert.equal(response.statusCode, 401);
      const body = response.json();
      assert.equal(body.getAuthResponse, null);
      assert.equal(body.status.type, 'AuthenticationFault');
      assert.equal(body.status.code, 'DELICOM_ERR_AUTHENTICATION');
      assert.match(body.status.message, refusal.message);
    });
  }

  it('answers in Dutch when asked', async () => {
    const response = await t.post(LOGIN, { delisId, password: 'fout wachtwoord', messageLanguage: 'nl_NL' });
    assert.match(response.json().status.message, /Authenticatie mislukt: onbekende delisId of onjuist wachtwoord/);
  });
});

describe('getAuth throttling', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('refuses even the right password after repeated failures, until the wait is over', async () => {
    const { delisId } = await t.addAccount();
    for (let i = 0; i < 6; i++) {
      const response = await t.post(LOGIN, { delisId, password: 'wrong password!', messageLanguage: 'en_US' });
      assert.equal(response.json().status.code, 'DELICOM_ERR_AUTHENTICATION');
    }
    const blocked = await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'en_US' });
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().status.code, 'ERR_TOO_MANY_LOGIN_ATTEMPTS');
    assert.match(blocked.json().status.message, /Try again in 1 second\./);
    t.clock.advance(60_000);
    const allowed = await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'en_US' });
    assert.equal(allowed.statusCode, 200);
  });

  it('tells the wait in Retry-After and in words, rounded up to whole seconds, singular or plural', async () => {
    const { delisId } = await t.addAccount();
    const remoteAddress = '10.3.0.1';
    const login = (password: string, messageLanguage: string) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ delisId, password, messageLanguage }),
      });
    for (let i = 0; i < 6; i++) assert.equal((await login('wrong password!', 'en_US')).statusCode, 401);
    const cases: ReadonlyArray<{ language: string; retryAfter: string; message: string; then: () => Promise<void> }> = [
      {
        language: 'en_US',
        retryAfter: '1',
        message: 'Too many failed logins. Try again in 1 second.',
        then: async () => {
          t.clock.advance(1000);
          assert.equal((await login('wrong password!', 'en_US')).statusCode, 401); // the seventh: 2 s
        },
      },
      {
        language: 'nl_NL',
        retryAfter: '2',
        message: 'Te veel mislukte aanmeldingen. Probeer het over 2 seconden opnieuw.',
        then: async () => {
          t.clock.advance(500);
        },
      },
      {
        language: 'en_US',
        retryAfter: '2',
        message: 'Too many failed logins. Try again in 2 seconds.',
        then: async () => {
          t.clock.advance(1000);
        },
      },
      {
        language: 'nl_NL',
        retryAfter: '1',
        message: 'Te veel mislukte aanmeldingen. Probeer het over 1 seconde opnieuw.',
        then: async () => {
          t.clock.advance(60_000);
        },
      },
    ];
    for (const c of cases) {
      const blocked = await login(PASSWORD, c.language);
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.headers['retry-after'], c.retryAfter, c.message);
      assert.equal(blocked.json().status.message, c.message);
      await c.then();
    }
    assert.equal((await login(PASSWORD, 'en_US')).statusCode, 200);
  });

  it("keeps counting an address's failures on other delisIds after a correct login: 20 free, then the wait", async () => {
    const remoteAddress = '10.2.0.1';
    const loginFrom = (delisId: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ delisId, password, messageLanguage: 'en_US' }),
      });
    const { delisId: own } = await t.addAccount();
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => t.addAccount()));
    // Password spraying: five wrong on other accounts, then a correct login to one's own, again.
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const other of others) statuses.push((await loginFrom(other.delisId, 'Winter2026!')).statusCode);
      statuses.push((await loginFrom(own, PASSWORD)).statusCode);
    }
    const free = [401, 401, 401, 401, 401, 200];
    assert.deepEqual(statuses, [...free, ...free, ...free, ...free, 401, 429, 429, 429, 429, 429]);
  });

  it('throttles an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one, whichever address of them a guess comes from', async () => {
    const loginFrom = (remoteAddress: string, delisId: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ delisId, password, messageLanguage: 'en_US' }),
      });
    // 21 guesses: one over the address's 20 free failures.
    const spray = async (addresses: readonly string[], last: string) => {
      for (const [i, address] of addresses.entries()) await loginFrom(address, `NOSUCH${String(i).padStart(3, '0')}`, 'Winter2026!');
      const { delisId } = await t.addAccount();
      return (await loginFrom(last, delisId, PASSWORD)).statusCode;
    };
    const guesses = Array.from({ length: 21 }, (_, i) => i + 1);
    // One host picks a fresh address of its /64 for every guess (RFC 8981 temporary addresses).
    assert.equal(
      await spray(
        guesses.map((i) => `2001:db8:7:8::${i}`),
        '2001:0db8:0007:0008:ffff:1:2:3',
      ),
      429,
    );
    assert.equal(
      await spray(
        guesses.map((i) => (i % 2 === 0 ? '10.4.0.1' : '::ffff:10.4.0.1')),
        '10.4.0.1',
      ),
      429,
    );
    // Another /64 of the same /48 shares the /48's 20 free failures (issue 28); another /48 is another client.
    const { delisId } = await t.addAccount();
    assert.equal((await loginFrom('2001:db8:7:9::1', delisId, PASSWORD)).statusCode, 429);
    assert.equal((await loginFrom('2001:db8:8:9::1', delisId, PASSWORD)).statusCode, 200);
  });

  it('throttles per client address across delisIds, after 20 failures', async () => {
    const remoteAddress = '10.5.0.1';
    const loginFrom = (delisId: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ delisId, password, messageLanguage: 'en_US' }),
      });
    for (let i = 0; i < 20; i++) await loginFrom(`NOSUCH${String(i).padStart(3, '0')}`, 'x');
    const { delisId } = await t.addAccount();
    assert.equal((await loginFrom(delisId, PASSWORD)).statusCode, 200, 'twenty failures are free');
    await loginFrom('NOSUCH999', 'x');
    const blocked = await loginFrom(delisId, PASSWORD);
    assert.equal(blocked.json().status.code, 'ERR_TOO_MANY_LOGIN_ATTEMPTS');
  });

  it("lets the owner log in from another address while a guesser's address waits", async () => {
    const { delisId } = await t.addAccount();
    const loginFrom = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ delisId, password, messageLanguage: 'en_US' }),
      });
    const guesses: number[] = [];
    for (let i = 0; i < 50; i++) guesses.push((await loginFrom('10.6.0.2', `guess ${i}`)).statusCode);
    assert.deepEqual(guesses, [...Array(6).fill(401), ...Array(44).fill(429)]);
    assert.equal((await loginFrom('10.6.0.2', PASSWORD)).statusCode, 429, 'the guesser waits, right password or not');
    assert.equal((await loginFrom('10.6.0.3', PASSWORD)).statusCode, 200, 'the owner elsewhere does not');
  });

  it('doubles the wait per failure, as documented, from 1 second up to 15 minutes, and says so in Retry-After', async () => {
    const { delisId } = await t.addAccount();
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: '10.7.0.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ delisId, password, messageLanguage: 'en_US' }),
      });
    for (let i = 0; i < 5; i++) assert.equal((await login('wrong password!')).statusCode, 401);
    const waits: string[] = [];
    for (let failure = 6; failure <= 17; failure++) {
      assert.equal((await login('wrong password!')).statusCode, 401, `failure ${failure} is checked once its wait is over`);
      const refused = await login(PASSWORD);
      assert.equal(refused.statusCode, 429);
      waits.push(refused.headers['retry-after'] as string);
      t.clock.advance(Number(refused.headers['retry-after']) * 1000);
    }
    assert.deepEqual(waits, ['1', '2', '4', '8', '16', '32', '64', '128', '256', '512', '900', '900']);
    assert.equal((await login(PASSWORD)).statusCode, 200);
  });
});

let addressCounter = 0;
/** A client address no other login of this file used. */
const nextAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

for (const dialect of STORE_DIALECTS) {
  describe(`getAuth throttling under concurrency [${dialect}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ dialect });
    });
    after(() => t.close());

    /**
     * Sends `count` wrong logins for `delisId` at once, from `from(i)`; returns how many passwords were
     * checked (401) and how many refused (429).
     */
    async function guessAtOnce(delisId: string, count: number, from: (i: number) => string): Promise<{ checked: number; refused: number }> {
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: LOGIN,
            remoteAddress: from(i),
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ delisId, password: 'wrong password!', messageLanguage: 'en_US' }),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      assert.deepEqual(
        statuses.filter((status) => status !== 401 && status !== 429),
        [],
      );
      return { checked: statuses.filter((status) => status === 401).length, refused: statuses.filter((status) => status === 429).length };
    }

    it('checks no more passwords for parallel guesses from one address than for sequential ones', async () => {
      const { delisId } = await t.addAccount();
      const address = nextAddress();
      // Five free failures and the sixth that starts the wait: six checks, as one after another.
      assert.deepEqual(await guessAtOnce(delisId, 30, () => address), { checked: 6, refused: 24 });
    });

    it('gives each unknown address one try per 15 minutes once a delisId’s 100 free failures are spent, parallel or not', async () => {
      // Cheap checks: 130 logins at once.
      const { delisId } = await t.addAccount({ passwordHash: cheapPasswordHash() });
      const addresses = Array.from({ length: 130 }, () => nextAddress());
      // Spread over 130 addresses every guess is checked, each address's one try (issue 28: a wait for
      // the delisId would hold its owner at every address too).
      assert.deepEqual(await guessAtOnce(delisId, 130, (i) => addresses[i]), { checked: 130, refused: 0 });
      assert.deepEqual(await guessAtOnce(delisId, 130, (i) => addresses[i]), { checked: 0, refused: 130 });
      const one = nextAddress();
      assert.deepEqual(await guessAtOnce(delisId, 10, () => one), { checked: 1, refused: 9 });
      t.clock.advance(15 * 60_000);
      assert.deepEqual(await guessAtOnce(delisId, 130, (i) => addresses[i]), { checked: 130, refused: 0 });
      t.clock.advance(60_000);
    });

    it('admits a burst of correct logins from one address: each waits for the checks before it instead of a 429', async () => {
      // Cheap checks: the wait for them is real time (2 s at most), which real-cost checks can use up on a loaded machine.
      const { delisId } = await t.addAccount({ passwordHash: cheapPasswordHash() });
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.app.inject({
            method: 'POST',
            url: LOGIN,
            remoteAddress: '198.51.100.77',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ delisId, password: PASSWORD, messageLanguage: 'en_US' }),
          }),
        ),
      );
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        Array(12).fill(200),
      );
    });

    it('checks one password per expired wait, however many guesses arrive together', async () => {
      const { delisId } = await t.addAccount();
      const address = nextAddress();
      await guessAtOnce(delisId, 6, () => address);
      t.clock.advance(1000); // the wait after the sixth failure is over
      assert.deepEqual(await guessAtOnce(delisId, 30, () => address), { checked: 1, refused: 29 });
      t.clock.advance(60_000);
    });
  });
}
