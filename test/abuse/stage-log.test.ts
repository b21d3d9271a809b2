// Abuse 3: the stage log keeps no text of requests that never authenticated. 40 bodies of 5 MB — failed
// logins, wrong tokens, no authentication at all — leave no row of the log and no byte of their bodies:
// those naming the account are counted for it (its integrator sees how many, from where, and the last
// one's time and code); the authenticated calls beside them are kept with their texts.
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openStore } from '../../src/store/open-database.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { authenticate, LOGIN, removeBundle, send, startAbuseServer, VALIDATE } from '../support/abuse.ts';

const FIVE_MB = 5_000_000;

/** A JSON text of exactly `size` bytes: `fields` and a padding string. */
function padded(fields: Record<string, unknown>, size: number): string {
  const head = JSON.stringify({ ...fields, pad: '' });
  return `${head.slice(0, -2)}${'x'.repeat(size - head.length)}"}`;
}

const bytesIn = (dir: string): number => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);

describe('the stage log under unauthenticated bodies', { timeout: 180_000 }, () => {
  after(removeBundle);

  it('40 unauthenticated 5 MB bodies add nothing to it', async (t) => {
    const server = await startAbuseServer();
    try {
      const authentication = await authenticate(server);
      const wrongToken = { ...authentication, authToken: 'A'.repeat(43) };
      const bodies = [
        // A failed login, a wrong token, no authentication, broken JSON: none of them ever authenticated.
        () => padded({ delisId: server.delisId, password: 'wrong password!', messageLanguage: 'en_US' }, FIVE_MB),
        () => padded({ authentication: wrongToken, validateOrders: minimumRequest() }, FIVE_MB),
        () => padded({ validateOrders: minimumRequest() }, FIVE_MB),
        () => padded({ authentication: wrongToken }, FIVE_MB).slice(0, -1),
      ];
      const before = bytesIn(server.dataDir);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 4) {
        const answers = await Promise.all(
          [0, 1, 2, 3].map((k) => send(server, k === 0 ? LOGIN : VALIDATE, bodies[k](), { timeoutMs: 30_000 })),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      assert.equal(statuses.length, 40);
      // Refused as malformed or unauthenticated (the failed logins throttled after five).
      assert.deepEqual(
        statuses.filter((status) => ![400, 401, 429].includes(status)),
        [],
      );
      // An authenticated call beside them is kept.
      assert.equal((await send(server, VALIDATE, JSON.stringify({ authentication, validateOrders: minimumRequest() }))).status, 200);
      assert.equal((await server.stop()).code, 0);
      const grown = bytesIn(server.dataDir) - before;
      t.diagnostic(`40 × 5 MB unauthenticated: the data directory grew ${Math.round(grown / 1024)} KB (the WAL included)`);
      const store = await openStore({ sqlitePath: join(server.dataDir, 'stage.sqlite') });
      try {
        const kept = await store.stageRequests.latest(1000);
        const withText = kept.filter((entry) => entry.refusedBeforeAuthentication !== true);
        assert.deepEqual(
          withText.map((entry) => [entry.operation, entry.delisId]),
          [
            ['validateOrders', server.delisId],
            ['getAuth', server.delisId],
          ],
        );
        assert.ok(withText.every((entry) => entry.body.length < 5000));
        // No row for a refusal: those naming the account (failed logins, a wrong token) are counted, without text.
        assert.deepEqual(
          kept.filter((entry) => entry.refusedBeforeAuthentication === true),
          [],
        );
        const refused = await store.stageRequests.refusedCalls(server.delisId, new Date().toISOString().slice(0, 10));
        t.diagnostic(`refusals naming the account: ${refused.count}, from ${refused.addresses} address`);
        assert.equal(refused.count, 20);
        assert.equal(refused.addresses, 1);
      } finally {
        await store.close();
      }
      assert.ok(grown < 2 * 1024 * 1024, `the data directory grew ${grown} bytes`);
    } finally {
      await server.dispose();
    }
  });
});
