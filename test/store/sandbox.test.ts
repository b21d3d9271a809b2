// SandboxRepository on both databases: accounts' own clocks on their rows, injected faults and their
// count on the account row (bounded, taken one use at a time, also under concurrent takes), the
// reset of one account's data, parcel counts by the account's time, and the purge by each account's
// own clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { purge } from '../../src/domain/operator/purge.ts';
import type { InjectedFault, NewInjectedFault } from '../../src/domain/ports/sandbox-ports.ts';
import type { NewOrder } from '../../src/domain/ports/shipment-ports.ts';
import { forEachStore } from '../support/databases.ts';

const DAY = 86_400_000;
const T0 = new Date('2026-11-22T08:00:00.000Z');
const later = (days: number) => new Date(T0.getTime() + days * DAY);

let serial = 0;
const nextNumber = () => `0522${String((serial += 1)).padStart(10, '0')}`;

/** An order of `count` parcels (a consignment unless told), transferred at T0 (its data expires 28 days later) unless queued. */
function consignment(count: number, options: { queued?: boolean; orderType?: NewOrder['orderType'] } = {}): NewOrder {
  const numbers = Array.from({ length: count }, nextNumber);
  return {
    orderType: options.orderType ?? 'consignment',
    mpsId: `MPS${numbers[0] ?? nextNumber()}20261122`,
    sendingDepot: '0522',
    product: 'B2B',
    shipDate: 20261122,
    data: { numbers },
    parcels: numbers.map((parcelLabelNumber, position) => ({
      parcelLabelNumber,
      position,
      returns: false,
      weight: 100,
      serviceCode: '101',
      data: { parcelLabelNumber },
    })),
    parcelState: options.queued === true ? 'queued' : 'transferred',
    expiresAt: options.queued === true ? undefined : later(28),
  };
}

const fault = (overrides: Partial<NewInjectedFault> = {}): NewInjectedFault => ({
  operation: 'storeOrders',
  binding: 'any',
  count: 1,
  behaviour: { httpStatus: 503 },
  ...overrides,
});

