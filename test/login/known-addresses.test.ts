// getAuth under guesses spread over many addresses (issue 28 item 5): once a delisId's 100 free
// failures from anywhere are spent, an address the account logged in from keeps its own budget and any
// other address gets one try per 15 minutes, so the owner logs in from a fresh address and from a known
// one. IPv6 clients are known by their /64; a new password forgets the known addresses.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cheapPasswordHash, PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH } from '../support/rest.ts';

const MINUTE = 60_000;

describe('getAuth throttling under spread-out guessing', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const login = (delisId: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: REST_PATH.getAuth,
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ delisId, password, messageLanguage: 'en_US' }),
    });
  /** `perAddress` wrong passwords from each of `addresses`, one after another; the statuses and Retry-After values seen. */
  const guess = async (delisId: string, addresses: readonly string[], perAddress: number) => {
    const statuses: number[] = [];
    const waits = new Set<string>();
    for (const address of addresses) {
      for (let i = 0; i < perAddress; i++) {
        const answer = await login(delisId, `guess-${address}-${i}`, address);
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) waits.add(answer.headers['retry-after'] as string);
      }
    }
    return { checked: statuses.filter((s) => s === 401).length, refused: statuses.filter((s) => s === 429).length, waits: [...waits] };
  };
  const range = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

  it('24 addresses × 5 wrong passwords: the owner logs in from a known address, and from a fresh one', async () => {
    // Cheap checks: 250 logins.
    const { delisId } = await t.addAccount({ passwordHash: cheapPasswordHash() });
    assert.equal((await login(delisId, PASSWORD, '10.20.0.1')).statusCode, 200, 'the owner, before: 10.20.0.1 becomes known');
    // 20 addresses spend the 100 free failures; each of the other four gets one try, then waits 15 minutes.
    assert.deepEqual(await guess(delisId, range('10.21.0.', 24), 5), { checked: 104, refused: 16, waits: ['900'] });
    assert.equal((await login(delisId, PASSWORD, '10.20.0.1')).statusCode, 200, 'the owner from the known address');
    assert.equal((await login(delisId, PASSWORD, '10.23.0.1')).statusCode, 200, 'the owner from a fresh address');
    // The owner's logins leave the delisId's failures counted: the guessers still get one try per 15 minutes.
    assert.deepEqual(await guess(delisId, range('10.21.0.', 24), 1), { checked: 0, refused: 24, waits: ['900'] });
    assert.deepEqual(await guess(delisId, range('10.22.0.', 3), 2), { checked: 3, refused: 3, waits: ['900'] });
    t.clock.advance(MINUTE);
  });

  it('a known address keeps its own five free failures while an unknown one gets one try per 15 minutes', async () => {
    const { delisId } = await t.addAccount({ passwordHash: cheapPasswordHash() });
    assert.equal((await login(delisId, PASSWORD, '10.30.0.1')).statusCode, 200);
    await guess(delisId, range('10.31.0.', 21), 5);
    // The owner mistyping at the known address: the usual budget, five free and the sixth that starts the wait.
    assert.deepEqual(await guess(delisId, ['10.30.0.1'], 7), { checked: 6, refused: 1, waits: ['1'] });
    assert.deepEqual(await guess(delisId, ['10.32.0.1'], 3), { checked: 1, refused: 2, waits: ['900'] });
    t.clock.advance(15 * MINUTE - 1000);
    assert.deepEqual(await guess(delisId, ['10.32.0.1'], 1), { checked: 0, refused: 1, waits: ['1'] });
    t.clock.advance(1000);
    assert.deepEqual(await guess(delisId, ['10.32.0.1'], 2), { checked: 1, refused: 1, waits: ['900'] });
    t.clock.advance(MINUTE);
  });

  it('knows an IPv6 client by its /64, whichever of its addresses it logs in from', async () => {
    const { delisId } = await t.addAccount({ passwordHash: cheapPasswordHash() });
    assert.equal((await login(delisId, PASSWORD, '2001:db8:40:1::1')).statusCode, 200);
    // 21 /48s × 5: the delisId's budget is spent (each /48 keeps within its own 20).
    const guessers = Array.from({ length: 21 }, (_, i) => `2001:db8:${(0x100 + i).toString(16)}::1`);
    assert.deepEqual(await guess(delisId, guessers, 5), { checked: 101, refused: 4, waits: ['900'] });
    assert.deepEqual(await guess(delisId, ['2001:db8:40:1:a:b:c:d'], 6), { checked: 6, refused: 0, waits: [] });
    assert.deepEqual(await guess(delisId, ['2001:db8:40:2::1'], 2), { checked: 1, refused: 1, waits: ['900'] });
    t.clock.advance(MINUTE);
  });

  it('forgets the known addresses when the operator sets a new password', async () => {
    const { delisId } = await t.addAccount({ passwordHash: cheapPasswordHash() });
    assert.equal((await login(delisId, PASSWORD, '10.50.0.1')).statusCode, 200);
    await t.store.accounts.updateAccount(delisId, { passwordHash: cheapPasswordHash() });
    await guess(delisId, range('10.51.0.', 21), 5);
    // No longer known: one try, then 15 minutes.
    assert.deepEqual(await guess(delisId, ['10.50.0.1'], 2), { checked: 1, refused: 1, waits: ['900'] });
    t.clock.advance(MINUTE);
  });
});
