// Live sends what the journeys produce: e-mail through a real SMTP relay (smtp-server on loopback) with
// the right envelope, subject, Message-ID, text and HTML parts; a relay that refuses for now and then
// accepts delivers once; one that refuses for good fails the message; SMS and telephone reach the
// webhook signed so that its receiver can check them (and tell a wrong secret); without a relay live
// keeps its messages as not sent. The events are recorded as `parcel-service parcels advance` records
// them; the sender's rounds are run by the test, on the test's clock.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { advanceParcel } from '../../src/domain/parcel-life-cycle/advance-parcels.ts';
import { notifyParcels } from '../../src/domain/notifications/notify-parcels.ts';
import { messageIdOf } from '../../src/server/transports/smtp-transport.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { startSmtpRelay, type SmtpRelay } from '../support/smtp-relay.ts';
import { isSignedBy, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { edit, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';

const SERVICES = 'order[0].productAndServiceData';
const SECRET = 'a-webhook-secret-of-at-least-32-characters';
const FROM = 'notify@carrier.example';

/** Stores `order`, closes its day and records its parcel's events up to `to` as the operator's command does; returns the parcel's number. */
async function shipped(t: TestApp, auth: Auth, order: JsonObject, to: string): Promise<string> {
  const stored = await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: order });
  const number = stored.json().orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber as string;
  await t.post(REST_PATH.startOrdersConsolidation, { authentication: auth, startOrdersConsolidation: { consolidationDate: 20261123 } });
  const account = await t.store.accounts.findAccount(auth.delisId);
  assert.ok(account);
  const moved = await advanceParcel(t.deps, account, number, to, t.clock.now());
  assert.ok(!('refused' in moved), JSON.stringify(moved));
  await notifyParcels(t.deps.notifications, [{ account, parcelLabelNumber: number }]);
  return number;
}

const outboxOf = async (t: TestApp, auth: Auth, number: string) => {
  const answer = await t.post(REST_PATH.findNotifications, { authentication: auth, findNotifications: { parcelLabelNumber: number } });
  assert.equal(answer.statusCode, 200, answer.body);
  return (answer.json().findNotificationsResponse.notification ?? []) as Array<Record<string, any>>;
};

