// ConsoleService findNotifications over both bindings: the receiver notifications a parcel's journey
// produced on stage — e-mail, SMS and telephone, in Dutch, English and English in place of another
// language — each naming the parcel, the sender and the tracking reference; newest first, a page at a
// time, one parcel's or the account's; captured, never sent; gone with resetAccount; another account's
// parcel answers as an unknown one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, type BindingName } from '../support/binding-client.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { edit, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';

const SERVICES = 'order[0].productAndServiceData';
const SENDER = 'Pakketverzender BV';

/** An order whose receiver hears by e-mail in Dutch (predict), by SMS in English (rule 31) and by telephone in French (rule 2: out for delivery). */
const notifiedOrder = () =>
  edit(
    minimumRequest(),
    set(`${SERVICES}.predict`, { channel: 1, value: 'ontvanger@example.nl', language: 'NL' }),
    set(`${SERVICES}.proactiveNotification`, [
      { channel: 3, value: '+31612345678', rule: 31, language: 'EN' },
      { channel: 2, value: '+3220000000', rule: 2, language: 'FR' },
    ]),
  );

describe('ConsoleService findNotifications', () => {
  let t: TestApp;
  let auth: Auth;
  let other: Auth;
  const call = (binding: BindingName, body: JsonObject, as = auth) => callOver(binding, t, 'findNotifications', body, as);

  /** Stores an order, closes its day and moves its parcel to `to`; returns the parcel's number and web number. */
  async function shipped(to: string, order = notifiedOrder()): Promise<{ number: string; mpsId: string }> {
    const stored = (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: order })).json();
    const response = stored.orderResult.shipmentResponses[0];
    const number = response.parcelInformation[0].parcelLabelNumber as string;
    const consolidated = await t.post(REST_PATH.startOrdersConsolidation, {
      authentication: auth,
      startOrdersConsolidation: { consolidationDate: 20261123 },
    });
    assert.equal(consolidated.statusCode, 200, consolidated.body);
    const advanced = await t.post(REST_PATH.advanceParcel, { authentication: auth, advanceParcel: { parcelLabelNumber: number, to } });
    assert.equal(advanced.statusCode, 200, advanced.body);
    return { number, mpsId: response.mpsId as string };
  }

  let delivered: { number: string; mpsId: string };
  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount()).delisId);
    other = await t.authenticate((await t.addAccount()).delisId);
    delivered = await shipped('delivered');
  });
  after(() => t.close());

  for (const binding of BINDINGS) {
    it(`lists what the receiver was told of each event, by e-mail, SMS and telephone, over ${binding}`, async () => {
      const answer = await call(binding, { parcelLabelNumber: delivered.number });
      assert.ok(answer.ok, JSON.stringify(answer));
      const messages = answer.value.notification as Array<Record<string, any>>;
      const summary = messages.map((m) => `${m.kind}${m.entry ?? ''} ${m.event} ${m.topic} ch${m.channel} ${m.textLanguage}`);
      // Newest event first; within one event, the last made first.
      assert.deepEqual(
        [...summary].sort(),
        [
          'predict Depot delivery_planned ch1 nl',
          'proactiveNotification0 PickedUp status ch3 en',
          'proactiveNotification0 Courier status ch3 en',
          'proactiveNotification0 Delivered status ch3 en',
          'proactiveNotification1 Courier status ch2 en',
        ].sort(),
      );
      assert.equal(messages[messages.length - 1].event, 'PickedUp');
      assert.equal(answer.value.more, false);
      for (const message of messages) {
        assert.equal(message.status, 'captured', 'stage never sends');
        assert.equal(message.attempts, undefined);
        // Its event's time: advanceParcel records each event at its planned time (issue 38), the last
        // (Delivered, Tuesday 13:22:48 in Amsterdam) where the account's clock was moved on to.
        if (message.event === 'Delivered') assert.equal(message.at, '2026-11-24T12:22:48.000Z', "the event's time on the account's clock");
        else assert.ok(message.at < '2026-11-24T12:22:48.000Z' && message.at > t.clock.now().toISOString(), message.at);
        assert.equal(message.parcelLabelNumber, delivered.number);
        // A voice call reads numbers digit by digit.
        const read = message.channel === 2 ? message.text.replace(/[ ,]/g, '') : message.text;
        for (const fact of [delivered.number, SENDER.replace(/ /g, message.channel === 2 ? '' : ' '), delivered.mpsId])
          assert.ok(read.includes(fact), `${message.text} names ${fact}`);
        assert.doesNotMatch(`${message.subject} ${message.text} ${message.html ?? ''}`, /\bDPD\b/);
      }
      const email = messages.find((m) => m.channel === 1)!;
      assert.equal(email.value, 'ontvanger@example.nl');
      assert.equal(email.language, 'NL');
      assert.match(email.subject, /^Je pakket van Pakketverzender BV komt (maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag) \d+ \w+$/);
      assert.match(email.text, /wordt bezorgd op \w+ \d+ \w+ tussen \d\d:\d\d en \d\d:\d\d\./);
      assert.match(email.html, /^<!DOCTYPE html>\n<html lang="nl">/);
      assert.ok(email.html.includes(`<td>${delivered.mpsId}</td>`));
      const sms = messages.filter((m) => m.channel === 3);
      for (const message of sms) {
        assert.equal(message.html, undefined);
        assert.ok(message.text.length <= 160, `${message.text.length}: ${message.text}`);
        assert.equal(message.value, '+31612345678');
      }
      assert.equal(
        sms.find((m) => m.event === 'Delivered')!.text,
        `Parcel ${delivered.number} from ${SENDER}: delivered. Ref ${delivered.mpsId}`,
      );
      const call_ = messages.find((m) => m.channel === 2)!;
      assert.equal(call_.language, 'FR');
      assert.match(call_.text, /^This message is in English: we have no text in FR\. Hello\. /);
      assert.match(call_.text, /The parcel number is 0 5 2 2, 9 0 0 0, /);
      assert.equal(call_.html, undefined);
    });

    it(`pages newest first with limit and after, and lists the account's messages without a number, over ${binding}`, async () => {
      const all = await call(binding, {});
      assert.ok(all.ok, JSON.stringify(all));
      const ids = (all.value.notification as Array<{ id: number }>).map((m) => m.id);
      assert.ok(ids.length >= 5);
      const first = await call(binding, { limit: 2 });
      assert.ok(first.ok);
      assert.deepEqual(
        first.value.notification.map((m: { id: number }) => m.id),
        ids.slice(0, 2),
      );
      assert.equal(first.value.more, true);
      const next = await call(binding, { limit: 2, after: ids[1] });
      assert.ok(next.ok);
      assert.deepEqual(
        next.value.notification.map((m: { id: number }) => m.id),
        ids.slice(2, 4),
      );
      const none = await call(binding, {}, other);
      assert.ok(none.ok);
      assert.deepEqual([none.value.notification, none.value.more], [undefined, false]);
    });

    it(`answers another account's parcel as an unknown one, and refuses a page over 100, over ${binding}`, async () => {
      const foreign = await call(binding, { parcelLabelNumber: delivered.number }, other);
      assert.equal(foreign.ok, false);
      assert.ok(!foreign.ok && /is not a parcel of this account/.test(foreign.message), JSON.stringify(foreign));
      const tooMany = await call(binding, { limit: 101 });
      assert.equal(tooMany.ok, false);
    });
  }

  it('makes a message once, however often the journey is read, and none for an order without notifications', async () => {
    const before_ = await call('REST', { parcelLabelNumber: delivered.number });
    const again = await call('REST', { parcelLabelNumber: delivered.number });
    assert.ok(before_.ok && again.ok);
    assert.deepEqual(again.value, before_.value);
    const quiet = await shipped('delivered', minimumRequest());
    const answer = await call('REST', { parcelLabelNumber: quiet.number });
    assert.ok(answer.ok);
    assert.equal(answer.value.notification, undefined);
  });

  it("removes the account's messages with resetAccount", async () => {
    const reset = await t.post(REST_PATH.resetAccount, { authentication: auth, resetAccount: {} });
    assert.equal(reset.statusCode, 200, reset.body);
    const answer = await call('REST', {});
    assert.ok(answer.ok);
    assert.equal(answer.value.notification, undefined);
  });
});