forEachStore('sandbox repository', ({ store, dialect }) => {
  let accounts = 0;
  const newAccount = async () => {
    accounts += 1;
    return store().accounts.addAccount({
      delisId: `SBX${dialect.slice(0, 2)}${String(accounts).padStart(4, '0')}`,
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    });
  };
  const numbersOf = (order: NewOrder) => order.parcels.map((parcel) => parcel.parcelLabelNumber);

  test('keeps an account’s clock on its row, read with the account, and lists the accounts that have one', async () => {
    const { sandbox, accounts: repository } = store();
    const running = await newAccount();
    const fixed = await newAccount();
    const plain = await newAccount();
    await sandbox.setAccountClock(running.id, { offsetMs: 29 * DAY });
    await sandbox.setAccountClock(fixed.id, { offsetMs: 0, fixedAt: later(45) });
    assert.deepEqual((await repository.findAccount(running.delisId))?.clock, { offsetMs: 29 * DAY });
    assert.deepEqual((await repository.findAccount(fixed.delisId))?.clock, { offsetMs: 0, fixedAt: later(45) });
    assert.equal((await repository.findAccount(plain.delisId))?.clock, undefined);
    const listed = (await sandbox.listAccountClocks()).filter((entry) => [running.id, fixed.id, plain.id].includes(entry.accountId));
    assert.deepEqual(listed, [
      { accountId: running.id, clock: { offsetMs: 29 * DAY } },
      { accountId: fixed.id, clock: { offsetMs: 0, fixedAt: later(45) } },
    ]);
    await sandbox.setAccountClock(running.id, undefined);
    assert.equal((await repository.findAccount(running.delisId))?.clock, undefined);
    assert.ok(!(await sandbox.listAccountClocks()).some((entry) => entry.accountId === running.id));
  });

  test('adds faults up to the bound, counting them on the account row', async () => {
    const { sandbox, accounts: repository } = store();
    const account = await newAccount();
    const first = await sandbox.addInjectedFault(
      account.id,
      fault({ count: 3, behaviour: { fault: { faultCode: 'X', message: 'm' } } }),
      T0,
      2,
    );
    assert.deepEqual(
      { ...first, id: 0 },
      {
        id: 0,
        operation: 'storeOrders',
        binding: 'any',
        remaining: 3,
        behaviour: { fault: { faultCode: 'X', message: 'm' } },
        createdAt: T0,
      },
    );
    assert.ok((await sandbox.addInjectedFault(account.id, fault(), T0, 2)) !== undefined);
    assert.equal(await sandbox.addInjectedFault(account.id, fault(), T0, 2), undefined);
    assert.equal((await repository.findAccount(account.delisId))?.pendingFaults, 2);
    assert.deepEqual(
      (await sandbox.listInjectedFaults(account.id)).map((f) => f.remaining),
      [3, 1],
    );
    assert.deepEqual(await sandbox.listInjectedFaults(account.id, first!.id), [first]);
  });

  test('takes the oldest fault matching the operation and the binding, one use at a time', async () => {
    const { sandbox, accounts: repository } = store();
    const account = await newAccount();
    const other = await newAccount();
    const soapOnly = await sandbox.addInjectedFault(account.id, fault({ binding: 'SOAP', operation: 'getTrackingData' }), T0, 100);
    const any = await sandbox.addInjectedFault(account.id, fault({ operation: '*', count: 2 }), T0, 100);
    await sandbox.addInjectedFault(other.id, fault({ operation: '*', count: 5 }), T0, 100);
    const take = (operation: string, binding: 'REST' | 'SOAP') => sandbox.takeInjectedFault(account.id, operation, binding);
    const id = (taken: InjectedFault | undefined) => taken?.id;
    assert.equal(id(await take('getTrackingData', 'REST')), any!.id);
    assert.equal(id(await take('getTrackingData', 'SOAP')), soapOnly!.id);
    assert.equal((await take('storeOrders', 'SOAP'))?.remaining, 1);
    assert.equal(await take('storeOrders', 'REST'), undefined);
    assert.equal((await repository.findAccount(account.delisId))?.pendingFaults, undefined);
    // The other account's faults are its own.
    assert.equal((await sandbox.listInjectedFaults(other.id))[0].remaining, 5);
  });

  test('gives a fault’s uses to exactly as many of many concurrent takes', async () => {
    const { sandbox, accounts: repository } = store();
    const account = await newAccount();
    await sandbox.addInjectedFault(account.id, fault({ count: 4 }), T0, 100);
    const taken = await Promise.all(Array.from({ length: 12 }, () => sandbox.takeInjectedFault(account.id, 'storeOrders', 'REST')));
    assert.equal(taken.filter((t) => t !== undefined).length, 4);
    assert.deepEqual(await sandbox.listInjectedFaults(account.id), []);
    assert.equal((await repository.findAccount(account.delisId))?.pendingFaults, undefined);
  });

  test('clears one fault or all, and the count follows', async () => {
    const { sandbox, accounts: repository } = store();
    const account = await newAccount();
    const first = await sandbox.addInjectedFault(account.id, fault(), T0, 100);
    await sandbox.addInjectedFault(account.id, fault(), T0, 100);
    await sandbox.addInjectedFault(account.id, fault(), T0, 100);
    assert.equal(await sandbox.clearInjectedFaults(account.id, first!.id), 1);
    assert.equal(await sandbox.clearInjectedFaults(account.id, first!.id), 0);
    assert.equal((await repository.findAccount(account.delisId))?.pendingFaults, 2);
    assert.equal(await sandbox.clearInjectedFaults(account.id), 2);
    assert.equal((await repository.findAccount(account.delisId))?.pendingFaults, undefined);
  });

  test("resets one account's data and nothing of another's", async () => {
    const { sandbox, shipments, stageRequests, accounts: repository, tokens } = store();
    const account = await newAccount();
    const other = await newAccount();
    const mine = consignment(2);
    const theirs = consignment(1);
    await shipments.saveOrders(account.id, [mine, consignment(0, { orderType: 'pickup information' })], T0);
    await shipments.saveOrders(other.id, [theirs], T0);
    await shipments.consolidate(account.id, 20261122, T0);
    await shipments.consolidate(other.id, 20261122, T0);
    await stageRequests.recordMany([
      { at: T0, binding: 'rest', operation: 'storeOrders', delisId: account.delisId, body: '{}' },
      { at: T0, binding: 'soap', operation: 'storeOrders', delisId: other.delisId, body: '{}' },
    ]);
    await sandbox.addInjectedFault(account.id, fault(), T0, 100);
    await sandbox.addInjectedFault(other.id, fault(), T0, 100);
    await sandbox.setAccountClock(account.id, { offsetMs: DAY });
    await tokens.findOrSaveToken(
      account.id,
      T0,
      () => true,
      () => ({ tokenHash: `hash-${account.id}`, nonce: 'n', issuedAt: T0, expiresAt: later(1) }),
    );

    assert.deepEqual(await sandbox.resetAccount(account.id, account.delisId), {
      parcels: 2,
      orders: 2,
      consolidations: 1,
      trackingEvents: 2,
      stageRequests: 1,
      faults: 1,
    });
    assert.deepEqual(await shipments.findParcels(account.id, numbersOf(mine)), []);
    assert.deepEqual(await shipments.listConsolidations(account.id), []);
    assert.deepEqual(await sandbox.listInjectedFaults(account.id), []);
    // The account and its token stay; its clock is back on the real time, as a new account's (issue 38).
    const kept = await repository.findAccount(account.delisId);
    assert.deepEqual([kept?.id, kept?.clock, kept?.pendingFaults], [account.id, undefined, undefined]);
    assert.equal((await tokens.findTokenByHash(`hash-${account.id}`))?.accountId, account.id);
    // The other account keeps everything.
    assert.equal((await shipments.findParcels(other.id, numbersOf(theirs)))[0].state, 'consolidated');
    assert.equal((await shipments.listConsolidations(other.id)).length, 1);
    assert.equal((await sandbox.listInjectedFaults(other.id)).length, 1);
    assert.ok((await stageRequests.latest(1000)).some((request) => request.delisId === other.delisId));
    assert.ok(!(await stageRequests.latest(1000)).some((request) => request.delisId === account.delisId));
  });

  test('counts parcels per state by the account’s time, leaving out collection requests', async () => {
    const { sandbox, shipments } = store();
    const account = await newAccount();
    const queued = consignment(1, { queued: true });
    const transferred = consignment(2);
    const deleted = consignment(1);
    await shipments.saveOrders(account.id, [queued, transferred, deleted, consignment(1, { orderType: 'collection request order' })], T0);
    await shipments.transitionParcels(account.id, numbersOf(deleted), { from: ['transferred'], to: 'deleted', at: T0 });
    assert.deepEqual(await sandbox.countParcels(account.id, later(1)), [
      { state: 'queued', count: 1 },
      { state: 'transferred', count: 2 },
      { state: 'deleted', count: 1 },
    ]);
    assert.deepEqual(await sandbox.countParcels(account.id, later(28)), [
      { state: 'queued', count: 1 },
      { state: 'deleted', count: 1 },
      { state: 'expired', count: 2 },
    ]);
  });

  test("purges each account's data and tokens by its own clock", async () => {
    const repositories = store();
    const { sandbox, shipments, tokens } = repositories;
    const real = await newAccount();
    const ahead = await newAccount();
    const behind = await newAccount();
    const orders = { real: consignment(1), ahead: consignment(1), behind: consignment(1) };
    await shipments.saveOrders(real.id, [orders.real], T0);
    await shipments.saveOrders(ahead.id, [orders.ahead], T0);
    await shipments.saveOrders(behind.id, [orders.behind], T0);
    // Ahead by 20 days: at T0 + 10 days its time is past the 28 days. Behind: it stands at T0.
    await sandbox.setAccountClock(ahead.id, { offsetMs: 20 * DAY });
    await sandbox.setAccountClock(behind.id, { offsetMs: 0, fixedAt: T0 });
    for (const account of [real, ahead, behind]) {
      await tokens.findOrSaveToken(
        account.id,
        T0,
        () => true,
        () => ({ tokenHash: `t-${account.id}`, nonce: 'n', issuedAt: T0, expiresAt: later(1) }),
      );
    }
    const state = async (accountId: number, order: NewOrder) => (await shipments.findParcels(accountId, numbersOf(order)))[0].state;
    const token = async (accountId: number) => (await tokens.findTokenByHash(`t-${accountId}`)) !== undefined;

    await purge(repositories, later(10), 30 * DAY);
    assert.deepEqual(
      [await state(real.id, orders.real), await state(ahead.id, orders.ahead), await state(behind.id, orders.behind)],
      ['transferred', 'expired', 'transferred'],
    );
    // Tokens go a day after their expiry: by T0 + 10 days of its time, the account behind still has its.
    assert.deepEqual([await token(real.id), await token(ahead.id), await token(behind.id)], [false, false, true]);

    await purge(repositories, later(40), 30 * DAY);
    assert.deepEqual([await state(real.id, orders.real), await state(behind.id, orders.behind)], ['expired', 'transferred']);
    // The expired event is dated at the parcel's expiry, whichever clock found it.
    assert.deepEqual(
      (await shipments.parcelEvents(ahead.id, numbersOf(orders.ahead)[0])).map((event) => [event.state, event.at]),
      [
        ['created', T0],
        ['transferred', T0],
        ['expired', later(28)],
      ],
    );
  });
});
