// Every scenario walked end to end over REST and over SOAP — by advanceParcel, and by the account's
// clock alone (journeys running, a fixed clock moved on with advanceBy) — with the statuses, locations
// and dates each step must show; a Saturday delivery, a weekend, a return parcel, Dutch dates. Before
// and after every step the SOAP answer is read as the open-source connector's tracking parser reads it
// (test/support/karrio-like-check.ts; and its Python stand-in where Python is), and validated against
// the carrier's ParcelLifecycleServiceV20.xsd.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { zonedInstant } from '../../src/rules/calendar.ts';
import { GOLDEN_SHOPS } from '../fixtures/golden-calls.ts';
import {
  edit,
  minimumRequest,
  returnRequest,
  set,
  shopDeliveryRequest,
  switzerlandRequest,
  type JsonObject,
} from '../fixtures/requests.ts';
import { cheapPasswordHash, startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, ok, type BindingName } from '../support/binding-client.ts';
import { CARRIER_NAMESPACE_BASE } from '../support/carrier-schemas.ts';
import { readLikeConnector, strptime } from '../support/karrio-like-check.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { CARRIER_NAMESPACES, PYTHON_PRESENT, TRACKING_SCHEMA, TrackingAnswers } from '../support/tracking-checks.ts';

const ZONE = 'Europe/Amsterdam';
/** Tuesday 5 January 2027, 11:00 in the service's time zone: the README's fixed clock. */
const TUESDAY = '2027-01-05T10:00:00.000Z';
/** Friday 8 January 2027, 11:00. */
const FRIDAY = '2027-01-08T10:00:00.000Z';

const BEST = 'Best (NL)';
const BERKEL = 'Berkel en Rodenrijs (NL)';
const ROTTERDAM = 'Rotterdam (NL)';
const HEILBRONN = 'Heilbronn (DE)';
const ASCHAFFENBURG = 'Aschaffenburg (DE)';
const SCHLIEREN = 'Schlieren (CH)';

/** An event a step shows: its status word, `Town (CC)` and date as written in English. */
type Row = readonly [status: string, location: string, date: string];

/** The evening of collection day `day` (M/D/YYYY) at the sending depot and its hub. */
const collected = (day: string, depot = BEST, hub = BEST): Row[] => [
  ['PickedUp', depot, `${day} 6:34:07 PM`],
  ['BetweenDepots', hub, `${day} 8:11:26 PM`],
  ['BetweenDepots', hub, `${day} 8:48:00 PM`],
];
const delivery = (day: string, place = BERKEL): Row[] => [
  ['Depot', place, `${day} 4:09:55 AM`],
  ['Courier', place, `${day} 7:34:34 AM`],
];

/** A shop of the directory in Rotterdam, taking deliveries and returns (the nearest to the recipient 3011AD). */
const ROTTERDAM_SHOP = {
  ...GOLDEN_SHOPS[0],
  parcelShopId: 104,
  company: 'Tabak Coolsingel',
  street: 'Coolsingel',
  houseNo: '12',
  zipCode: '3011AD',
  city: 'Rotterdam',
  latitude: 51.9206,
  longitude: 4.4794,
};

interface Case {
  readonly name: string;
  /** The account's default scenario; none: `delivered`. */
  readonly scenario?: string;
  readonly request: () => JsonObject;
  /** Which stored parcel walks (the return label is the second). */
  readonly parcel?: number;
  /** When its day is closed (the account's fixed clock). */
  readonly at?: string;
  /** Every event after DataReceived, in order. */
  readonly events: readonly Row[];
}

