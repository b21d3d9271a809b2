// The journeys computed from a parcel's inputs (plan-journey.ts), the places of the built-in depot
// directory and the carrier's date forms: every scenario's events, times and places as docs and README
// tables give them, weekends, Saturday delivery, holidays, a return parcel, and what becomes visible.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JourneyParcel } from '../../src/domain/ports/journey-ports.ts';
import { depotLookup } from '../../src/domain/parcel-life-cycle/depot-directory.ts';
import { locationText } from '../../src/domain/parcel-life-cycle/journey-event.ts';
import {
  effectiveScenario,
  planJourney,
  scenarioMisfit,
  visibleEvents,
  type JourneyPlaces,
} from '../../src/domain/parcel-life-cycle/plan-journey.ts';
import { trackingDate } from '../../src/domain/parcel-life-cycle/tracking-dates.ts';
import { zonedInstant } from '../../src/rules/calendar.ts';

const ZONE = 'Europe/Amsterdam';
const calendar = { timeZone: ZONE, holidays: new Set([20261225, 20261226, 20270101]) };
const depots = depotLookup();
const place = (code: string) => {
  const found = depots.depot(code);
  assert.ok(found !== undefined, code);
  return found;
};

/** A parcel from Best (0522) to Rotterdam, consolidated at `consolidatedAt`. */
function parcel(
  consolidatedAt: string,
  overrides: Partial<JourneyParcel> = {},
  recipient = { zipCode: '3011AD', city: 'Rotterdam', country: 'NL' },
): JourneyParcel {
  return {
    parcelLabelNumber: '05229000000001',
    orderType: 'consignment',
    state: 'consolidated',
    product: 'B2B',
    sendingDepot: '0522',
    returns: false,
    shipDate: 20270105,
    createdAt: new Date(consolidatedAt),
    transferredAt: new Date(consolidatedAt),
    consolidatedAt: new Date(consolidatedAt),
    order: { sender: { zipCode: '1015CJ', city: 'Amsterdam', country: 'NL' }, recipient, saturdayDelivery: false },
    recorded: [],
    forcedCount: 0,
    ...overrides,
  };
}

function placesOf(p: JourneyParcel, shop?: { town: string; country: string; id: number }): JourneyPlaces {
  const recipient = p.order!.recipient;
  const deliveryHub = depots.hub(recipient.country);
  return {
    sending: place(p.sendingDepot),
    sendingHub: depots.hub('NL'),
    delivery: depots.deliveryDepot(recipient.country, recipient.zipCode) ?? deliveryHub!,
    deliveryHub,
    ...(shop === undefined ? {} : { shop: { place: { town: shop.town, country: shop.country }, parcelShopId: shop.id } }),
  };
}

/** The plan as rows of status, en date and location. */
function rows(p: JourneyParcel, shop?: { town: string; country: string; id: number }, language: 'en_US' | 'nl_NL' = 'en_US') {
  return planJourney(p, placesOf(p, shop), calendar)
    .slice(1)
    .map((event) => [event.status, trackingDate(event.at, language, ZONE), locationText(event.place)]);
}

const ROTTERDAM_SHOP = { town: 'Rotterdam', country: 'NL', id: 104 };
const TUESDAY = '2027-01-05T10:00:00Z';

