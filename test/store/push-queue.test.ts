// The push queue on both databases: a push kept once per parcel and event however often it is made,
// listed newest first with its tries, due by its account's own clock, leased to one taker (also when
// two stores race), settled only by the lease that took it; `start_order` read from the stored parcels
// behind a cursor; and two stores — two processes — sending the same queue to one receiver deliver
// every push exactly once.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { NewPush } from '../../src/domain/ports/push-ports.ts';
import { createPushSender } from '../../src/domain/push/deliver-pushes.ts';
import { createPushAddressPolicy } from '../../src/server/transports/push-address-policy.ts';
import { createPushTransport } from '../../src/server/transports/push-transport.ts';
import { openDatabase, openStore } from '../../src/store/open-database.ts';
import { transferredOrder } from '../fixtures/stored-orders.ts';
import { forEachStore } from '../support/databases.ts';
import { startPushReceiver, type PushReceiver } from '../support/push-receiver.ts';
import { TestClock } from '../support/test-clock.ts';

const T0 = new Date('2026-11-23T09:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const HOUR = 3_600_000;
let serial = 0;

forEachStore('push queue', ({ store, options, dialect }) => {
  let accounts = 0;
  let receiver: PushReceiver;
  before(async () => {
    receiver = await startPushReceiver();
  });
  after(() => receiver.close());

  async function account(url = 'https://shop.example/push?token=a') {
    accounts += 1;
    const added = await store().accounts.addAccount({
      delisId: `PSH${dialect.slice(0, 2)}${String(accounts).padStart(4, '0')}`,
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    });
    await store().accounts.updateAccount(added.delisId, { pushUrl: { url, since: T0 } });
    return added;
  }
  async function parcels(accountId: number, count: number) {
    const numbers = Array.from({ length: count }, () => `0522${String((serial += 1)).padStart(10, '0')}`);
    const order = transferredOrder(numbers, 20261123, { data: { numbers }, expiresAt: later(28 * 24 * HOUR) });
    await store().shipments.saveOrders(accountId, [order], T0);
    return numbers;
  }
  const push = (accountId: number, parcelLabelNumber: string, eventKey: string, overrides: Partial<NewPush> = {}): NewPush => ({
    accountId,
    parcelLabelNumber,
    eventKey,
    code: 'pickup_driver',
    eventAt: T0,
    parameters: [
      ['pnr', parcelLabelNumber],
      ['status', 'pickup_driver'],
    ],
    dueAt: T0,
    sends: 1,
    sortKey: 0,
    createdAt: T0,
    ...overrides,
  });

  it('keeps a push once per parcel and event, and lists newest first a page at a time', async () => {
    const { id } = await account();
    const [number] = await parcels(id, 1);
    assert.equal(await store().pushes.addPushes([push(id, number, '1:PickedUp'), push(id, number, '2:BetweenDepots')]), 2);
    assert.equal(await store().pushes.addPushes([push(id, number, '1:PickedUp'), push(id, number, '3:BetweenDepots')]), 1);
    const first = await store().pushes.listPushes({ accountId: id, limit: 2 });
    assert.deepEqual(
      first.pushes.map((p) => p.eventKey),
      ['3:BetweenDepots', '2:BetweenDepots'],
    );
    assert.equal(first.more, true);
    const rest = await store().pushes.listPushes({ accountId: id, limit: 2, after: first.pushes[1].pushid });
    assert.deepEqual(
      rest.pushes.map((p) => [p.eventKey, p.state, p.parameters]),
      [['1:PickedUp', 'waiting', push(id, number, '').parameters]],
    );
    assert.match(rest.pushes[0].pushid, /^[0-9]+$/);
  });

  it('is due by its account’s clock, leased to one of two stores racing, settled only by that lease', async () => {
    const { id } = await account();
    const [number] = await parcels(id, 1);
    await store().pushes.addPushes([push(id, number, '1:PickedUp', { dueAt: later(HOUR) })]);
    const due = async (at: Date) => (await store().pushes.duePushes(at, 100, [])).filter((p) => p.accountId === id);
    assert.deepEqual(await due(T0), []);
    // The account's clock stands a day on: due at the real T0.
    await store().sandbox.setAccountClock(id, { offsetMs: 0, fixedAt: later(24 * HOUR) });
    const [candidate] = await due(T0);
    assert.equal(candidate.parcelLabelNumber, number);
    assert.deepEqual(
      await store()
        .pushes.duePushes(T0, 100, [id])
        .then((list) => list.filter((p) => p.accountId === id)),
      [],
    );
    const second = await openStore(options());
    try {
      const leases = await Promise.all([
        store().pushes.lease(candidate.pushid, T0, later(30_000)),
        second.pushes.lease(candidate.pushid, T0, later(30_000)),
      ]);
      const taken = leases.filter((lease) => lease !== undefined);
      assert.equal(taken.length, 1);
      const [lease] = taken;
      assert.equal(lease?.url, 'https://shop.example/push?token=a');
      assert.equal(lease?.clock?.fixedAt?.toISOString(), later(24 * HOUR).toISOString());
      // Leased: not due again until its lease ends (the process died mid-try), then taken with a new lease.
      assert.deepEqual(await due(later(1000)), []);
      const again = await second.pushes.lease(candidate.pushid, later(31_000), later(61_000));
      assert.ok(again !== undefined && lease !== undefined);
      const attempt = { at: later(24 * HOUR), httpStatus: 500, answer: 'down', durationMs: 12, acknowledged: false };
      assert.equal(await store().pushes.settle(lease, attempt, { state: 'delivered' }), false);
      assert.equal(await second.pushes.settle(again, attempt, { state: 'waiting', nextTryAt: later(25 * HOUR) }), true);
    } finally {
      await second.close();
    }
    const [kept] = (await store().pushes.listPushes({ accountId: id, limit: 5 })).pushes;
    assert.equal(kept.state, 'waiting');
    assert.equal(kept.nextTryAt?.toISOString(), later(25 * HOUR).toISOString());
    assert.deepEqual(kept.attempts, [{ at: later(24 * HOUR), httpStatus: 500, answer: 'down', durationMs: 12, acknowledged: false }]);
    assert.ok((await store().pushes.stats()).queued >= 1);
    await store().sandbox.setAccountClock(id, undefined);
  });

  it('gives up and sends again on request, with the same pushid', async () => {
    const { id } = await account();
    const [number] = await parcels(id, 1);
    await store().pushes.addPushes([push(id, number, '1:PickedUp')]);
    const [candidate] = (await store().pushes.duePushes(T0, 100, [])).filter((p) => p.accountId === id);
    const lease = await store().pushes.lease(candidate.pushid, T0, later(30_000));
    assert.ok(lease);
    await store().pushes.settle(
      lease,
      { at: T0, answer: 'the connection was refused', durationMs: 1, acknowledged: false },
      { state: 'given_up', reason: 'given up' },
    );
    assert.equal(await store().pushes.resend({ accountId: id, pushid: 'x' }, async () => T0), 0);
    assert.equal(await store().pushes.resend({ accountId: id, pushid: candidate.pushid }, async () => later(HOUR)), 1);
    const [kept] = (await store().pushes.listPushes({ accountId: id, pushid: candidate.pushid, limit: 1 })).pushes;
    assert.deepEqual([kept.state, kept.nextTryAt?.toISOString(), kept.attempts.length], ['waiting', later(HOUR).toISOString(), 1]);
  });

  it('reads the transferred parcels of accounts with a push URL behind its cursor', async () => {
    const before = await store().pushes.transfersAfter(0, 100_000);
    await store().pushes.writeCursor(before.lastId);
    const { id } = await account();
    const numbers = await parcels(id, 2);
    const found = await store().pushes.transfersAfter(await store().pushes.readCursor(), 100);
    assert.deepEqual(
      found.parcels.map((p) => [p.parcelLabelNumber, p.accountId, p.target.url, p.transferredAt.toISOString()]),
      numbers.map((n) => [n, id, 'https://shop.example/push?token=a', T0.toISOString()]),
    );
  });

  it('removes a parcel’s pushes and their tries with its data: deleted, expired, its account removed', async () => {
    const { id, delisId } = await account();
    const [deleted, kept] = await parcels(id, 2);
    const expiring = `0522${String((serial += 1)).padStart(10, '0')}`;
    await store().shipments.saveOrders(
      id,
      [transferredOrder([expiring], 20261123, { data: { numbers: [expiring] }, expiresAt: later(HOUR) })],
      T0,
    );
    const numbers = [deleted, kept, expiring];
    await store().pushes.addPushes(numbers.flatMap((number) => [push(id, number, '0:DataReceived'), push(id, number, '1:PickedUp')]));
    // One try each, so each push has a row in push_attempts too.
    for (const candidate of (await store().pushes.duePushes(T0, 100, [])).filter((p) => p.accountId === id)) {
      const lease = await store().pushes.lease(candidate.pushid, T0, later(30_000));
      assert.ok(lease);
      await store().pushes.settle(
        lease,
        { at: T0, httpStatus: 500, answer: 'down', durationMs: 1, acknowledged: false },
        { state: 'waiting', nextTryAt: later(HOUR) },
      );
    }
    const left = async () => {
      const { pushes } = await store().pushes.listPushes({ accountId: id, limit: 100 });
      assert.ok(pushes.every((p) => p.attempts.length === 1));
      return [...new Set(pushes.map((p) => p.parcelLabelNumber))].sort();
    };
    assert.deepEqual(await left(), [...numbers].sort());
    await store().shipments.transitionParcels(id, [deleted], { from: ['transferred'], to: 'deleted', at: T0 });
    assert.deepEqual(await left(), [kept, expiring].sort());
    assert.equal(await store().shipments.purgeExpired(later(2 * HOUR), { only: id }), 1);
    assert.deepEqual(await left(), [kept]);
    assert.deepEqual(
      await store()
        .accounts.removeAccount(delisId, true)
        .then((r) => r.removed),
      true,
    );
    assert.deepEqual((await store().pushes.listPushes({ accountId: id, limit: 100 })).pushes, []);
    // No try is left behind without its push.
    const { db } = openDatabase(options());
    try {
      const orphans = await db
        .selectFrom('push_attempts')
        .select('push_id')
        .where('push_id', 'not in', (eb) => eb.selectFrom('pushes').select('id'))
        .execute();
      assert.deepEqual(orphans, []);
    } finally {
      await db.destroy();
    }
  });

  it('is sent by two stores at once (two processes), each push delivered once', async () => {
    const { id, delisId } = await account();
    await store().accounts.updateAccount(delisId, { pushUrl: { url: receiver.url, since: T0 } });
    const numbers = await parcels(id, 20);
    const words = ['0:DataReceived', '1:PickedUp', '2:BetweenDepots'];
    await store().pushes.addPushes(numbers.flatMap((number) => words.map((key) => push(id, number, key))));
    const total = numbers.length * words.length;
    const clock = new TestClock(T0);
    const second = await openStore(options());
    const transport = createPushTransport({ policy: createPushAddressPolicy({ loopbackAllowed: true }), timeoutMs: 5000 });
    const start = receiver.received.length;
    try {
      const senders = [store(), second].map((s) =>
        createPushSender(
          s.pushes,
          transport,
          clock,
          { leaseMs: 30_000, perAccount: 4, inFlight: 8 },
          { failed: (error) => assert.fail(String(error)) },
        ),
      );
      await Promise.all(senders.map((sender) => sender.pass()));
      await receiver.arrived(start + total);
      await Promise.all(senders.map((sender) => sender.idle()));
      await Promise.all(senders.map((sender) => sender.stop()));
    } finally {
      transport.close();
      await second.close();
    }
    const pushids = receiver.received.slice(start).map((r) => r.get('pushid'));
    assert.equal(pushids.length, total);
    assert.equal(new Set(pushids).size, total);
    const { pushes } = await store().pushes.listPushes({ accountId: id, limit: 100 });
    assert.deepEqual(new Set(pushes.map((p) => p.state)), new Set(['delivered']));
    for (const p of pushes) assert.equal(p.attempts.length, 1);
  });
});
