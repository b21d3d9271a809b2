// Abuse 4: a guesser does not lock the owner out. 50 wrong passwords for a delisId from 127.0.0.2,
// then its right password from 127.0.0.3: 200, while 127.0.0.2 waits, told by Retry-After how long —
// the doubling wait, counted from its last failure.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { LOGIN, PASSWORD, removeBundle, send, startAbuseServer } from '../support/abuse.ts';

describe('login throttling under a guesser', { timeout: 120_000 }, () => {
  after(removeBundle);

  it('50 wrong passwords from 127.0.0.2, then the right one from 127.0.0.3: 200', async (t) => {
    const server = await startAbuseServer();
    try {
      const login = (password: string, localAddress: string) =>
        send(server, LOGIN, JSON.stringify({ delisId: server.delisId, password, messageLanguage: 'en_US' }), { localAddress });
      const guesses = [];
      for (let i = 0; i < 50; i++) guesses.push(await login(`guess-${i}`, '127.0.0.2'));
      const statuses = guesses.map((answer) => answer.status);
      // Five free failures and the sixth that starts the wait; the rest refused, each saying how long to wait.
      assert.deepEqual(statuses, [...Array(6).fill(401), ...Array(44).fill(429)]);
      const waits = guesses.filter((answer) => answer.status === 429).map((answer) => Number(answer.headers['retry-after']));
      t.diagnostic(`Retry-After seen by the guesser: ${[...new Set(waits)].join(', ')} s`);
      assert.ok(waits.every((wait) => wait === 1));
      const guesser = await login(PASSWORD, '127.0.0.2');
      assert.equal(guesser.status, 429, 'the guesser waits, right password or not');
      // The guesser's wait doubles with each failure it gets to make. (Measured before the owner's login,
      // whose password check would use up the guesser's first 1-second wait on a loaded machine.)
      const seen: number[] = [];
      for (let round = 0; round < 3; round++) {
        const refused = await login(`guess-again-${round}`, '127.0.0.2');
        assert.equal(refused.status, 429);
        const wait = Number(refused.headers['retry-after']);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        assert.equal((await login(`guess-after-wait-${round}`, '127.0.0.2')).status, 401);
        seen.push(Number((await login(PASSWORD, '127.0.0.2')).headers['retry-after']));
      }
      t.diagnostic(`waits after the 7th, 8th and 9th failures: ${seen.join(', ')} s`);
      assert.deepEqual(seen, [2, 4, 8]);
      const owner = await login(PASSWORD, '127.0.0.3');
      assert.equal(owner.status, 200, owner.text);
      assert.equal(JSON.parse(owner.text).getAuthResponse.return.delisId, server.delisId);
      assert.equal((await server.stop()).code, 0);
    } finally {
      await server.dispose();
    }
  });
});
