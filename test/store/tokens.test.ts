// TokenRepository over every store.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { AuthToken } from '../../src/domain/ports.ts';
import { forEachStore } from '../support/databases.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-22T10:00:00.000Z');

function token(accountId: number, name: string, issuedHour: number): AuthToken {
  return {
    accountId,
    tokenHash: name.padEnd(64, '0'),
    nonce: `nonce-${name}`,
    issuedAt: new Date(T0 + issuedHour * HOUR),
    expiresAt: new Date(T0 + (issuedHour + 24) * HOUR),
  };
}

forEachStore('tokens', ({ store }) => {
  let alice = 0;
  let bob = 0;
  before(async () => {
    const base = { passwordHash: 'h', depots: ['0522'], messageLanguage: 'en_US', lateExport: false, pickupApproved: false } as const;
    alice = (await store().accounts.addAccount({ ...base, delisId: 'ALICE' })).id;
    bob = (await store().accounts.addAccount({ ...base, delisId: 'BOB' })).id;
    for (const saved of [token(alice, 'a0', 0), token(alice, 'a1', 1), token(bob, 'b0', 5)]) {
      await store().tokens.saveToken(saved);
    }
  });

  const validCases: ReadonlyArray<{ name: string; account: () => number; atHour: number; expected: string | undefined }> = [
    { name: 'the newest of two valid tokens', account: () => alice, atHour: 2, expected: 'a1' },
    { name: 'the one still valid', account: () => alice, atHour: 24.5, expected: 'a1' },
    { name: 'none at the instant the newest expires', account: () => alice, atHour: 25, expected: undefined },
    { name: 'none after expiry', account: () => alice, atHour: 30, expected: undefined },
    { name: "only the account's own", account: () => bob, atHour: 2, expected: 'b0' },
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

  test('saveToken rejects a hash that exists', async () => {
    await assert.rejects(store().tokens.saveToken(token(bob, 'a0', 0)));
  });

  test('deleteTokensExpiredBefore removes only tokens expired before the instant and counts them', async () => {
    assert.equal(await store().tokens.deleteTokensExpiredBefore(new Date(T0 + 24 * HOUR)), 0);
    assert.equal(await store().tokens.deleteTokensExpiredBefore(new Date(T0 + 25.5 * HOUR)), 2);
    assert.equal(await store().tokens.findTokenByHash(token(alice, 'a1', 1).tokenHash), undefined);
    assert.deepEqual(await store().tokens.findTokenByHash(token(bob, 'b0', 5).tokenHash), token(bob, 'b0', 5));
  });
});
