// AccountRepository over every store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DuplicateAccountError } from '../../src/domain/core/domain-errors.ts';
import type { Account, AccountChanges, NewAccount } from '../../src/domain/ports/account-ports.ts';
import { forEachStore } from '../support/databases.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');

function newAccount(delisId: string, overrides: Partial<NewAccount> = {}): NewAccount {
  return {
    delisId,
    passwordHash: `scrypt$${delisId}`,
    depots: ['0522'],
    messageLanguage: 'en_US',
    lateExport: false,
    pickupApproved: false,
    ...overrides,
  };
}

const additions: ReadonlyArray<{ name: string; account: NewAccount; depots: readonly string[] }> = [
  { name: 'one depot, defaults', account: newAccount('KD000001'), depots: ['0522'] },
  {
    name: 'depots keep their order, switches on, Dutch',
    account: newAccount('KD000002', { depots: ['0999', '0100', '0522'], lateExport: true, pickupApproved: true, messageLanguage: 'nl_NL' }),
    depots: ['0999', '0100', '0522'],
  },
  { name: 'no depots', account: newAccount('KD000003', { depots: [] }), depots: [] },
  {
    name: 'a depot listed twice is kept once, first place',
    account: newAccount('KD000004', { depots: ['0200', '0100', '0200'] }),
    depots: ['0200', '0100'],
  },
];

const updates: ReadonlyArray<{ name: string; changes: AccountChanges }> = [
  { name: 'password', changes: { passwordHash: 'scrypt$new' } },
  { name: 'language', changes: { messageLanguage: 'nl_NL' } },
  { name: 'switches', changes: { lateExport: true, pickupApproved: true } },
  { name: 'depots replaced, in the new order', changes: { depots: ['0300', '0100'] } },
  { name: 'depots emptied', changes: { depots: [] } },
  { name: 'nothing', changes: {} },
];

forEachStore(
  'accounts',
  ({ store }) => {
    for (const { name, account, depots } of additions) {
      test(`addAccount: ${name}`, async () => {
        const added = await store().accounts.addAccount(account);
        const expected: Omit<Account, 'id'> = { ...account, depots, createdAt: NOW };
        assert.deepEqual({ ...added, id: undefined }, { ...expected, id: undefined });
        assert.ok(Number.isSafeInteger(added.id) && added.id > 0);
        assert.deepEqual(await store().accounts.findAccount(account.delisId), added);
      });
    }

    test('addAccount rejects an existing delisId and leaves the first account as it was', async () => {
      const first = await store().accounts.addAccount(newAccount('KD000010', { depots: ['0522'] }));
      await assert.rejects(
        store().accounts.addAccount(newAccount('KD000010', { depots: ['0100'], lateExport: true })),
        (error: unknown) =>
          error instanceof DuplicateAccountError && error.delisId === 'KD000010' && error.code === 'ERR_DUPLICATE_ACCOUNT',
      );
      assert.deepEqual(await store().accounts.findAccount('KD000010'), first);
    });

    for (const [index, { name, changes }] of updates.entries()) {
      test(`updateAccount: ${name}`, async () => {
        const delisId = `KD0002${String(index).padStart(2, '0')}`;
        const before = await store().accounts.addAccount(newAccount(delisId, { depots: ['0522', '0100'] }));
        const updated = await store().accounts.updateAccount(delisId, changes);
        assert.deepEqual(updated, { ...before, ...changes });
        assert.deepEqual(await store().accounts.findAccount(delisId), updated);
      });
    }

    // PostgreSQL runs them on connections of their own: each must wait for the other's depots, not
    // insert beside rows it did not see deleted (a duplicate depot key).
    test('concurrent depot changes of one account all succeed, one of them last', async () => {
      const delisId = 'KD000300';
      await store().accounts.addAccount(newAccount(delisId, { depots: ['0522', '0100'] }));
      const lists = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? ['0522', '0100', `0${200 + i}`] : ['0100', '0522']));
      const results = await Promise.allSettled(lists.map((depots) => store().accounts.updateAccount(delisId, { depots })));
      assert.deepEqual(
        results.filter((result) => result.status === 'rejected'),
        [],
      );
      const final = (await store().accounts.findAccount(delisId))!.depots;
      assert.ok(
        lists.some((depots) => depots.join() === final.join()),
        final.join(),
      );
    });

    test('updateAccount and findAccount answer undefined for an unknown delisId', async () => {
      assert.equal(await store().accounts.updateAccount('KD999999', { lateExport: true }), undefined);
      assert.equal(await store().accounts.updateAccount('KD999999', {}), undefined);
      assert.equal(await store().accounts.findAccount('KD999999'), undefined);
    });

    test('listAccounts lists every account in creation order with its depots', async () => {
      const listed = await store().accounts.listAccounts();
      const found = await Promise.all(listed.map((account) => store().accounts.findAccount(account.delisId)));
      assert.deepEqual(listed, found);
      assert.deepEqual(
        listed.map((account) => account.id),
        [...listed.map((account) => account.id)].sort((a, b) => a - b),
      );
      assert.ok(listed.some((account) => account.delisId === 'KD000002' && account.depots.join() === '0999,0100,0522'));
    });

    test('disabled: set and cleared by updateAccount, absent on an account never disabled', async () => {
      await store().accounts.addAccount(newAccount('KD000020'));
      assert.equal((await store().accounts.findAccount('KD000020'))?.disabled, undefined);
      assert.equal((await store().accounts.updateAccount('KD000020', { disabled: true }))?.disabled, true);
      assert.equal((await store().accounts.findAccount('KD000020'))?.disabled, true);
      assert.equal((await store().accounts.updateAccount('KD000020', { disabled: false }))?.disabled, undefined);
    });

    test('removeAccount removes an account without data, and answers not found after', async () => {
      await store().accounts.addAccount(newAccount('KD000021', { depots: ['0522', '0100'] }));
      const removed = await store().accounts.removeAccount('KD000021', false);
      assert.equal(removed.removed, true);
      assert.equal(await store().accounts.findAccount('KD000021'), undefined);
      assert.deepEqual(await store().accounts.removeAccount('KD000021', true), { removed: false, reason: 'not found' });
      // The delisId is free again, its depots gone with it.
      assert.deepEqual((await store().accounts.addAccount(newAccount('KD000021'))).depots, ['0522']);
    });
  },
  { clock: { now: () => NOW } },
);
