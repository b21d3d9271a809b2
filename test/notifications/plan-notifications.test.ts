// Which messages each journey produces and what they say, from journeys in the carrier's status words
// (issue 26's scenarios, Europe/Amsterdam, collected Tuesday 5 January 2027): predict at the delivery
// depot with a one-hour window and again after nobody was home, the shop's message with its address,
// opening hours and keeping period, proactive messages by rule; none for a return parcel; Dutch,
// English and English in place of another language; SMS within 160 characters.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OrderData } from '../../src/contract/shipment-service/shipment-requests.ts';
import { textLanguageOf, type ShopView } from '../../src/domain/notifications/notification-texts.ts';
import {
  planNotifications,
  type NotificationDraft,
  type NotifyingEvent,
  type ParcelJourney,
} from '../../src/domain/notifications/plan-notifications.ts';

const ZONE = 'Europe/Amsterdam';
const NUMBER = '05229000000012';
const MPS = `MPS${NUMBER}20270105`;
/** A local time of January 2027 in Amsterdam (UTC+1). */
const at = (day: number, time: string) => new Date(`2027-01-${String(day).padStart(2, '0')}T${time}+01:00`);
const depot = { town: 'Berkel en Rodenrijs', country: 'NL' };
const hub = { town: 'Best', country: 'NL' };
const shopPlace = { town: 'Amsterdam', country: 'NL' };
const e = (status: string, day: number, time: string, extra: Partial<NotifyingEvent> = {}): NotifyingEvent => ({
  status,
  at: at(day, time),
  place: status === 'BetweenDepots' || status === 'PickedUp' ? hub : depot,
  ...extra,
});

const PREFIX = [
  e('PickedUp', 5, '18:34:07'),
  e('BetweenDepots', 5, '20:11:26'),
  e('BetweenDepots', 5, '20:48:00'),
  e('Depot', 6, '04:09:55'),
];
const JOURNEYS: Readonly<Record<string, readonly NotifyingEvent[]>> = {
  delivered: [...PREFIX, e('Courier', 6, '07:34:34'), e('Delivered', 6, '13:22:48')],
  not_home_then_delivered: [
    ...PREFIX,
    e('Courier', 6, '07:34:34'),
    e('DeliveryFailure', 6, '14:43:31', { reason: 'not_home' }),
    e('ReturningFromDelivery', 6, '17:11:26'),
    e('Courier', 7, '07:34:34'),
    e('Delivered', 7, '13:22:48'),
  ],
  not_home_to_parcel_shop: [
    ...PREFIX,
    e('Courier', 6, '07:34:34'),
    e('DeliveryFailure', 6, '14:43:31', { reason: 'not_home' }),
    e('ParcelShop', 6, '16:09:35', { parcelShopId: 101, place: shopPlace }),
    e('Delivered', 7, '15:27:09', { parcelShopId: 101, place: shopPlace }),
  ],
  refused_returned: [
    ...PREFIX,
    e('Courier', 6, '07:34:34'),
    e('DeliveryFailure', 6, '11:02:17', { reason: 'refused' }),
    e('ReturningFromDelivery', 6, '17:11:26'),
    e('ReturningToSender', 6, '19:40:05'),
    e('BetweenDepots', 6, '21:15:30'),
    e('Depot', 7, '04:09:55', { place: hub }),
    e('Courier', 7, '07:34:34', { place: hub }),
    e('ReturnedToSender', 7, '12:05:44', { place: hub }),
  ],
  parcel_shop_delivery: [
    ...PREFIX,
    e('Courier', 6, '07:34:34'),
    e('ParcelShop', 6, '10:48:12', { parcelShopId: 101, place: shopPlace }),
    e('Delivered', 7, '15:27:09', { parcelShopId: 101, place: shopPlace }),
  ],
};

const SHOP: ShopView = {
  company: 'Kiosk Damrak',
  street: 'Damrak',
  houseNo: '1',
  zipCode: '1012LG',
  city: 'Amsterdam',
  country: 'NL',
  openingHours: [
    { day: 6, fromTime1: 1000, toTime1: 1600 },
    { day: 1, fromTime1: 900, toTime1: 1230, fromTime2: 1330, toTime2: 1800 },
  ],
};

