// Concurrent first logins of one account, in one server process and in two sharing one PostgreSQL
// database: the token rule (docs/decisions.md "Tokens and instants", a second login while a token is valid returns the
// same token) must hold however the logins interleave, so every caller gets the one token.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/build-app.ts';
import { readConfig } from '../../src/server/config/config.ts';
import { openStore, type Store } from '../../src/store/open-database.ts';
import { cheapPasswordHash, PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import { REST_PATH } from '../support/rest.ts';

let addressCounter = 0;
/** A client address no other login of this file used, so only the delisId's throttle applies. */
const nextAddress = () => `10.4.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** Logs `delisId` in `count` times at once, spread over `apps` in turn; returns the tokens handed out. */
async function loginAtOnce(apps: readonly FastifyInstance[], delisId: string, count: number): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      apps[i % apps.length].inject({
        method: 'POST',
        url: REST_PATH.getAuth,
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ delisId, password: PASSWORD, messageLanguage: 'en_US' }),
      }),
    ),
  );
  assert.deepEqual(
    answers.map((answer) => answer.statusCode),
    Array(count).fill(200),
    answers.map((answer) => answer.body).join('\n'),
  );
  return answers.map((answer) => answer.json().getAuthResponse.return.authToken as string);
}

for (const dialect of STORE_DIALECTS) {
  describe(`getAuth: concurrent first logins of one account [${dialect}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ dialect });
    });
    after(() => t.close());

    it('hand every caller the same token', async () => {
      for (let round = 0; round < 5; round++) {
        const { delisId } = await t.addAccount({ passwordHash: cheapPasswordHash() });
        const tokens = await loginAtOnce([t.app], delisId, 12);
        assert.equal(new Set(tokens).size, 1, `round ${round}: ${new Set(tokens).size} tokens`);
      }
    });
  });
}

describe('getAuth: concurrent first logins in two server processes on one PostgreSQL database', () => {
  let t: TestApp;
  let secondStore: Store;
  let second: FastifyInstance;
  before(async () => {
    t = await startTestApp({ dialect: 'postgres' });
    secondStore = await openStore({ databaseUrl: t.store.config.databaseUrl, clock: t.clock });
    // The same DATA_DIR, hence the same token secret, as processes sharing a database must have.
    ({ app: second } = await buildApp({
      config: readConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }),
      store: secondStore,
      clock: t.clock,
      logger: false,
    }));
  });
  after(async () => {
    await second.close();
    await secondStore.close();
    await t.close();
  });

  it('hand every caller the same token, whichever process answers', async () => {
    for (let round = 0; round < 5; round++) {
      const { delisId } = await t.addAccount({ passwordHash: cheapPasswordHash() });
      const tokens = await loginAtOnce([t.app, second], delisId, 12);
      assert.equal(new Set(tokens).size, 1, `round ${round}: ${new Set(tokens).size} tokens`);
    }
  });
});
