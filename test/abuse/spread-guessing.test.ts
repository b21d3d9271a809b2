// Abuse 5 (issue 28 item 5): guesses spread over many addresses do not lock the owner out. 24 loopback
// addresses × 5 wrong passwords spend the delisId's 100 free failures: each address beyond the first 20
// gets one try and waits 15 minutes. 30 more fresh addresses × 2 show the rate a guesser buys with
// addresses: one try per address per 15 minutes. The owner then logs in from the address it logged in
// from before (known) and from a fresh one: 200 both.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { LOGIN, PASSWORD, removeBundle, send, startAbuseServer, type AbuseServer } from '../support/abuse.ts';

describe('login throttling under a spread-out guesser', { timeout: 300_000 }, () => {
  after(removeBundle);

  it('24 addresses × 5 wrong passwords and 30 × 2 more, then the owner from a known and from a fresh address: 200', async (t) => {
    const server: AbuseServer = await startAbuseServer();
    try {
      const login = (password: string, localAddress: string) =>
        send(server, LOGIN, JSON.stringify({ delisId: server.delisId, password, messageLanguage: 'en_US' }), { localAddress });
      /** `perAddress` wrong passwords from each of `addresses`: how many were checked (401), refused (429), and the waits told. */
      const guess = async (addresses: readonly string[], perAddress: number) => {
        const tally = { checked: 0, refused: 0, waits: new Set<string>() };
        for (const address of addresses) {
          for (let i = 0; i < perAddress; i++) {
            const answer = await login(`guess-${address}-${i}`, address);
            assert.ok(answer.status === 401 || answer.status === 429, `${answer.status} ${answer.text}`);
            if (answer.status === 401) tally.checked += 1;
            else {
              tally.refused += 1;
              tally.waits.add(String(answer.headers['retry-after']));
            }
          }
        }
        return { checked: tally.checked, refused: tally.refused, waits: [...tally.waits] };
      };
      const addresses = (network: string, count: number) => Array.from({ length: count }, (_, i) => `127.0.${network}.${i + 1}`);

      assert.equal((await login(PASSWORD, '127.0.0.3')).status, 200, 'the owner, before: 127.0.0.3 becomes known');
      const spread = await guess(addresses('1', 24), 5);
      t.diagnostic(`24 addresses × 5: ${spread.checked} checked, ${spread.refused} refused (Retry-After ${spread.waits.join(', ')} s)`);
      assert.deepEqual(spread, { checked: 104, refused: 16, waits: ['900'] });
      const more = await guess(addresses('2', 30), 2);
      t.diagnostic(`then 30 fresh addresses × 2: ${more.checked} checked, ${more.refused} refused (one try per address per 15 min)`);
      assert.deepEqual(more, { checked: 30, refused: 30, waits: ['900'] });
      // Both at once, so that neither success (which forgets the delisId's failures) helps the other.
      const [known, fresh] = await Promise.all([login(PASSWORD, '127.0.0.3'), login(PASSWORD, '127.0.0.4')]);
      t.diagnostic(`the owner from its known address: ${known.status} in ${known.ms.toFixed(0)} ms`);
      t.diagnostic(`the owner from a fresh address: ${fresh.status} in ${fresh.ms.toFixed(0)} ms`);
      assert.equal(known.status, 200, known.text);
      assert.equal(fresh.status, 200, fresh.text);
      assert.equal(JSON.parse(fresh.text).getAuthResponse.return.delisId, server.delisId);
      // The guessers still wait.
      assert.equal((await login('one more', '127.0.1.24')).status, 429);
      assert.equal((await server.stop()).code, 0);
    } finally {
      await server.dispose();
    }
  });
});