describe('planJourney', () => {
  it('delivered: collected the day it is consolidated, delivered the next business day', () => {
    assert.deepEqual(rows(parcel(TUESDAY)), [
      ['PickedUp', '1/5/2027 6:34:07 PM', 'Best (NL)'],
      ['BetweenDepots', '1/5/2027 8:11:26 PM', 'Best (NL)'],
      ['BetweenDepots', '1/5/2027 8:48:00 PM', 'Best (NL)'],
      ['Depot', '1/6/2027 4:09:55 AM', 'Berkel en Rodenrijs (NL)'],
      ['Courier', '1/6/2027 7:34:34 AM', 'Berkel en Rodenrijs (NL)'],
      ['Delivered', '1/6/2027 1:22:48 PM', 'Berkel en Rodenrijs (NL)'],
    ]);
    const [dataReceived] = planJourney(parcel(TUESDAY), placesOf(parcel(TUESDAY)), calendar);
    assert.deepEqual(dataReceived, {
      status: 'DataReceived',
      at: new Date(TUESDAY),
      place: { town: 'Best', country: 'NL', depot: '0522' },
    });
  });

  it('writes the Dutch dates in the Dutch form', () => {
    assert.deepEqual(
      rows(parcel(TUESDAY), undefined, 'nl_NL').map((row) => row[1]),
      ['5-1-2027 18:34:07', '5-1-2027 20:11:26', '5-1-2027 20:48:00', '6-1-2027 04:09:55', '6-1-2027 07:34:34', '6-1-2027 13:22:48'],
    );
  });

  it('a Friday: delivered on Monday, or on Saturday with saturdayDelivery; after the collection round: collected Monday', () => {
    const friday = '2027-01-08T10:00:00Z';
    assert.equal(rows(parcel(friday)).at(-1)?.[1], '1/11/2027 1:22:48 PM');
    const saturday = parcel(friday, { order: { ...parcel(friday).order!, saturdayDelivery: true } });
    assert.equal(rows(saturday).at(-1)?.[1], '1/9/2027 1:22:48 PM');
    const late = rows(parcel('2027-01-08T17:30:00Z'));
    assert.deepEqual(late[0], ['PickedUp', '1/11/2027 6:34:07 PM', 'Best (NL)']);
    assert.equal(late.at(-1)?.[1], '1/12/2027 1:22:48 PM');
    // Consolidated on a Sunday: collected Monday.
    assert.equal(rows(parcel('2027-01-10T10:00:00Z'))[0][1], '1/11/2027 6:34:07 PM');
  });

  it('over Christmas: no delivery on the holidays or the Sunday', () => {
    assert.equal(rows(parcel('2026-12-24T10:00:00Z')).at(-1)?.[1], '12/28/2026 1:22:48 PM');
  });

  it('not_home_then_delivered: the attempt, back at the depot, delivered the next delivery day', () => {
    const thursday = '2027-01-07T10:00:00Z';
    assert.deepEqual(rows(parcel(thursday, { scenario: 'not_home_then_delivered' })).slice(3), [
      ['Depot', '1/8/2027 4:09:55 AM', 'Berkel en Rodenrijs (NL)'],
      ['Courier', '1/8/2027 7:34:34 AM', 'Berkel en Rodenrijs (NL)'],
      ['DeliveryFailure', '1/8/2027 2:43:31 PM', 'Berkel en Rodenrijs (NL)'],
      ['ReturningFromDelivery', '1/8/2027 5:11:26 PM', 'Berkel en Rodenrijs (NL)'],
      ['Courier', '1/11/2027 7:34:34 AM', 'Berkel en Rodenrijs (NL)'],
      ['Delivered', '1/11/2027 1:22:48 PM', 'Berkel en Rodenrijs (NL)'],
    ]);
    const saturday = parcel(thursday, {
      scenario: 'not_home_then_delivered',
      order: { ...parcel(thursday).order!, saturdayDelivery: true },
    });
    assert.equal(rows(saturday).at(-1)?.[1], '1/9/2027 1:22:48 PM');
    const failure = planJourney(saturday, placesOf(saturday), calendar).find((event) => event.status === 'DeliveryFailure');
    assert.equal(failure?.reason, 'not_home');
  });

  it('not_home_to_parcel_shop: to the nearest shop, collected by the receiver a shop day later (a Saturday too)', () => {
    const p = parcel(TUESDAY, { scenario: 'not_home_to_parcel_shop' });
    assert.deepEqual(rows(p, ROTTERDAM_SHOP).slice(5), [
      ['DeliveryFailure', '1/6/2027 2:43:31 PM', 'Berkel en Rodenrijs (NL)'],
      ['ParcelShop', '1/6/2027 4:09:35 PM', 'Rotterdam (NL)'],
      ['Delivered', '1/7/2027 3:27:09 PM', 'Rotterdam (NL)'],
    ]);
    const plan = planJourney(p, placesOf(p, ROTTERDAM_SHOP), calendar);
    assert.deepEqual(
      plan.slice(-2).map((event) => [event.parcelShopId, event.deliveredTo]),
      [
        [104, undefined],
        [104, 'shop'],
      ],
    );
    assert.equal(
      rows(parcel('2027-01-07T10:00:00Z', { scenario: 'not_home_to_parcel_shop' }), ROTTERDAM_SHOP).at(-1)?.[1],
      '1/9/2027 3:27:09 PM',
    );
    // No shop in the directory: the delivery depot stands in.
    assert.equal(rows(p).at(-2)?.[2], 'Berkel en Rodenrijs (NL)');
  });

  it('refused_returned: refused at the door, back to the sending depot, never Delivered', () => {
    assert.deepEqual(rows(parcel(TUESDAY, { scenario: 'refused_returned' })).slice(5), [
      ['DeliveryFailure', '1/6/2027 11:02:17 AM', 'Berkel en Rodenrijs (NL)'],
      ['ReturningFromDelivery', '1/6/2027 5:11:26 PM', 'Berkel en Rodenrijs (NL)'],
      ['ReturningToSender', '1/6/2027 7:40:05 PM', 'Berkel en Rodenrijs (NL)'],
      ['BetweenDepots', '1/6/2027 9:15:30 PM', 'Best (NL)'],
      ['BetweenDepots', '1/6/2027 9:52:04 PM', 'Best (NL)'],
      ['Depot', '1/7/2027 4:09:55 AM', 'Best (NL)'],
      ['Courier', '1/7/2027 7:34:34 AM', 'Best (NL)'],
      ['ReturnedToSender', '1/7/2027 12:05:44 PM', 'Best (NL)'],
    ]);
  });

  it('parcel_shop_delivery: a PSD parcel goes to its shop and is collected there', () => {
    const psd = parcel(TUESDAY, { product: 'PSD' });
    assert.equal(effectiveScenario(psd), 'parcel_shop_delivery');
    assert.deepEqual(rows(psd, { town: 'Rotterdam', country: 'NL', id: 7 }).slice(4), [
      ['Courier', '1/6/2027 7:34:34 AM', 'Berkel en Rodenrijs (NL)'],
      ['ParcelShop', '1/6/2027 10:48:12 AM', 'Rotterdam (NL)'],
      ['Delivered', '1/7/2027 3:27:09 PM', 'Rotterdam (NL)'],
    ]);
  });

  it('lost: searched for at the origin hub, then given up', () => {
    assert.deepEqual(rows(parcel(TUESDAY, { scenario: 'lost' })).slice(3), [
      ['Investigation', '1/6/2027 12:00:00 PM', 'Best (NL)'],
      ['Lost', '1/13/2027 10:15:00 AM', 'Best (NL)'],
    ]);
  });

  it('customs_hold: held at the destination hub outside the EU, released, then delivered', () => {
    const zurich = parcel(TUESDAY, { scenario: 'customs_hold' }, { zipCode: '8001', city: 'Zürich', country: 'CH' });
    assert.deepEqual(rows(zurich).slice(3), [
      ['CustomsHold', '1/6/2027 9:12:44 AM', 'Schlieren (CH)'],
      ['CustomsCleared', '1/7/2027 2:05:37 PM', 'Schlieren (CH)'],
      ['Depot', '1/8/2027 4:09:55 AM', 'Schlieren (CH)'],
      ['Courier', '1/8/2027 7:34:34 AM', 'Schlieren (CH)'],
      ['Delivered', '1/8/2027 1:22:48 PM', 'Schlieren (CH)'],
    ]);
    // Inside the EU there is no customs border: the default applies.
    const rotterdam = parcel(TUESDAY, { scenario: 'customs_hold' });
    assert.equal(scenarioMisfit(rotterdam, 'customs_hold'), 'needs_customs_border');
    assert.equal(effectiveScenario(rotterdam), 'delivered');
  });

  it('no_pickup_by_consignee: left at the shop, never collected, back to the sending depot seven shop days later', () => {
    const psd = parcel(TUESDAY, { product: 'PSD', scenario: 'no_pickup_by_consignee' });
    assert.equal(scenarioMisfit(psd, 'no_pickup_by_consignee'), undefined);
    assert.equal(effectiveScenario(psd), 'no_pickup_by_consignee');
    assert.deepEqual(rows(psd, ROTTERDAM_SHOP).slice(4), [
      ['Courier', '1/6/2027 7:34:34 AM', 'Berkel en Rodenrijs (NL)'],
      ['ParcelShop', '1/6/2027 10:48:12 AM', 'Rotterdam (NL)'],
      ['ReturningToSender', '1/14/2027 6:30:22 PM', 'Rotterdam (NL)'],
      ['BetweenDepots', '1/14/2027 9:15:30 PM', 'Best (NL)'],
      ['BetweenDepots', '1/14/2027 9:52:04 PM', 'Best (NL)'],
      ['Depot', '1/15/2027 4:09:55 AM', 'Best (NL)'],
      ['Courier', '1/15/2027 7:34:34 AM', 'Best (NL)'],
      ['ReturnedToSender', '1/15/2027 12:05:44 PM', 'Best (NL)'],
    ]);
    const door = planJourney(parcel(TUESDAY, { scenario: 'no_pickup_by_consignee' }), placesOf(psd, ROTTERDAM_SHOP), calendar);
    assert.deepEqual(
      door.slice(6, 9).map((event) => [event.status, event.reason]),
      [
        ['DeliveryFailure', 'not_home'],
        ['ParcelShop', undefined],
        ['ReturningToSender', 'not_collected'],
      ],
    );
    assert.equal(scenarioMisfit(parcel(TUESDAY, { returns: true }), 'no_pickup_by_consignee'), 'not_for_return');
  });

  it('error_pickup: the driver could not take it on collection day; collected the next business day, then delivered', () => {
    assert.deepEqual(rows(parcel(TUESDAY, { scenario: 'error_pickup' })), [
      ['PickupFailure', '1/5/2027 5:12:40 PM', 'Best (NL)'],
      ['PickedUp', '1/6/2027 6:34:07 PM', 'Best (NL)'],
      ['BetweenDepots', '1/6/2027 8:11:26 PM', 'Best (NL)'],
      ['BetweenDepots', '1/6/2027 8:48:00 PM', 'Best (NL)'],
      ['Depot', '1/7/2027 4:09:55 AM', 'Berkel en Rodenrijs (NL)'],
      ['Courier', '1/7/2027 7:34:34 AM', 'Berkel en Rodenrijs (NL)'],
      ['Delivered', '1/7/2027 1:22:48 PM', 'Berkel en Rodenrijs (NL)'],
    ]);
    assert.equal(scenarioMisfit(parcel(TUESDAY, { product: 'PSD' }), 'error_pickup'), 'not_for_psd');
  });

  it('damaged: repacked at the origin hub the next business day, delivered a day later', () => {
    assert.deepEqual(rows(parcel(TUESDAY, { scenario: 'damaged' })).slice(3), [
      ['Damaged', '1/6/2027 6:40:12 AM', 'Best (NL)'],
      ['Depot', '1/7/2027 4:09:55 AM', 'Berkel en Rodenrijs (NL)'],
      ['Courier', '1/7/2027 7:34:34 AM', 'Berkel en Rodenrijs (NL)'],
      ['Delivered', '1/7/2027 1:22:48 PM', 'Berkel en Rodenrijs (NL)'],
    ]);
  });

  it('across the border: the destination hub overnight, delivered on the second day', () => {
    const mechelen = rows(parcel(TUESDAY, {}, { zipCode: '2800', city: 'Mechelen', country: 'BE' }));
    assert.deepEqual(mechelen.slice(3), [
      ['BetweenDepots', '1/7/2027 1:22:13 AM', 'Puurs (BE)'],
      ['BetweenDepots', '1/7/2027 1:58:40 AM', 'Puurs (BE)'],
      ['Depot', '1/7/2027 4:09:55 AM', 'Mechelen (BE)'],
      ['Courier', '1/7/2027 7:34:34 AM', 'Mechelen (BE)'],
      ['Delivered', '1/7/2027 1:22:48 PM', 'Mechelen (BE)'],
    ]);
  });

  it('a return parcel walks back to the sending depot and is Delivered to its sender', () => {
    const back = parcel(TUESDAY, { returns: true });
    assert.deepEqual(rows(back, { town: 'Rotterdam', country: 'NL', id: 9 }), [
      ['PickedUp', '1/6/2027 11:20:41 AM', 'Rotterdam (NL)'],
      ['BetweenDepots', '1/6/2027 8:11:26 PM', 'Best (NL)'],
      ['BetweenDepots', '1/6/2027 8:48:00 PM', 'Best (NL)'],
      ['Depot', '1/7/2027 4:09:55 AM', 'Best (NL)'],
      ['Courier', '1/7/2027 7:34:34 AM', 'Best (NL)'],
      ['Delivered', '1/7/2027 12:05:44 PM', 'Best (NL)'],
    ]);
    assert.equal(planJourney(back, placesOf(back), calendar).at(-1)?.deliveredTo, 'sender');
    assert.equal(scenarioMisfit(back, 'refused_returned'), 'not_for_return');
  });

  it('express products: the early round', () => {
    assert.deepEqual(rows(parcel(TUESDAY, { product: 'E10' })).slice(-2), [
      ['Courier', '1/6/2027 7:01:15 AM', 'Berkel en Rodenrijs (NL)'],
      ['Delivered', '1/6/2027 9:41:05 AM', 'Berkel en Rodenrijs (NL)'],
    ]);
  });

  it('nothing before the data reached the carrier; only DataReceived before consolidation', () => {
    const queued = parcel(TUESDAY, { transferredAt: undefined, consolidatedAt: undefined, state: 'queued' });
    assert.deepEqual(planJourney(queued, placesOf(queued), calendar), []);
    const transferred = parcel(TUESDAY, { consolidatedAt: undefined, state: 'transferred' });
    assert.deepEqual(
      planJourney(transferred, placesOf(transferred), calendar).map((event) => event.status),
      ['DataReceived'],
    );
  });
});