describe('live delivery of receiver notifications', () => {
  let relay: SmtpRelay;
  let webhook: WebhookReceiver;
  let t: TestApp;
  let auth: Auth;
  before(async () => {
    relay = await startSmtpRelay();
    webhook = await startWebhookReceiver();
    t = await startTestApp({
      env: {
        PARCEL_ENV: 'live',
        SMTP_URL: relay.url,
        SMTP_FROM: `Parcel notifications <${FROM}>`,
        NOTIFY_WEBHOOK_URL: webhook.url,
        NOTIFY_WEBHOOK_SECRET: SECRET,
        NOTIFY_RETRY_SECONDS: '60',
        METRICS_PORT: '0',
      },
    });
    auth = await t.authenticate((await t.addAccount()).delisId);
  });
  after(async () => {
    await t.close();
    await relay.close();
    await webhook.close();
  });

  it('sends each e-mail once through the relay: recipient, sender, subject, Message-ID, text and HTML parts', async () => {
    const order = edit(
      minimumRequest(),
      set(`${SERVICES}.predict`, { channel: 1, value: 'jan.jansen@example.nl', language: 'EN' }),
      set(`${SERVICES}.proactiveNotification`, [{ channel: 1, value: 'marie@example.be', rule: 16, language: 'NL' }]),
    );
    const number = await shipped(t, auth, order, 'delivered');
    const queued = await outboxOf(t, auth, number);
    assert.deepEqual(queued.map((m) => m.status).sort(), ['queued', 'queued']);
    await t.notifications.run();
    const received = await relay.received(2);
    const sent = await outboxOf(t, auth, number);
    for (const message of sent) {
      assert.equal(message.status, 'sent');
      assert.equal(message.attempts, 1);
      assert.ok(message.sentAt !== undefined);
      const stored = await t.store.outbox.findForOperator({ parcelLabelNumber: number, status: 'sent' }, 10);
      const ref = stored.find((s) => s.id === message.id)?.messageRef ?? '';
      const mail = received.filter((m) => m.headers.get('message-id') === messageIdOf(ref, FROM));
      assert.equal(mail.length, 1, `one e-mail for ${message.topic}`);
      assert.deepEqual(mail[0].to, [message.value]);
      assert.equal(mail[0].from, FROM);
      assert.equal(mail[0].headers.get('from'), `Parcel notifications <${FROM}>`);
      assert.equal(mail[0].headers.get('to'), message.value);
      assert.equal(mail[0].headers.get('subject'), message.subject);
      assert.equal(mail[0].text, message.text);
      assert.equal(mail[0].html, message.html);
      assert.match(mail[0].headers.get('content-type') ?? '', /^multipart\/alternative/);
    }
    assert.match(sent.find((m) => m.kind === 'predict')?.subject, /^Your parcel from Pakketverzender BV arrives /);
    assert.equal(sent.find((m) => m.kind === 'proactiveNotification')?.subject, 'Je pakket van Pakketverzender BV: bezorgd');
    // Nothing is sent twice: another round finds nothing due.
    await t.notifications.run();
    assert.equal(relay.messages.length, 2);
    assert.match(await t.metrics!.registry.metrics(), /parcel_notifications_total\{outcome="sent"\} 2/);
  });

  it('delivers once through a relay that refuses for now and then accepts, after the back-off', async () => {
    const before_ = relay.messages.length;
    relay.refuseNext(1, 451);
    const number = await shipped(
      t,
      auth,
      edit(
        minimumRequest(),
        set(`${SERVICES}.proactiveNotification`, [{ channel: 1, value: 'retry@example.nl', rule: 1, language: 'EN' }]),
      ),
      'collected',
    );
    await t.notifications.run();
    const [waiting] = await outboxOf(t, auth, number);
    assert.deepEqual([waiting.status, waiting.attempts], ['queued', 1]);
    assert.match(waiting.statusReason, /451/);
    assert.equal(relay.messages.length, before_);
    // The queue as the operator sees it.
    const health = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    assert.equal(health.details.notifications.queued, 1);
    // Not due before its back-off (60 s): a round sends nothing.
    t.clock.advance(59_000);
    await t.notifications.run();
    assert.equal(relay.messages.length, before_);
    t.clock.advance(1_000);
    await t.notifications.run();
    const received = await relay.received(before_ + 1);
    assert.deepEqual(
      received.slice(before_).map((m) => m.to),
      [['retry@example.nl']],
    );
    const [sent] = await outboxOf(t, auth, number);
    assert.deepEqual([sent.status, sent.attempts, sent.statusReason], ['sent', 2, undefined]);
    t.clock.advance(3_600_000);
    await t.notifications.run();
    assert.equal(relay.messages.length, before_ + 1, 'exactly one delivery');
    assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).json().details.notifications.queued, 0);
  });

  it('fails a message the relay refuses for good, without retrying it', async () => {
    const before_ = relay.messages.length;
    relay.refuseNext(1, 550);
    const number = await shipped(
      t,
      auth,
      edit(
        minimumRequest(),
        set(`${SERVICES}.proactiveNotification`, [{ channel: 1, value: 'nobody@example.nl', rule: 1, language: 'EN' }]),
      ),
      'collected',
    );
    await t.notifications.run();
    t.clock.advance(3_600_000);
    await t.notifications.run();
    const [failed] = await outboxOf(t, auth, number);
    assert.deepEqual([failed.status, failed.attempts], ['failed', 1]);
    assert.match(failed.statusReason, /550/);
    assert.equal(relay.messages.length, before_);
  });

  it('posts SMS and telephone messages to the webhook, signed; a receiver with another secret finds the signature wrong', async () => {
    webhook.failNext(1, 503);
    const number = await shipped(
      t,
      auth,
      edit(
        minimumRequest(),
        set(`${SERVICES}.proactiveNotification`, [
          { channel: 3, value: '+31612345678', rule: 2, language: 'NL' },
          { channel: 2, value: '+31201234567', rule: 2, language: 'EN' },
        ]),
      ),
      'out_for_delivery',
    );
    await t.notifications.run();
    t.clock.advance(60_000);
    await t.notifications.run();
    const calls = await webhook.accepted(2);
    assert.equal(webhook.calls.length, 3, 'the refused attempt, then both messages');
    const messages = await outboxOf(t, auth, number);
    for (const call of calls) {
      const body = JSON.parse(call.body) as Record<string, unknown>;
      const message = messages.find((m) => m.channel === (body.channel === 'sms' ? 3 : 2));
      assert.ok(message, call.body);
      assert.deepEqual(
        { ...body, id: undefined, attempt: undefined },
        {
          id: undefined,
          channel: message.channel === 3 ? 'sms' : 'telephone',
          to: message.value,
          language: message.textLanguage,
          text: message.text,
          subject: message.subject,
          parcelLabelNumber: number,
          event: 'Courier',
          eventAt: new Date(message.at as string).toISOString(),
          attempt: undefined,
        },
      );
      assert.equal(call.headers['content-type'], 'application/json');
      assert.equal(call.headers['x-notification-id'], body.id);
      const signature = call.headers['x-notification-signature'] as string;
      assert.ok(isSignedBy(SECRET, signature, call.body), 'signed with the configured secret');
      assert.equal(isSignedBy('another-secret-the-receiver-was-given-wrongly', signature, call.body), false);
      assert.equal(
        isSignedBy(SECRET, signature, call.body.replace('"event":"Courier"', '"event":"Delivered"')),
        false,
        'a changed body fails the check',
      );
      assert.equal(message.status, 'sent');
    }
    const sms = messages.find((m) => m.channel === 3);
    assert.ok(sms && sms.text.length <= 160);
  });
});

describe('live without a relay or webhook', () => {
  it('keeps every message in the outbox as not sent, and sends nothing', async () => {
    const t = await startTestApp({ env: { PARCEL_ENV: 'live' } });
    try {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const number = await shipped(
        t,
        auth,
        edit(
          minimumRequest(),
          set(`${SERVICES}.predict`, { channel: 1, value: 'jan@example.nl', language: 'NL' }),
          set(`${SERVICES}.proactiveNotification`, [{ channel: 3, value: '+31612345678', rule: 16, language: 'NL' }]),
        ),
        'delivered',
      );
      await t.notifications.run();
      const messages = await outboxOf(t, auth, number);
      assert.deepEqual(messages.map((m) => [m.channel, m.status, m.statusReason]).sort(), [
        [1, 'unsent', 'not sent: no relay configured (SMTP_URL)'],
        [3, 'unsent', 'not sent: no relay configured (NOTIFY_WEBHOOK_URL)'],
      ]);
    } finally {
      await t.close();
    }
  });
});
