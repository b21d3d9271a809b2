// The outbox on both databases: a message kept once per key however often it is made, read newest
// first a page at a time, leased to one taker at a time (also when two stores race for it), settled
// only while leased, requeued and removed by the operator, counted by the queue's index; removed with
// the parcel's data (delete, expiry, resetAccount); the producer's cursor kept across stores.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NewNotification } from '../../src/domain/ports/notification-ports.ts';
import { transferredOrder } from '../fixtures/stored-orders.ts';
import { openStore } from '../../src/store/open-database.ts';
import { forEachStore } from '../support/databases.ts';

const T0 = new Date('2026-11-23T09:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
let serial = 0;

forEachStore('outbox', ({ store, options, dialect }) => {
  let accounts = 0;
  async function accountWithParcels(count: number): Promise<{ accountId: number; numbers: string[] }> {
    accounts += 1;
    const account = await store().accounts.addAccount({
      delisId: `OBX${dialect.slice(0, 2)}${String(accounts).padStart(4, '0')}`,
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    });
    const numbers = Array.from({ length: count }, () => `0522${String((serial += 1)).padStart(10, '0')}`);
    const order = transferredOrder(numbers, 20261123, { data: { numbers }, expiresAt: later(28 * 86_400_000) });
    await store().shipments.saveOrders(account.id, [order], T0);
    return { accountId: account.id, numbers };
  }

  const message = (accountId: number, parcelLabelNumber: string, overrides: Partial<NewNotification> = {}): NewNotification => ({
    accountId,
    parcelLabelNumber,
    eventKey: '1:PickedUp',
    eventStatus: 'PickedUp',
    eventAt: T0,
    source: 'proactiveNotification',
    sourceIndex: 0,
    rule: 1,
    channel: 1,
    recipient: 'ontvanger@example.nl',
    language: 'NL',
    textLanguage: 'nl',
    topic: 'status',
    subject: 'Je pakket',
    text: 'tekst',
    html: '<p>tekst</p>',
    status: 'queued',
    messageRef: `ref-${(serial += 1)}`,
    createdAt: T0,
    ...overrides,
  });

  test('keeps a message once per parcel, event, source entry and channel, and reads it back whole', async () => {
    const { outbox } = store();
    const { accountId, numbers } = await accountWithParcels(1);
    const first = message(accountId, numbers[0]);
    assert.equal(await outbox.addNotifications([first, { ...first, messageRef: 'another', subject: 'changed' }]), 1);
    assert.equal(await outbox.addNotifications([first, message(accountId, numbers[0], { channel: 3, html: undefined })]), 1);
    const { notifications, more } = await outbox.listNotifications(accountId, { limit: 10 });
    assert.equal(more, false);
    assert.equal(notifications.length, 2);
    const kept = notifications.find((n) => n.channel === 1);
    assert.deepEqual({ ...kept, id: 0 }, { ...first, id: 0, attempts: 0, nextAttemptAt: T0 });
    assert.equal(notifications.find((n) => n.channel === 3)?.html, undefined);
  });

  test('reads newest event first, a page after a message, one parcel or the account, never another account', async () => {
    const { outbox } = store();
    const { accountId, numbers } = await accountWithParcels(2);
    const other = await accountWithParcels(1);
    await outbox.addNotifications([
      message(accountId, numbers[0], { eventKey: '1:PickedUp', eventAt: later(1000) }),
      message(accountId, numbers[0], { eventKey: '4:Courier', eventAt: later(3000) }),
      message(accountId, numbers[1], { eventKey: '1:PickedUp', eventAt: later(2000) }),
      message(accountId, numbers[1], { eventKey: '2:Depot', eventAt: later(2000) }),
      message(other.accountId, other.numbers[0]),
    ]);
    const all = (await outbox.listNotifications(accountId, { limit: 10 })).notifications;
    assert.deepEqual(
      all.map((n) => `${n.parcelLabelNumber.slice(-2)} ${n.eventKey}`),
      [
        `${numbers[0].slice(-2)} 4:Courier`,
        `${numbers[1].slice(-2)} 2:Depot`,
        `${numbers[1].slice(-2)} 1:PickedUp`,
        `${numbers[0].slice(-2)} 1:PickedUp`,
      ],
    );
    const page = await outbox.listNotifications(accountId, { limit: 2 });
    assert.equal(page.more, true);
    const next = await outbox.listNotifications(accountId, { limit: 2, after: page.notifications[1].id });
    assert.deepEqual(
      next.notifications.map((n) => n.id),
      all.slice(2).map((n) => n.id),
    );
    assert.equal(next.more, false);
    const one = await outbox.listNotifications(accountId, { limit: 10, parcelLabelNumber: numbers[1] });
    assert.deepEqual(
      one.notifications.map((n) => n.eventKey),
      ['2:Depot', '1:PickedUp'],
    );
    // Another account's message id starts nothing.
    const [foreign] = (await outbox.listNotifications(other.accountId, { limit: 1 })).notifications;
    assert.deepEqual(await outbox.listNotifications(accountId, { limit: 2, after: foreign.id }), { notifications: [], more: false });
  });

  test('leases a due message to one taker, settles it only while leased, and takes it again once its lease ends', async () => {
    const { outbox } = store();
    const { accountId, numbers } = await accountWithParcels(1);
    await outbox.addNotifications([
      message(accountId, numbers[0], { eventKey: 'a' }),
      message(accountId, numbers[0], { eventKey: 'b', createdAt: later(60_000) }),
      message(accountId, numbers[0], { eventKey: 'c', status: 'captured' }),
    ]);
    const second = await openStore(options());
    try {
      // Two stores (two processes) ask at once: each message goes to one of them.
      const [mine, theirs] = await Promise.all([
        outbox.claimDue(later(1000), later(61_000), 10),
        second.outbox.claimDue(later(1000), later(61_000), 10),
      ]);
      const taken = [...mine, ...theirs].filter((n) => n.parcelLabelNumber === numbers[0]);
      assert.deepEqual(taken.map((n) => n.eventKey).sort(), ['a']);
      assert.equal(taken[0].attempts, 1);
      assert.equal(taken[0].status, 'sending');
      // Not yet due: made a minute later.
      assert.deepEqual(
        (await outbox.claimDue(later(1000), later(61_000), 10)).filter((n) => n.parcelLabelNumber === numbers[0]),
        [],
      );
      // Its lease ran out (its process died): taken again, a second attempt.
      const again = (await second.outbox.claimDue(later(62_000), later(120_000), 10)).filter((n) => n.parcelLabelNumber === numbers[0]);
      again.sort((x, y) => x.eventKey.localeCompare(y.eventKey));
      assert.deepEqual(
        again.map((n) => [n.eventKey, n.attempts]),
        [
          ['a', 2],
          ['b', 1],
        ],
      );
      await outbox.markSent(again[0].id, later(63_000));
      await outbox.markRetry(again[1].id, later(90_000), 'relay said 451');
      // A settled message is not settled again.
      await outbox.markEnded(again[0].id, 'failed', 'late');
      const kept = (await outbox.listNotifications(accountId, { limit: 10 })).notifications;
      const byKey = new Map(kept.map((n) => [n.eventKey, n]));
      assert.deepEqual([byKey.get('a')?.status, byKey.get('a')?.sentAt], ['sent', later(63_000)]);
      assert.deepEqual(
        [byKey.get('b')?.status, byKey.get('b')?.statusReason, byKey.get('b')?.nextAttemptAt],
        ['queued', 'relay said 451', later(90_000)],
      );
      assert.equal(byKey.get('c')?.status, 'captured');
    } finally {
      await second.close();
    }
  });

  test('counts the queue and its oldest message; the operator requeues and removes', async () => {
    const { outbox } = store();
    const { accountId, numbers } = await accountWithParcels(1);
    const before = await outbox.stats();
    await outbox.addNotifications([
      message(accountId, numbers[0], { eventKey: 'q1', createdAt: new Date('2001-01-01T00:00:00Z') }),
      message(accountId, numbers[0], { eventKey: 'q2', status: 'failed' }),
      message(accountId, numbers[0], { eventKey: 'q3', status: 'unsent', statusReason: 'not sent: no relay configured (SMTP_URL)' }),
      message(accountId, numbers[0], { eventKey: 'q4', status: 'captured' }),
    ]);
    const stats = await outbox.stats();
    assert.equal(stats.queued, before.queued + 1);
    assert.deepEqual(stats.oldestWaitingAt, new Date('2001-01-01T00:00:00Z'));
    assert.equal(await outbox.requeue({ accountId, status: 'unsent' }, later(5)), 1);
    assert.equal(await outbox.requeue({ accountId }, later(5)), 3, 'a captured message (stage) is never queued');
    const listed = await outbox.findForOperator({ accountId, status: 'queued' }, 10);
    assert.deepEqual(listed.map((n) => [n.eventKey, n.attempts]).sort(), [
      ['q1', 0],
      ['q2', 0],
      ['q3', 0],
    ]);
    assert.equal(await outbox.removeNotifications({ accountId, parcelLabelNumber: numbers[0] }), 4);
    assert.equal((await outbox.stats()).queued, before.queued);
  });

  test("removes a parcel's messages with its data: on delete, on expiry and with resetAccount", async () => {
    const { outbox, shipments, sandbox } = store();
    const { accountId, numbers } = await accountWithParcels(3);
    await outbox.addNotifications(numbers.map((number) => message(accountId, number)));
    await shipments.transitionParcels(accountId, [numbers[0]], { from: ['transferred'], to: 'deleted', at: later(1) });
    const left = async () =>
      (await outbox.listNotifications(accountId, { limit: 10 })).notifications.map((n) => n.parcelLabelNumber).sort();
    assert.deepEqual(await left(), numbers.slice(1));
    await shipments.purgeExpired(later(29 * 86_400_000), { only: accountId });
    assert.deepEqual(await left(), []);
    const fresh = await accountWithParcels(1);
    await outbox.addNotifications([message(fresh.accountId, fresh.numbers[0])]);
    const account = (await store().accounts.listAccounts()).find((a) => a.id === fresh.accountId);
    await sandbox.resetAccount(fresh.accountId, account?.delisId ?? '');
    assert.deepEqual((await outbox.listNotifications(fresh.accountId, { limit: 10 })).notifications, []);
  });

  test("keeps the producer's cursor and finds the parcels of events recorded after it", async () => {
    const { notificationSources, shipments } = store();
    const { accountId, numbers } = await accountWithParcels(2);
    const cursor = await notificationSources.readCursor();
    await shipments.transitionParcels(accountId, numbers, { from: ['transferred'], to: 'consolidated', at: later(1) });
    const found = await notificationSources.parcelsWithEventsAfter(cursor, 1000);
    // The suite's earlier tests recorded events too (the cursor of a fresh database is 0).
    const mine = found.parcels.filter((p) => p.accountId === accountId);
    assert.deepEqual(mine.map((p) => p.parcelLabelNumber).sort(), numbers);
    await notificationSources.writeCursor(found.lastEventId);
    const second = await openStore(options());
    try {
      assert.equal(await second.notificationSources.readCursor(), found.lastEventId);
      assert.deepEqual((await second.notificationSources.parcelsWithEventsAfter(found.lastEventId, 100)).parcels, []);
    } finally {
      await second.close();
    }
  });
});