describe('visibleEvents', () => {
  const p = parcel(TUESDAY, { scenario: 'not_home_then_delivered' });
  const plan = planJourney(p, placesOf(p), calendar);
  const words = (list: ReadonlyArray<{ status: string }>) => list.map((event) => event.status);

  it('shows DataReceived alone until events are forced or the horizon passes them', () => {
    assert.deepEqual(words(visibleEvents(plan, [], undefined)), ['DataReceived']);
    assert.deepEqual(words(visibleEvents(plan, [], new Date('2027-01-06T06:40:00Z'))), [
      'DataReceived',
      'PickedUp',
      'BetweenDepots',
      'BetweenDepots',
      'Depot',
      'Courier',
    ]);
  });

  it('a forced word stands for every planned event before it, dated no later than it; the next same word is the next one', () => {
    const at = new Date('2027-01-05T12:00:00Z');
    const visible = visibleEvents(plan, [{ status: 'Courier', at }], undefined);
    assert.deepEqual(words(visible), ['DataReceived', 'PickedUp', 'BetweenDepots', 'BetweenDepots', 'Depot', 'Courier']);
    assert.ok(visible.slice(1).every((event) => event.at.getTime() === at.getTime()));
    const again = visibleEvents(
      plan,
      [
        { status: 'Courier', at },
        { status: 'Courier', at },
      ],
      undefined,
    );
    assert.deepEqual(words(again).slice(6), ['DeliveryFailure', 'ReturningFromDelivery', 'Courier']);
    assert.deepEqual(
      again.map((event) => event.index),
      [0, 1, 2, 3, 4, 5, 6, 7, 8],
    );
  });

  it('reads the states advanceParcel recorded before it took words, and ignores life-cycle states', () => {
    const at = new Date('2027-01-06T20:00:00Z');
    const visible = visibleEvents(
      plan,
      [
        { status: 'consolidated', at: new Date(TUESDAY) },
        { status: 'collected', at },
        { status: 'in_transit', at },
        { status: 'out_for_delivery', at },
      ],
      undefined,
    );
    assert.deepEqual(words(visible), ['DataReceived', 'PickedUp', 'BetweenDepots', 'BetweenDepots', 'Depot', 'Courier']);
    assert.equal(visible[1].at.getTime(), at.getTime());
    // A recorded event at its own instant; those it stands for, planned before it, at their planned times.
    const late = visibleEvents(plan, [{ status: 'out_for_delivery', at }], undefined);
    assert.deepEqual(
      late.map((event) => event.at.getTime()),
      [...plan.slice(0, 5).map((event) => event.at.getTime()), at.getTime()],
    );
  });
});