const CASES: readonly Case[] = [
  {
    name: 'delivered (the default)',
    request: minimumRequest,
    events: [...collected('1/5/2027'), ...delivery('1/6/2027'), ['Delivered', BERKEL, '1/6/2027 1:22:48 PM']],
  },
  {
    name: 'not_home_then_delivered',
    scenario: 'not_home_then_delivered',
    request: minimumRequest,
    events: [
      ...collected('1/5/2027'),
      ...delivery('1/6/2027'),
      ['DeliveryFailure', BERKEL, '1/6/2027 2:43:31 PM'],
      ['ReturningFromDelivery', BERKEL, '1/6/2027 5:11:26 PM'],
      ['Courier', BERKEL, '1/7/2027 7:34:34 AM'],
      ['Delivered', BERKEL, '1/7/2027 1:22:48 PM'],
    ],
  },
  {
    name: 'not_home_to_parcel_shop',
    scenario: 'not_home_to_parcel_shop',
    request: minimumRequest,
    events: [
      ...collected('1/5/2027'),
      ...delivery('1/6/2027'),
      ['DeliveryFailure', BERKEL, '1/6/2027 2:43:31 PM'],
      ['ParcelShop', ROTTERDAM, '1/6/2027 4:09:35 PM'],
      ['Delivered', ROTTERDAM, '1/7/2027 3:27:09 PM'],
    ],
  },
  {
    name: 'refused_returned',
    scenario: 'refused_returned',
    request: minimumRequest,
    events: [
      ...collected('1/5/2027'),
      ...delivery('1/6/2027'),
      ['DeliveryFailure', BERKEL, '1/6/2027 11:02:17 AM'],
      ['ReturningFromDelivery', BERKEL, '1/6/2027 5:11:26 PM'],
      ['ReturningToSender', BERKEL, '1/6/2027 7:40:05 PM'],
      ['BetweenDepots', BEST, '1/6/2027 9:15:30 PM'],
      ['BetweenDepots', BEST, '1/6/2027 9:52:04 PM'],
      ...delivery('1/7/2027', BEST),
      ['ReturnedToSender', BEST, '1/7/2027 12:05:44 PM'],
    ],
  },
  {
    name: 'parcel_shop_delivery (product PSD)',
    scenario: 'parcel_shop_delivery',
    request: () =>
      edit(
        shopDeliveryRequest(),
        set('order[0].generalShipmentData.recipient.zipCode', '3011AD'),
        set('order[0].generalShipmentData.recipient.city', 'Rotterdam'),
        set('order[0].productAndServiceData.parcelShopDelivery.parcelShopId', '104'),
      ),
    events: [
      ...collected('1/5/2027'),
      ...delivery('1/6/2027'),
      ['ParcelShop', ROTTERDAM, '1/6/2027 10:48:12 AM'],
      ['Delivered', ROTTERDAM, '1/7/2027 3:27:09 PM'],
    ],
  },
  {
    name: 'lost',
    scenario: 'lost',
    request: minimumRequest,
    events: [...collected('1/5/2027'), ['Investigation', BEST, '1/6/2027 12:00:00 PM'], ['Lost', BEST, '1/13/2027 10:15:00 AM']],
  },
  {
    name: 'customs_hold (Germany to Switzerland)',
    scenario: 'customs_hold',
    request: switzerlandRequest,
    events: [
      ...collected('1/5/2027', HEILBRONN, ASCHAFFENBURG),
      ['CustomsHold', SCHLIEREN, '1/6/2027 9:12:44 AM'],
      ['CustomsCleared', SCHLIEREN, '1/7/2027 2:05:37 PM'],
      ...delivery('1/8/2027', SCHLIEREN),
      ['Delivered', SCHLIEREN, '1/8/2027 1:22:48 PM'],
    ],
  },
  {
    name: 'damaged',
    scenario: 'damaged',
    request: minimumRequest,
    events: [
      ...collected('1/5/2027'),
      ['Damaged', BEST, '1/6/2027 6:40:12 AM'],
      ...delivery('1/7/2027'),
      ['Delivered', BERKEL, '1/7/2027 1:22:48 PM'],
    ],
  },
  {
    name: 'a return parcel: handed in at the shop near its recipient, delivered back to its sender',
    request: returnRequest,
    parcel: 1,
    events: [
      ['PickedUp', ROTTERDAM, '1/6/2027 11:20:41 AM'],
      ['BetweenDepots', BEST, '1/6/2027 8:11:26 PM'],
      ['BetweenDepots', BEST, '1/6/2027 8:48:00 PM'],
      ...delivery('1/7/2027', BEST),
      ['Delivered', BEST, '1/7/2027 12:05:44 PM'],
    ],
  },
  {
    name: 'a Friday with Saturday delivery: delivered on Saturday',
    request: () => edit(minimumRequest(), set('order[0].productAndServiceData.saturdayDelivery', true)),
    at: FRIDAY,
    events: [...collected('1/8/2027'), ...delivery('1/9/2027'), ['Delivered', BERKEL, '1/9/2027 1:22:48 PM']],
  },
  {
    name: 'a Friday without it: no delivery at the weekend, Monday',
    request: minimumRequest,
    at: FRIDAY,
    events: [...collected('1/8/2027'), ...delivery('1/11/2027'), ['Delivered', BERKEL, '1/11/2027 1:22:48 PM']],
  },
];

/** The instant of an English date `M/D/YYYY h:mm:ss AM|PM` in the service's time zone. */
function instantOf(date: string): number {
  const [day, time] = strptime(date, 'I').split('T');
  return zonedInstant(Number(day.replaceAll('-', '')), time, ZONE).getTime();
}

