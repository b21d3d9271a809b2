// Issue 41 item 5: the sender has up to NOTIFY_CONCURRENCY messages under way at once per transport (the
// relay; the webhook), never more, and each message is still taken by one claim and recorded once. A
// channel without a transport has its messages marked unsent beside them. The transports here hold every
// message until the test lets it go, so what is under way at once is counted, not timed.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { hashPassword } from '../../src/domain/login/password.ts';
import { deliverDue, type MessageTransport } from '../../src/domain/notifications/deliver-notifications.ts';
import type { NewNotification, Outbox, StoredNotification } from '../../src/domain/ports/notification-ports.ts';
import { openStore } from '../../src/store/open-database.ts';

const NOW = new Date('2026-12-07T10:00:00Z');

/** The outbox's queue in memory: what deliverDue claims and records. */
function memoryOutbox(messages: StoredNotification[]) {
  const queued = [...messages];
  const ended = new Map<number, string>();
  const outbox = {
    async claimDue(_now: Date, _leaseUntil: Date, limit: number, channels?: readonly number[]) {
      await Promise.resolve();
      const taken: StoredNotification[] = [];
      for (let index = 0; index < queued.length && taken.length < limit;) {
        const message = queued[index];
        if (channels === undefined || channels.includes(message.channel)) taken.push(...queued.splice(index, 1));
        else index += 1;
      }
      return taken.map((message) => ({ ...message, attempts: message.attempts + 1 }));
    },
    async markSent(id: number) {
      assert.equal(ended.has(id), false, `message ${id} recorded twice`);
      ended.set(id, 'sent');
    },
    async markEnded(id: number, status: string) {
      assert.equal(ended.has(id), false, `message ${id} recorded twice`);
      ended.set(id, status);
    },
    async markRetry() {
      throw new Error('no message is retried here');
    },
  };
  return { outbox: outbox as unknown as Outbox, ended };
}

/** A transport that holds each message until `releaseOne`; `started` tells the test of each one taken. */
function heldTransport() {
  let underWay = 0;
  let most = 0;
  const held: Array<() => void> = [];
  let started: () => void = () => {};
  const transport: MessageTransport = {
    send() {
      underWay += 1;
      most = Math.max(most, underWay);
      return new Promise((resolve) => {
        held.push(() => {
          underWay -= 1;
          resolve({ ok: true });
        });
        started();
      });
    },
  };
  return {
    transport,
    get most() {
      return most;
    },
    get held() {
      return held.length;
    },
    /** Resolves once `count` messages are held. */
    holding: (count: number) =>
      new Promise<void>((resolve) => {
        started = () => held.length >= count && resolve();
        started();
      }),
    releaseOne: () => held.shift()?.(),
  };
}

const message = (id: number, channel: number): StoredNotification =>
  ({
    id,
    channel,
    accountId: 1,
    status: 'queued',
    messageRef: `ref-${id}`,
    createdAt: NOW,
    attempts: 0,
    recipient: channel === 1 ? 'receiver@example.nl' : '+31612345678',
  }) as unknown as StoredNotification;

it(
  'sends NOTIFY_CONCURRENCY messages at once per transport, each recorded once; a channel without a transport is marked unsent beside them',
  { timeout: 60_000 },
  async () => {
    const CONCURRENCY = 4;
    const messages = [
      ...Array.from({ length: 30 }, (_, index) => message(index + 1, 1)),
      ...Array.from({ length: 10 }, (_, index) => message(100 + index, 3)),
    ];
    const email = heldTransport();
    const { outbox, ended } = memoryOutbox(messages);
    const options = { leaseMs: 60_000, retryBaseMs: 1000, maxAttempts: 3, batch: 1, concurrency: CONCURRENCY };
    const holding = email.holding(CONCURRENCY);
    const round = deliverDue(outbox, { email: email.transport }, { now: () => NOW }, options);
    await holding;
    // Four under way at once, and no fifth taken while they are.
    assert.equal(email.held, CONCURRENCY);
    for (let sent = 0; sent < 30; sent++) {
      const next = email.holding(Math.min(CONCURRENCY, 30 - sent - 1));
      email.releaseOne();
      await next;
    }
    const counts = await round;
    assert.equal(email.most, CONCURRENCY);
    assert.deepEqual(counts, { sent: 30, retried: 0, failed: 0, unsent: 10 });
    assert.equal([...ended.values()].filter((status) => status === 'sent').length, 30);
    assert.deepEqual(
      messages.filter((m) => m.channel === 3).map((m) => ended.get(m.id)),
      Array(10).fill('unsent'),
    );
  },
);

it(
  'with NOTIFY_CONCURRENCY 1, one message at a time per transport, the relay and the webhook side by side',
  { timeout: 60_000 },
  async () => {
    const email = heldTransport();
    const phone = heldTransport();
    const { outbox, ended } = memoryOutbox([message(1, 1), message(2, 1), message(3, 2), message(4, 3)]);
    const options = { leaseMs: 60_000, retryBaseMs: 1000, maxAttempts: 3, batch: 1, concurrency: 1 };
    const both = Promise.all([email.holding(1), phone.holding(1)]);
    const round = deliverDue(outbox, { email: email.transport, phone: phone.transport }, { now: () => NOW }, options);
    await both;
    for (let step = 0; step < 2; step++) {
      email.releaseOne();
      phone.releaseOne();
      if (step === 0) await Promise.all([email.holding(1), phone.holding(1)]);
    }
    assert.deepEqual(await round, { sent: 4, retried: 0, failed: 0, unsent: 0 });
    assert.deepEqual([email.most, phone.most], [1, 1]);
    assert.equal(ended.size, 4);
  },
);

it(
  'on the SQLite outbox, senders taking at once each win a message of their own: NOTIFY_CONCURRENCY under way, none twice',
  { timeout: 60_000 },
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parcel-concurrent-'));
    const store = await openStore({ sqlitePath: join(dir, 'live.sqlite') });
    try {
      await store.migrate();
      const account = await store.accounts.addAccount({
        delisId: 'CONCUR01',
        passwordHash: await hashPassword('concurrent-password'),
        depots: ['0522'],
        messageLanguage: 'en_US',
        lateExport: false,
        pickupApproved: true,
      });
      const made = Array.from({ length: 12 }, (_, index) => ({
        ...message(index + 1, 1),
        parcelLabelNumber: `0522${String(700_000_000 + index).padStart(10, '0')}`,
        accountId: account.id,
        eventKey: '1:PickedUp',
        eventStatus: 'PickedUp',
        eventAt: NOW,
        source: 'proactiveNotification',
        sourceIndex: 0,
        language: 'EN',
        textLanguage: 'en',
        topic: 'collected',
        subject: 'Your parcel',
        text: 'collected',
      })) as unknown as NewNotification[];
      await store.outbox.addNotifications(made);
      const email = heldTransport();
      const holding = email.holding(4);
      const options = { leaseMs: 60_000, retryBaseMs: 1000, maxAttempts: 3, batch: 1, concurrency: 4 };
      const round = deliverDue(store.outbox, { email: email.transport }, { now: () => new Date() }, options);
      await holding;
      for (let sent = 0; sent < 12; sent++) {
        const next = email.holding(Math.min(4, 12 - sent - 1));
        email.releaseOne();
        await next;
      }
      assert.deepEqual(await round, { sent: 12, retried: 0, failed: 0, unsent: 0 });
      assert.equal(email.most, 4);
      const kept = await store.outbox.findForOperator({}, 100);
      assert.deepEqual(
        kept.map((m) => [m.status, m.attempts]),
        Array(12).fill(['sent', 1]),
      );
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
);