function order(services: Record<string, unknown>, sender = 'Pakketverzender BV'): OrderData {
  return {
    generalShipmentData: {
      sendingDepot: '0522',
      product: 'B2C',
      sender: { name1: sender, street: 'Keizersgracht', country: 'NL', zipCode: '1015CJ', city: 'Amsterdam' },
      recipient: { name1: 'Jan Jansen', street: 'Coolsingel', country: 'NL', zipCode: '3011AD', city: 'Rotterdam' },
    },
    parcels: [{ weight: 500 }],
    productAndServiceData: { orderType: 'consignment', ...services },
  };
}

const PREDICT_NL = { predict: { channel: 1, value: 'jan@example.nl', language: 'NL' } };

/** The journey's messages when it has gone `upTo` events (default: all). */
function plan(
  name: string,
  services: Record<string, unknown>,
  options: { upTo?: number; returns?: boolean; sender?: string; happened?: NotifyingEvent[] } = {},
): NotificationDraft[] {
  const planned = JOURNEYS[name];
  const happened = (options.happened ?? planned.slice(0, options.upTo ?? planned.length)).map((event, index) => ({ ...event, index }));
  const journey: ParcelJourney = { happened, planned };
  return planNotifications(
    { parcelLabelNumber: NUMBER, mpsId: MPS, returns: options.returns ?? false, order: order(services, options.sender) },
    journey,
    {
      timeZone: ZONE,
      shop: (id) => (id === 101 ? SHOP : undefined),
    },
  );
}

const summary = (drafts: readonly NotificationDraft[]) =>
  drafts.map((d) => `${d.eventKey} ${d.source}${d.sourceIndex} ${d.topic} ch${d.channel}`);

