// TokenRepository over every store.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, test } from 'node:test';
import type { AuthToken } from '../../src/domain/ports/login-ports.ts';
import { forEachStore } from '../support/databases.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-22T10:00:00.000Z');

/** A token as getAuth issues it, before the store makes it an account's. */
function issued(name: string, issuedHour: number): Omit<AuthToken, 'accountId'> {
  return {
    tokenHash: createHash('sha256').update(name).digest('hex'),
    nonce: `nonce-${name}`,
    issuedAt: new Date(T0 + issuedHour * HOUR),
    expiresAt: new Date(T0 + (issuedHour + 24) * HOUR),
  };
}

function token(accountId: number, name: string, issuedHour: number): AuthToken {
  return { accountId, ...issued(name, issuedHour) };
}

forEachStore('tokens', ({ store }) => {
  let alice = 0;
  let bob = 0;
  let carol = 0;
  /** Saves `saved` whatever the account holds (a `usable` that accepts no token). */
  const saveAsIs = ({ accountId, ...rest }: AuthToken) =>
    store().tokens.findOrSaveToken(
      accountId,
      rest.issuedAt,
      () => false,
      () => rest,
    );
  before(async () => {
    const base = { passwordHash: 'h', depots: ['0522'], messageLanguage: 'en_US', lateExport: false, pickupApproved: false } as const;
    alice = (await store().accounts.addAccount({ ...base, delisId: 'ALICE' })).id;
    bob = (await store().accounts.addAccount({ ...base, delisId: 'BOB' })).id;
    carol = (await store().accounts.addAccount({ ...base, delisId: 'CAROL' })).id;
    for (const saved of [token(alice, 'a0', 0), token(alice, 'a1', 1), token(bob, 'b0', 5)]) {
      await saveAsIs(saved);
    }
  });

  const validCases: ReadonlyArray<{ name: string; account: () => number; atHour: number; expected: string | undefined }> = [
    { name: 'the newest of two valid tokens', account: () => alice, atHour: 2, expected: 'a1' },
    { name: 'the one still valid', account: () => alice, atHour: 24.5, expected: 'a1' },
    { name: 'not one issued after the instant (a clock moved back)', account: () => alice, atHour: 0.5, expected: 'a0' },
    { name: 'none at the instant the newest expires', account: () => alice, atHour: 25, expected: undefined },
    { name: 'none after expiry', account: () => alice, atHour: 30, expected: undefined },
    { name: "only the account's own", account: () => bob, atHour: 6, expected: 'b0' },
    { name: 'none for an account without tokens', account: () => 0, atHour: 2, expected: undefined },
  ];
  for (const { name, account, atHour, expected } of validCases) {
    test(`findValidToken: ${name}`, async () => {
      const found = await store().tokens.findValidToken(account(), new Date(T0 + atHour * HOUR));
      assert.equal(found?.nonce, expected === undefined ? undefined : `nonce-${expected}`);
    });
  }

  test('findTokenByHash returns the token as saved, or undefined', async () => {
    assert.deepEqual(await store().tokens.findTokenByHash(token(bob, 'b0', 5).tokenHash), token(bob, 'b0', 5));
    assert.equal(await store().tokens.findTokenByHash('f'.repeat(64)), undefined);
  });

  test('findOrSaveToken rejects an issued hash that exists', async () => {
    await assert.rejects(saveAsIs(token(bob, 'a0', 0)));
  });

  const findOrSaveCases: ReadonlyArray<{
    name: string;
    account: () => number;
    atHour: number;
    usable: (found: AuthToken) => boolean;
    expected: string;
  }> = [
    { name: 'the valid token when usable', account: () => alice, atHour: 2, usable: () => true, expected: 'a1' },
    { name: 'a new token when the valid one is not usable', account: () => alice, atHour: 2, usable: () => false, expected: 'new' },
    { name: 'a new token when none is valid', account: () => bob, atHour: 30, usable: () => true, expected: 'new' },
    { name: "a new token, not another account's", account: () => carol, atHour: 2, usable: () => true, expected: 'new' },
  ];
  for (const { name, account, atHour, usable, expected } of findOrSaveCases) {
    test(`findOrSaveToken: ${name}`, async () => {
      const at = new Date(T0 + atHour * HOUR);
      const fresh = issued(`${name}-new`, atHour);
      const handed = await store().tokens.findOrSaveToken(account(), at, usable, () => fresh);
      if (expected === 'new') {
        assert.deepEqual(handed, { accountId: account(), ...fresh });
        assert.deepEqual(await store().tokens.findTokenByHash(fresh.tokenHash), handed, "saved as the account's");
      } else {
        assert.equal(handed.nonce, `nonce-${expected}`);
        assert.equal(await store().tokens.findTokenByHash(fresh.tokenHash), undefined, 'nothing saved');
      }
    });
  }

  test('findOrSaveToken: thirty calls at once for an account without a token save one and hand it to all', async () => {
    const { id } = await store().accounts.addAccount({
      delisId: 'DAVE',
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    });
    const at = new Date(T0 + 10 * HOUR);
    const handed = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        store().tokens.findOrSaveToken(
          id,
          at,
          () => true,
          () => issued(`dave${i}`, 10),
        ),
      ),
    );
    assert.equal(new Set(handed.map((found) => found.tokenHash)).size, 1);
    const saved = await Promise.all(Array.from({ length: 30 }, (_, i) => store().tokens.findTokenByHash(issued(`dave${i}`, 10).tokenHash)));
    assert.equal(saved.filter((found) => found !== undefined).length, 1);
  });

  test('deleteTokensExpiredBefore removes only tokens expired before the instant and counts them', async () => {
    assert.equal(await store().tokens.deleteTokensExpiredBefore(new Date(T0 + 24 * HOUR)), 0);
    assert.equal(await store().tokens.deleteTokensExpiredBefore(new Date(T0 + 25.5 * HOUR)), 2);
    assert.equal(await store().tokens.findTokenByHash(token(alice, 'a1', 1).tokenHash), undefined);
    assert.deepEqual(await store().tokens.findTokenByHash(token(bob, 'b0', 5).tokenHash), token(bob, 'b0', 5));
  });

  test('setAccountClock moved back moves the tokens back with it; moved on, it leaves them', async () => {
    const { id } = await store().accounts.addAccount({
      delisId: 'ERIN',
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    });
    // Issued on a clock 10 days ahead (hour 240), and an older one that moving ahead expired.
    await saveAsIs(token(id, 'e-old', 0));
    await saveAsIs(token(id, 'e-ahead', 240));
    await store().sandbox.setAccountClock(id, { offsetMs: 10 * DAY }, 0);
    await store().sandbox.setAccountClock(id, { offsetMs: 11 * DAY }, DAY);
    assert.deepEqual(
      await store().tokens.findTokenByHash(token(id, 'e-ahead', 240).tokenHash),
      token(id, 'e-ahead', 240),
      'moved on: left',
    );
    await store().sandbox.setAccountClock(id, undefined, -240 * HOUR);
    const moved = await store().tokens.findTokenByHash(token(id, 'e-ahead', 240).tokenHash);
    assert.deepEqual([moved?.issuedAt, moved?.expiresAt], [new Date(T0), new Date(T0 + 24 * HOUR)]);
    // Back at hour 0 the token has the day it had left, not eleven; the old one stays expired.
    assert.equal((await store().tokens.findValidToken(id, new Date(T0)))?.nonce, 'nonce-e-ahead');
    assert.equal(await store().tokens.findValidToken(id, new Date(T0 + 24 * HOUR)), undefined);
    const old = await store().tokens.findTokenByHash(token(id, 'e-old', 0).tokenHash);
    assert.deepEqual(old?.expiresAt, new Date(T0 - 216 * HOUR));
  });
});