describe('the depot directory and the dates', () => {
  it('finds the delivery depot by postcode in NL, BE, LU and DE; the hub where no route fits', () => {
    assert.equal(depots.deliveryDepot('NL', '3011AD')?.town, 'Berkel en Rodenrijs');
    assert.equal(depots.deliveryDepot('NL', '9999 ZZ')?.town, 'Tynaarlo');
    assert.equal(depots.deliveryDepot('NL', '1000')?.town, 'Amsterdam');
    assert.equal(depots.deliveryDepot('BE', '2800')?.town, 'Mechelen');
    assert.equal(depots.deliveryDepot('LU', 'L-1234')?.town, 'Howald');
    assert.equal(depots.deliveryDepot('DE', '74072')?.town, 'Heilbronn');
    assert.equal(depots.deliveryDepot('DE', '97961')?.town, 'Heilbronn');
    assert.equal(depots.deliveryDepot('DE', '97960')?.town, 'Würzburg');
    assert.equal(depots.deliveryDepot('NL', '0999'), undefined);
    assert.equal(depots.deliveryDepot('CH', '8001'), undefined);
    assert.deepEqual(depots.hub('CH'), { town: 'Schlieren', country: 'CH', depot: '0607' });
    assert.deepEqual(depots.hub('BE'), { town: 'Puurs', country: 'BE' });
  });

  it('writes dates in the en-US general form and the Dutch form, ASCII only, in the given zone', () => {
    const cases: Array<[string, string, string]> = [
      ['2021-08-17T17:11:26Z', '8/17/2021 7:11:26 PM', '17-8-2021 19:11:26'],
      ['2026-11-30T23:05:09Z', '12/1/2026 12:05:09 AM', '1-12-2026 00:05:09'],
      ['2026-11-30T11:30:00Z', '11/30/2026 12:30:00 PM', '30-11-2026 12:30:00'],
      ['2026-03-29T01:00:00Z', '3/29/2026 3:00:00 AM', '29-3-2026 03:00:00'],
      ['2026-10-25T00:30:00Z', '10/25/2026 2:30:00 AM', '25-10-2026 02:30:00'],
      ['2026-10-25T01:30:00Z', '10/25/2026 2:30:00 AM', '25-10-2026 02:30:00'],
    ];
    for (const [instant, en, nl] of cases) {
      assert.equal(trackingDate(new Date(instant), 'en_US', ZONE), en, instant);
      assert.equal(trackingDate(new Date(instant), 'nl_NL', ZONE), nl, instant);
      assert.match(en + nl, /^[\x20-\x7e]+$/);
    }
    assert.equal(trackingDate(new Date('2027-01-05T00:00:00Z'), 'en_US', 'UTC'), '1/5/2027 12:00:00 AM');
  });

  it('turns a wall-clock time into its instant across the DST changes and in a half-hour zone', () => {
    assert.equal(zonedInstant(20260329, '03:00:00', ZONE).toISOString(), '2026-03-29T01:00:00.000Z');
    assert.equal(zonedInstant(20260328, '18:34:07', ZONE).toISOString(), '2026-03-28T17:34:07.000Z');
    assert.equal(zonedInstant(20261025, '04:09:55', ZONE).toISOString(), '2026-10-25T03:09:55.000Z');
    assert.equal(zonedInstant(20270105, '18:34:07', 'Asia/Kolkata').toISOString(), '2027-01-05T13:04:07.000Z');
    assert.equal(zonedInstant(20270105, '00:00:00', 'UTC').toISOString(), '2027-01-05T00:00:00.000Z');
  });
});
