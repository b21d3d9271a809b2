// Each notification kind from the journeys on stage, read from the outbox over REST and SOAP: with the
// account's journeys running and its clock moved on (no advanceParcel), a parcel that finds nobody home
// and goes to the nearest shop tells its receiver the delivery window by e-mail in Dutch, then where
// the shop is; a parcel-shop delivery tells the shop notification's receiver by SMS in English; a second
// attempt tells the new day by telephone in English; proactive rules send their events.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver } from '../support/binding-client.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { edit, minimumRequest, set, shopDeliveryRequest, type JsonObject } from '../fixtures/requests.ts';

const SERVICES = 'order[0].productAndServiceData';
const SHOP = {
  parcelShopId: 123456789,
  company: 'Tabak Coolsingel',
  street: 'Coolsingel',
  houseNo: '12',
  country: 'NL',
  zipCode: '3011AB',
  city: 'Rotterdam',
  latitude: 51.9205,
  longitude: 4.4795,
  availableService: ['parcelShopDelivery', 'dropOff', 'returns'],
  openingHours: [{ day: 1, fromTime1: 900, toTime1: 1800 }],
};

describe('notifications from the journeys (stage, journeys running)', () => {
  let t: TestApp;
  let auth: Auth;
  let accountId: number;
  const numbers: Record<'shop' | 'psd' | 'again', string> = { shop: '', psd: '', again: '' };

  const store = async (order: JsonObject) => {
    const stored = await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: order });
    assert.equal(stored.statusCode, 200, stored.body);
    const number = stored.json().orderResult.shipmentResponses[0].parcelInformation?.[0]?.parcelLabelNumber as string | undefined;
    assert.ok(number, stored.body);
    return number;
  };

  before(async () => {
    t = await startTestApp({ env: { SESSION_CACHE_SECONDS: '0' } });
    const account = await t.addAccount();
    accountId = account.id;
    auth = await t.authenticate(account.delisId);
    await t.store.parcelShops.saveParcelShops([SHOP] as never);
    // Tuesday 5 January 2027, 11:00 in Amsterdam: collected tonight, delivered tomorrow.
    const clock = await t.post(REST_PATH.setClock, { authentication: auth, setClock: { fixedTime: '2027-01-05T10:00:00Z' } });
    assert.equal(clock.statusCode, 200, clock.body);
    auth = await t.authenticate(account.delisId);
    await t.store.sandbox.setJourneyClock(accountId, { running: true });

    await t.store.sandbox.setAccountScenario(accountId, 'not_home_to_parcel_shop');
    numbers.shop = await store(
      edit(
        minimumRequest(),
        set(`${SERVICES}.predict`, { channel: 1, value: 'jan@example.nl', language: 'NL' }),
        set(`${SERVICES}.proactiveNotification`, [{ channel: 3, value: '+31612345678', rule: 1 | 4 | 16, language: 'EN' }]),
      ),
    );
    await t.store.sandbox.setAccountScenario(accountId, 'not_home_then_delivered');
    numbers.again = await store(edit(minimumRequest(), set(`${SERVICES}.predict`, { channel: 2, value: '+31201234567', language: 'EN' })));
    await t.store.sandbox.setAccountScenario(accountId, undefined);
    const psd = shopDeliveryRequest();
    numbers.psd = await store(
      edit(
        psd,
        set(`${SERVICES}.parcelShopDelivery`, {
          parcelShopId: SHOP.parcelShopId,
          parcelShopNotification: { channel: 3, value: '+31687654321', language: 'EN' },
        }),
      ),
    );
    const closed = await t.post(REST_PATH.startOrdersConsolidation, {
      authentication: auth,
      startOrdersConsolidation: { consolidationDate: 20270105 },
    });
    assert.equal(closed.statusCode, 200, closed.body);
    // Five days on: every journey has ended; nothing but the clock moved the parcels.
    const moved = await t.post(REST_PATH.setClock, { authentication: auth, setClock: { advanceBy: 'P5D' } });
    assert.equal(moved.statusCode, 200, moved.body);
    auth = await t.authenticate(account.delisId);
  });
  after(() => t.close());

  const read = async (binding: (typeof BINDINGS)[number], number: string) => {
    const answer = await callOver(binding, t, 'findNotifications', { parcelLabelNumber: number }, auth);
    assert.ok(answer.ok, JSON.stringify(answer));
    return ((answer.value.notification ?? []) as Array<Record<string, any>>).reverse();
  };

  for (const binding of BINDINGS) {
    it(`predicts by e-mail in Dutch, then names the shop after nobody was home; proactive SMS in English, over ${binding}`, async () => {
      const messages = await read(binding, numbers.shop);
      assert.deepEqual(
        messages.map((m) => `${m.kind} ${m.event} ${m.topic} ${m.channel} ${m.textLanguage}`),
        [
          'proactiveNotification PickedUp status 3 en',
          'predict Depot delivery_planned 1 nl',
          'proactiveNotification DeliveryFailure status 3 en',
          'predict ParcelShop at_parcel_shop 1 nl',
          'proactiveNotification Delivered status 3 en',
        ],
      );
      const [, planned, failed, shop, collected] = messages;
      assert.equal(planned.subject, 'Je pakket van Pakketverzender BV komt woensdag 6 januari');
      assert.match(planned.text, /wordt bezorgd op woensdag 6 januari tussen 14:00 en 15:00\./);
      assert.equal(planned.at, '2027-01-06T03:09:55.000Z');
      assert.match(failed.text, /: not delivered\. Ref MPS/);
      assert.match(shop.text, /ligt voor je klaar bij Tabak Coolsingel, Coolsingel 12, 3011AB Rotterdam\./);
      assert.match(shop.text, /bewaart het tot en met woensdag 13 januari/);
      assert.match(shop.html, /<li>maandag 09:00–18:00<\/li>/);
      assert.match(collected.text, /: collected\. Ref MPS/);
      for (const message of messages) assert.equal(message.status, 'captured');
    });

    it(`tells a parcel-shop delivery's receiver by SMS in English where the parcel waits, over ${binding}`, async () => {
      const [message, ...rest] = await read(binding, numbers.psd);
      assert.deepEqual(rest, []);
      assert.deepEqual(
        [message.kind, message.event, message.topic, message.channel, message.value],
        ['parcelShopNotification', 'ParcelShop', 'at_parcel_shop', 3, '+31687654321'],
      );
      assert.match(
        message.text,
        /^Parcel \d{14} from Pakketverzender BV is ready at Tabak Coolsingel, Coolsingel 12, 3011AB Rotterdam until \w{3} \d+ Jan\. Ref MPS\d{22}$/,
      );
      assert.ok(message.text.length <= 160);
    });

    it(`calls with the new day after nobody was home, in English, over ${binding}`, async () => {
      const messages = await read(binding, numbers.again);
      assert.deepEqual(
        messages.map((m) => `${m.event} ${m.topic} ${m.channel}`),
        ['Depot delivery_planned 2', 'DeliveryFailure delivery_replanned 2'],
      );
      assert.match(
        messages[1].text,
        /^Hello\. This is a message about your parcel from Pakketverzender BV\. We could not deliver your parcel from Pakketverzender BV: nobody was at home\. We will come again on Thursday 7 January between 12:45 and 13:45\. The parcel number is /,
      );
    });
  }

  it('lists the messages of every running journey without a parcel number, once each', async () => {
    const all = await callOver('REST', t, 'findNotifications', { limit: 100 }, auth);
    const again = await callOver('REST', t, 'findNotifications', { limit: 100 }, auth);
    assert.ok(all.ok && again.ok);
    assert.equal(all.value.notification.length, 5 + 1 + 2);
    assert.deepEqual(again.value, all.value);
  });
});