/** An English date in the Dutch form `D-M-YYYY HH:mm:ss`. */
function dutch(date: string): string {
  const [day, time] = strptime(date, 'I').split('T');
  const [year, month, dayOfMonth] = day.split('-').map(Number);
  return `${dayOfMonth}-${month}-${year} ${time}`;
}

/** The day of an English date as YYYYMMDD. */
const dayOf = (date: string) => Number(strptime(date, 'I').slice(0, 10).replaceAll('-', ''));

describe(`journeys over REST and SOAP, each step read as the connector reads it${PYTHON_PRESENT ? ' (and by its Python stand-in)' : ' (Python absent: the TypeScript reading alone)'} and held to ${TRACKING_SCHEMA}`, () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { SOAP_NAMESPACE_BASE: CARRIER_NAMESPACE_BASE, HOLIDAYS: '20261225,20261226,20270101' } });
    await t.store.parcelShops.saveParcelShops([ROTTERDAM_SHOP]);
  });
  after(() => t.close());

  /** One walk: its binding, account, parcel and the answers it kept for the batch checks. */
  class Walk {
    readonly answers = new TrackingAnswers();
    auth!: Auth;
    number!: string;
    now = 0;
    constructor(
      readonly binding: BindingName,
      readonly language: 'en_US' | 'nl_NL',
    ) {}

    call(operation: string, body: JsonObject) {
      return callOver(this.binding, t, operation, body, this.auth, { namespaces: CARRIER_NAMESPACES });
    }

    async login(delisId = this.auth.delisId): Promise<void> {
      this.auth = await t.authenticate(delisId, this.language);
    }

    /** Fixes the account's clock (and logs in again: a clock moved on past a day ends the token). */
    async fixClock(at: string | number): Promise<void> {
      this.now = new Date(at).getTime();
      ok(await this.call('setClock', { fixedTime: new Date(this.now).toISOString() }));
      await this.login();
    }

    /** Moves the account's fixed clock on to `at` with advanceBy. */
    async moveClockTo(at: number): Promise<void> {
      assert.ok(at > this.now, `${new Date(at).toISOString()} is not after ${new Date(this.now).toISOString()}`);
      ok(await this.call('setClock', { advanceBy: `PT${(at - this.now) / 1000}S` }));
      this.now = at;
      await this.login();
    }

    /** A new account on a fixed clock, its scenario, and its parcel stored at `at`. */
    async start(c: Case, at: string, options: { journeys: boolean }): Promise<void> {
      const account = await t.addAccount({ passwordHash: cheapPasswordHash(), depots: ['0522', '0174'], messageLanguage: this.language });
      await this.login(account.delisId);
      await this.fixClock(at);
      if (c.scenario !== undefined)
        assert.deepEqual(ok(await this.call('setScenario', { scenario: c.scenario })), { scenario: c.scenario });
      if (options.journeys) assert.deepEqual(ok(await this.call('setJourneyClock', { running: true })), { running: true });
      const stored = ok(await this.call('storeOrders', c.request()));
      assert.equal(stored.orderResult.shipmentResponses[0].faults, undefined, JSON.stringify(stored));
      this.number = stored.orderResult.shipmentResponses[0].parcelInformation[c.parcel ?? 0].parcelLabelNumber as string;
    }

    /** Asserts what tracking shows over the walk's binding, and reads the SOAP answer as the connector does. */
    async expect(rows: readonly Row[], step: string): Promise<void> {
      const expected = rows.map(([status, location, date]) => [status, location, this.language === 'nl_NL' ? dutch(date) : date]);
      const result = ok(await this.call('getTrackingData', { parcelLabelNumber: this.number })).trackingResult;
      const shown = (result.statusInfo ?? []) as Array<Record<string, any>>;
      assert.deepEqual(
        shown.map((s) => [s.status, s.location.content, s.date.content]),
        expected,
        step,
      );
      assert.deepEqual(
        shown.map((s) => [s.statusHasBeenReached, s.isCurrentStatus]),
        shown.map((_, i) => [true, i === shown.length - 1]),
        step,
      );
      assert.equal(result.shipmentInfo.status, 'SHIPMENT');
      const soap = await injectSoap(
        t,
        endpointOf('getTrackingData'),
        soapRequest('getTrackingData', { parcelLabelNumber: this.number }, { authentication: this.auth, namespaces: CARRIER_NAMESPACES }),
      );
      assert.equal(soap.statusCode, 200, soap.body);
      if (this.language === 'nl_NL') {
        // The connector parses the English form only: Dutch dates fail it, as they would from the carrier.
        assert.throws(() => readLikeConnector(soap.body), /ValueError: time data '\d+-\d+-\d{4} \d{2}:\d{2}:\d{2}'/);
        this.answers.keep(soap.body, undefined);
        return;
      }
      const read = readLikeConnector(soap.body);
      assert.deepEqual(
        read.events.map((event) => [event.code, event.location, event.date]),
        rows.map(([status, location, date]) => [status, location, strptime(date, 'I')]).reverse(),
        step,
      );
      assert.equal(
        read.delivered,
        rows.some(([status]) => status === 'Delivered'),
        step,
      );
      // ASCII only: clients other than Python's strptime take no other space before AM/PM.
      for (const event of shown) assert.match(event.date.content, /^[\x20-\x7e]+$/);
      this.answers.keep(soap.body, read);
    }

    async finish(): Promise<void> {
      try {
        await this.answers.validate(t);
        if (PYTHON_PRESENT) this.answers.readWithPython();
      } finally {
        this.answers.remove();
      }
    }
  }

  for (const binding of BINDINGS) {
    for (const c of CASES) {
      const at = c.at ?? TUESDAY;
      const received: Row = [
        'DataReceived',
        c.request === switzerlandRequest ? HEILBRONN : BEST,
        `${at === FRIDAY ? '1/8/2027' : '1/5/2027'} 11:00:00 AM`,
      ];

      it(`[${binding}] ${c.name}: by advanceParcel, each event at its planned time, the account's clock moved on to it`, async () => {
        const walk = new Walk(binding, 'en_US');
        await walk.start(c, at, { journeys: false });
        await walk.expect([received], 'stored');
        const shown: Row[] = [received];
        for (const [index, event] of c.events.entries()) {
          // The first move closes the day on the way; every event is dated as planned (issue 38 item 2).
          const moved = ok(await walk.call('advanceParcel', { parcelLabelNumber: walk.number, to: event[0] }));
          assert.equal(moved.status, event[0]);
          assert.equal(moved.previousStatus, shown[shown.length - 1][0]);
          assert.equal(moved.consolidationDate, index === 0 ? dayOf(received[2]) : undefined);
          assert.equal(moved.clockMovedTo, new Date(instantOf(event[2])).toISOString(), `the clock moved on to ${event[0]}`);
          shown.push(event);
          await walk.expect(shown, `after advanceParcel to ${event[0]}`);
        }
        await walk.finish();
      });

      it(`[${binding}] ${c.name}: by the account's clock alone, each event appearing at its time`, async () => {
        const walk = new Walk(binding, 'en_US');
        await walk.start(c, at, { journeys: true });
        ok(await walk.call('startOrdersConsolidation', { consolidationDate: dayOf(received[2]) }));
        const shown: Row[] = [received];
        await walk.expect(shown, 'consolidated');
        for (const event of c.events) {
          const when = instantOf(event[2]);
          await walk.moveClockTo(when - 1000);
          await walk.expect(shown, `a second before ${event[0]} ${event[2]}`);
          await walk.moveClockTo(when);
          shown.push(event);
          await walk.expect(shown, `at ${event[0]} ${event[2]}`);
        }
        await walk.finish();
      });
    }

    it(`[${binding}] in Dutch: the dates in the Dutch form, every step`, async () => {
      const c = CASES[0];
      const walk = new Walk(binding, 'nl_NL');
      await walk.start(c, TUESDAY, { journeys: true });
      ok(await walk.call('startOrdersConsolidation', { consolidationDate: 20270105 }));
      const shown: Row[] = [['DataReceived', BEST, '1/5/2027 11:00:00 AM']];
      for (const event of c.events) {
        await walk.moveClockTo(instantOf(event[2]));
        shown.push(event);
        await walk.expect(shown, `at ${event[0]}`);
      }
      const result = ok(await walk.call('getTrackingData', { parcelLabelNumber: walk.number })).trackingResult;
      assert.deepEqual(
        (result.statusInfo as Array<Record<string, any>>).map((s) => s.date.content),
        [
          '5-1-2027 11:00:00',
          '5-1-2027 18:34:07',
          '5-1-2027 20:11:26',
          '5-1-2027 20:48:00',
          '6-1-2027 04:09:55',
          '6-1-2027 07:34:34',
          '6-1-2027 13:22:48',
        ],
      );
      assert.equal(result.statusInfo.at(-1).label.content, 'Pakket bezorgd');
      await walk.finish();
    });
  }
});