describe('planNotifications', () => {
  it('predicts the delivery the morning of it, at the delivery depot, with a one-hour window around the planned time', () => {
    const drafts = plan('delivered', PREDICT_NL);
    assert.deepEqual(summary(drafts), ['3:Depot predict0 delivery_planned ch1']);
    const [predict] = drafts;
    assert.equal(predict.eventAt.toISOString(), at(6, '04:09:55').toISOString());
    assert.equal(predict.subject, 'Je pakket van Pakketverzender BV komt woensdag 6 januari');
    assert.ok(
      predict.text.includes('Je pakket van Pakketverzender BV wordt bezorgd op woensdag 6 januari tussen 12:45 en 13:45.'),
      predict.text,
    );
    for (const fact of [`Pakketnummer: ${NUMBER}`, 'Afzender: Pakketverzender BV', `Volgreferentie: ${MPS}`])
      assert.ok(predict.text.includes(fact), fact);
    assert.equal(predict.textLanguage, 'nl');
    assert.ok(predict.html?.includes('<p>Je pakket van Pakketverzender BV wordt bezorgd op woensdag 6 januari tussen 12:45 en 13:45.</p>'));
  });

  it('makes nothing before the event: a journey at the hub has no predict yet', () => {
    assert.deepEqual(plan('delivered', PREDICT_NL, { upTo: 3 }), []);
  });

  it('predicts the new day after nobody was home (the first window is the failed attempt’s planned time)', () => {
    const drafts = plan('not_home_then_delivered', { predict: { channel: 3, value: '+31612345678', language: 'en' } });
    assert.deepEqual(summary(drafts), ['3:Depot predict0 delivery_planned ch3', '5:DeliveryFailure predict0 delivery_replanned ch3']);
    assert.equal(drafts[0].text, `Parcel ${NUMBER} from Pakketverzender BV arrives Wed 6 Jan 14:00-15:00. Ref ${MPS}`);
    assert.equal(drafts[1].text, `Parcel ${NUMBER} from Pakketverzender BV: nobody home. New try Thu 7 Jan 12:45-13:45. Ref ${MPS}`);
  });

  it("tells the predict's receiver where the parcel waits when it goes to a shop after a failed attempt", () => {
    const drafts = plan('not_home_to_parcel_shop', PREDICT_NL);
    assert.deepEqual(summary(drafts), ['3:Depot predict0 delivery_planned ch1', '6:ParcelShop predict0 at_parcel_shop ch1']);
    const shop = drafts[1];
    assert.ok(
      shop.text.includes('Je pakket van Pakketverzender BV ligt voor je klaar bij Kiosk Damrak, Damrak 1, 1012LG Amsterdam.'),
      shop.text,
    );
    assert.ok(shop.text.includes('Het pakketpunt bewaart het tot en met woensdag 13 januari'), shop.text);
    assert.ok(shop.text.includes('Openingstijden:\n  maandag 09:00–12:30, 13:30–18:00\n  zaterdag 10:00–16:00'), shop.text);
  });

  it("sends a parcel-shop delivery's notification when the parcel reaches the shop, with its name, address, hours and keeping period", () => {
    const drafts = plan('parcel_shop_delivery', {
      parcelShopDelivery: { parcelShopId: 101, parcelShopNotification: { channel: 1, value: 'jan@example.nl', language: 'EN' } },
      ...PREDICT_NL,
    });
    // A shop delivery has no door attempt: no predict.
    assert.deepEqual(summary(drafts), ['5:ParcelShop parcelShopNotification0 at_parcel_shop ch1']);
    const [message] = drafts;
    assert.equal(message.subject, 'Your parcel from Pakketverzender BV is waiting at a parcel shop');
    assert.ok(message.text.includes('Your parcel from Pakketverzender BV is waiting for you at Kiosk Damrak, Damrak 1, 1012LG Amsterdam.'));
    assert.ok(message.text.includes('The shop keeps it for you until Wednesday 13 January; after that it goes back to the sender.'));
    assert.ok(message.text.includes('Opening hours:\n  Monday 09:00–12:30, 13:30–18:00\n  Saturday 10:00–16:00'));
    assert.ok(message.html?.includes('<li>Monday 09:00–12:30, 13:30–18:00</li>'));
  });

  it('sends proactive messages by rule: each flag its events, refusals and returns under 32, nothing for a flag not asked for', () => {
    const proactive = (rule: number) => ({ proactiveNotification: [{ channel: 3, value: '+31612345678', rule, language: 'NL' }] });
    assert.deepEqual(
      plan('refused_returned', proactive(4 | 32)).map((d) => `${d.eventStatus}: ${d.text}`),
      [
        `DeliveryFailure: Pakket ${NUMBER} van Pakketverzender BV: niet bezorgd. Ref ${MPS}`,
        `ReturningToSender: Pakket ${NUMBER} van Pakketverzender BV: terug naar de afzender. Ref ${MPS}`,
        `ReturnedToSender: Pakket ${NUMBER} van Pakketverzender BV: terug bij de afzender. Ref ${MPS}`,
      ],
    );
    assert.deepEqual(
      plan('not_home_to_parcel_shop', proactive(1 | 8 | 16)).map((d) => d.eventStatus),
      ['PickedUp', 'ParcelShop', 'Delivered'],
    );
    const collected = plan('not_home_to_parcel_shop', {
      proactiveNotification: [{ channel: 1, value: 'a@example.nl', rule: 16, language: 'EN' }],
    });
    assert.ok(collected[0].text.includes('has been collected from the parcel shop'));
    assert.deepEqual(
      plan('delivered', proactive(2)).map((d) => d.eventStatus),
      ['Courier'],
    );
    assert.deepEqual(plan('delivered', proactive(4 | 8 | 32)), []);
  });

  it('never tells the receiver of a delivery today on the way back to the sender (rule 63, both languages, each channel)', () => {
    for (const [language, back, today] of [
      ['NL', 'terug naar de afzender', 'wordt vandaag bezorgd'],
      ['EN', 'back to the sender', 'out for delivery'],
    ] as const) {
      for (const [channel, value] of [
        [1, 'a@example.nl'],
        [2, '+31201234567'],
        [3, '+31612345678'],
      ] as const) {
        const drafts = plan('refused_returned', { proactiveNotification: [{ channel, value, rule: 63, language }] });
        const couriers = drafts.filter((d) => d.eventStatus === 'Courier');
        assert.equal(couriers.length, 2, `${language} ${channel}`);
        // The outward Courier announces today's delivery; the return leg's says the parcel goes back.
        assert.ok(couriers[0].text.includes(today) && !couriers[0].text.includes(back), couriers[0].text);
        assert.ok(couriers[1].text.includes(back) && !couriers[1].text.includes(today), couriers[1].text);
      }
    }
  });

  it('predicts no delivery on the way back to the sender, and says why a refused parcel was not delivered', () => {
    const drafts = plan('refused_returned', {
      ...PREDICT_NL,
      proactiveNotification: [{ channel: 1, value: 'a@example.nl', rule: 4, language: 'EN' }],
    });
    assert.deepEqual(summary(drafts), ['3:Depot predict0 delivery_planned ch1', '5:DeliveryFailure proactiveNotification0 status ch1']);
    assert.ok(drafts[1].text.includes('We could not deliver your parcel from Pakketverzender BV: its delivery was refused.'));
  });

  it('moves the window by the days an event recorded on live is late', () => {
    const planned = JOURNEYS.delivered;
    const late = planned.slice(0, 4).map((event) => ({ ...event, at: new Date(event.at.getTime() + 2 * 86_400_000 + 3_600_000) }));
    const [predict] = plan('delivered', PREDICT_NL, { happened: late });
    assert.ok(predict.text.includes('op zaterdag 9 januari tussen 12:45 en 13:45'), predict.text);
  });

  it('tells the receiver of a return parcel nothing: the outbound parcel’s messages are theirs', () => {
    assert.deepEqual(
      plan(
        'delivered',
        { ...PREDICT_NL, proactiveNotification: [{ channel: 1, value: 'a@b.nl', rule: 63, language: 'NL' }] },
        { returns: true },
      ),
      [],
    );
  });

  it('writes English for a language without texts of its own, and says so', () => {
    assert.deepEqual(textLanguageOf('NL'), { language: 'nl', fallback: false });
    assert.deepEqual(textLanguageOf('nl'), { language: 'nl', fallback: false });
    assert.deepEqual(textLanguageOf('GB'), { language: 'en', fallback: false });
    assert.deepEqual(textLanguageOf('de'), { language: 'en', fallback: true });
    const [email] = plan('delivered', { predict: { channel: 1, value: 'a@b.de', language: 'DE' } });
    assert.match(email.text, /^This message is in English: we have no text in DE\.\n\nHello,/);
    assert.ok(email.html?.includes('<p><em>This message is in English: we have no text in DE.</em></p>'));
    const [sms] = plan('delivered', { predict: { channel: 3, value: '+49', language: 'DE' } });
    assert.ok(sms.text.endsWith('(English: no DE text)'), sms.text);
  });

  it('keeps every SMS within 160 characters, cutting a long sender name where it must', () => {
    const longSender = 'Internationale Boekhandel De Lelie'; // 34 of name1's 35
    for (const [name, journey] of Object.entries(JOURNEYS)) {
      for (const language of ['NL', 'EN', 'DE']) {
        const drafts = plan(
          name,
          {
            predict: { channel: 3, value: '+31612345678', language },
            proactiveNotification: [{ channel: 3, value: '+31612345678', rule: 63, language }],
          },
          { sender: longSender },
        );
        assert.ok(drafts.length > 0, `${name} ${language}`);
        for (const draft of drafts) {
          // The shop's address can make a message longer than one SMS: a shop name and street of 50 characters each cannot be cut.
          if (draft.topic === 'at_parcel_shop') continue;
          assert.ok(draft.text.length <= 160, `${name} ${language} ${draft.eventKey}: ${draft.text.length} ${draft.text}`);
          assert.ok(draft.text.includes(NUMBER) && draft.text.includes(MPS), draft.text);
        }
      }
      assert.ok(journey.length > 0);
    }
  });

  it('writes every value into the HTML as text: a hostile sender name cannot add markup', () => {
    const [email] = plan(
      'delivered',
      { predict: { channel: 1, value: 'a@b.nl', language: 'EN' } },
      { sender: '<img src=x onerror=alert(1)>' },
    );
    assert.ok(!email.html?.includes('<img'), email.html);
    assert.ok(email.html?.includes('&lt;img src=x onerror=alert(1)&gt;'));
  });
});
