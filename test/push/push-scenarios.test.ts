// The Tracking Push Service on stage, end to end: a shop's receiver started here (on loopback, the
// service's HOST), its URL set with SandboxService setPushUrl; for each scenario a parcel stored, its
// day closed and the account's clock moved on with its journeys running — and the receiver gets, for
// that parcel, one GET per scan with the documented codes in order (README "Tracking push", the codes
// table), every parameter as the journey's events say (time, depot, reference, service, weight, who
// took it and the proof on the delivery codes), the URL's own token kept, each pushid its own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SCENARIOS } from '../../src/contract/parcel-states.ts';
import { PUSH_CODES, type PushCode } from '../../src/contract/push-codes.ts';
import { horizonAt, readParcelJourney } from '../../src/domain/parcel-life-cycle/parcel-journey.ts';
import { pushCodeOf } from '../../src/domain/push/push-codes-of.ts';
import { statusDate } from '../../src/domain/push/plan-pushes.ts';
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
import { startTestApp, type TestApp } from '../support/app.ts';
import { startPushReceiver, type PushReceiver } from '../support/push-receiver.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';

const TUESDAY = '2027-01-05T10:00:00.000Z';
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
  readonly scenario?: string;
  readonly request: () => JsonObject;
  readonly parcel?: number;
  /** The codes the receiver gets, in order (README's table). */
  readonly codes: readonly string[];
}

const OUT = ['start_order', 'pickup_driver', 'pickup_depot', 'pickup_depot'];
const CASES: Readonly<Record<string, Case>> = {
  delivered: { request: minimumRequest, codes: [...OUT, 'delivery_depot', 'delivery_carload', 'delivery_customer'] },
  not_home_then_delivered: {
    scenario: 'not_home_then_delivered',
    request: minimumRequest,
    codes: [...OUT, 'delivery_depot', 'delivery_carload', 'delivery_nab', 'delivery_depot', 'delivery_carload', 'delivery_customer'],
  },
  not_home_to_parcel_shop: {
    scenario: 'not_home_to_parcel_shop',
    request: minimumRequest,
    codes: [...OUT, 'delivery_depot', 'delivery_carload', 'delivery_nab', 'delivery_shop', 'pickup_by_consignee'],
  },
  refused_returned: {
    scenario: 'refused_returned',
    request: minimumRequest,
    codes: [
      ...OUT,
      'delivery_depot',
      'delivery_carload',
      'delivery_notification',
      'delivery_depot',
      'error_return',
      'pickup_depot',
      'pickup_depot',
      'delivery_depot',
      'delivery_carload',
      'error_return',
    ],
  },
  parcel_shop_delivery: {
    request: () =>
      edit(
        shopDeliveryRequest(),
        set('order[0].generalShipmentData.recipient.zipCode', '3011AD'),
        set('order[0].generalShipmentData.recipient.city', 'Rotterdam'),
        set('order[0].productAndServiceData.parcelShopDelivery.parcelShopId', '104'),
      ),
    codes: [...OUT, 'delivery_depot', 'delivery_carload', 'delivery_shop', 'pickup_by_consignee'],
  },
  lost: { scenario: 'lost', request: minimumRequest, codes: [...OUT, 'delivery_notification', 'delivery_notification'] },
  customs_hold: {
    scenario: 'customs_hold',
    request: switzerlandRequest,
    codes: [...OUT, 'delivery_notification', 'pickup_depot', 'delivery_depot', 'delivery_carload', 'delivery_customer'],
  },
  damaged: {
    scenario: 'damaged',
    request: minimumRequest,
    codes: [...OUT, 'delivery_notification', 'delivery_depot', 'delivery_carload', 'delivery_customer'],
  },
  no_pickup_by_consignee: {
    scenario: 'no_pickup_by_consignee',
    request: minimumRequest,
    codes: [
      ...OUT,
      'delivery_depot',
      'delivery_carload',
      'delivery_nab',
      'delivery_shop',
      'no_pickup_by_consignee',
      'pickup_depot',
      'pickup_depot',
      'delivery_depot',
      'delivery_carload',
      'error_return',
    ],
  },
  'no_pickup_by_consignee (a PSD parcel)': {
    scenario: 'no_pickup_by_consignee',
    request: () =>
      edit(
        shopDeliveryRequest(),
        set('order[0].generalShipmentData.recipient.zipCode', '3011AD'),
        set('order[0].generalShipmentData.recipient.city', 'Rotterdam'),
        set('order[0].productAndServiceData.parcelShopDelivery.parcelShopId', '104'),
      ),
    codes: [
      ...OUT,
      'delivery_depot',
      'delivery_carload',
      'delivery_shop',
      'no_pickup_by_consignee',
      'pickup_depot',
      'pickup_depot',
      'delivery_depot',
      'delivery_carload',
      'error_return',
    ],
  },
  error_pickup: {
    scenario: 'error_pickup',
    request: minimumRequest,
    codes: ['start_order', 'error_pickup', ...OUT.slice(1), 'delivery_depot', 'delivery_carload', 'delivery_customer'],
  },
  'a return parcel': {
    request: returnRequest,
    parcel: 1,
    codes: ['start_order', 'pickup_driver', 'pickup_depot', 'pickup_depot', 'delivery_depot', 'delivery_carload', 'delivery_customer'],
  },
};

describe('pushes of every scenario to a receiver (stage, journeys running)', () => {
  let t: TestApp;
  let receiver: PushReceiver;
  const walked = new Map<string, { number: string; accountId: number; request: JsonObject }>();

  const post = async (path: string, body: unknown) => {
    const answer = await t.post(path, body);
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json();
  };

  before(async () => {
    t = await startTestApp({ env: { SESSION_CACHE_SECONDS: '0' } });
    receiver = await startPushReceiver();
    await t.store.parcelShops.saveParcelShops([ROTTERDAM_SHOP]);
    for (const [name, c] of Object.entries(CASES)) {
      const account = await t.addAccount({ depots: ['0522', '0174'] });
      let auth: Auth = await t.authenticate(account.delisId);
      await post(REST_PATH.setClock, { authentication: auth, setClock: { fixedTime: TUESDAY } });
      auth = await t.authenticate(account.delisId);
      const set = await post(REST_PATH.setPushUrl, { authentication: auth, setPushUrl: { url: receiver.url } });
      assert.deepEqual(set.setPushUrlResponse, { url: receiver.url, mode: 'immediate' });
      if (c.scenario !== undefined) await post(REST_PATH.setScenario, { authentication: auth, setScenario: { scenario: c.scenario } });
      const request = c.request();
      const stored = await post(REST_PATH.storeOrders, { authentication: auth, storeOrders: request });
      const numbers = stored.orderResult.shipmentResponses.flatMap((r: any) =>
        (r.parcelInformation ?? []).map((p: any) => p.parcelLabelNumber),
      );
      await post(REST_PATH.startOrdersConsolidation, { authentication: auth, startOrdersConsolidation: { consolidationDate: 20270105 } });
      await post(REST_PATH.setJourneyClock, { authentication: auth, setJourneyClock: { running: true } });
      await post(REST_PATH.setClock, { authentication: auth, setClock: { advanceBy: 'P20D' } });
      walked.set(name, { number: numbers[c.parcel ?? 0], accountId: account.id, request });
    }
    // The clocks passed every event: one round of the producers and the sender, and the tries it started.
    await t.notifications.run();
    await t.pushes.run();
    await t.pushes.idle();
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  for (const [name, c] of Object.entries(CASES)) {
    it(`${name}: ${c.codes.join(', ')}`, async () => {
      const { number, accountId, request } = walked.get(name) ?? assert.fail('not walked');
      const got = receiver.received.filter((push) => push.get('pnr') === number);
      assert.deepEqual(
        got.map((push) => push.get('status')),
        c.codes,
      );
      // Every parameter as the parcel's journey says, in the documented order, after the URL's own token.
      const account = await t.store.accounts.findAccount((await t.store.accounts.listAccounts()).find((a) => a.id === accountId)!.delisId);
      const now = new Date(account!.clock!.fixedAt!);
      const journey = await readParcelJourney(t.deps, accountId, number, now, horizonAt(account!.journeyClock, now));
      const events = journey!.visible;
      assert.equal(events.length, got.length);
      const order = (request.order as JsonObject[])[0];
      const parcel = (order.parcels as JsonObject[])[c.parcel ?? 0];
      const recipient = (order.generalShipmentData as JsonObject).recipient as JsonObject;
      got.forEach((push, index) => {
        const event = events[index];
        const code = pushCodeOf(event)!;
        const delivery = ['delivery_customer', 'delivery_shop', 'pickup_by_consignee'].includes(code);
        assert.equal(push.method, 'GET');
        assert.equal(push.path, '/dpd/push');
        assert.deepEqual(
          push.parameters.map(([key]) => key),
          [
            'token',
            'pushid',
            'pnr',
            'status',
            'statusdate',
            'depot',
            'ref',
            ...(delivery ? ['receiver'] : []),
            'services',
            ...(delivery ? ['pod'] : []),
            'weight',
          ],
          `${code}: ${JSON.stringify(push.parameters)}`,
        );
        assert.equal(push.get('token'), 's3cret');
        assert.match(push.get('pushid') ?? '', /^[0-9]+$/);
        assert.equal(push.get('status'), code);
        assert.equal(push.get('statusdate'), statusDate(event.at, 'Europe/Amsterdam'));
        assert.equal(push.get('depot'), event.place.depot ?? '0522');
        assert.match(push.get('depot') ?? '', /^[0-9]{4}$/);
        assert.equal(push.get('ref'), parcel.customerReferenceNumber1);
        assert.match(push.get('services') ?? '', /^[0-9]{3}$/);
        assert.equal(push.get('weight'), String(parcel.weight as number));
        if (delivery) {
          assert.equal(push.get('receiver'), code === 'delivery_shop' ? ROTTERDAM_SHOP.company : recipient.name1);
          assert.equal(push.get('pod'), `${number}${push.get('statusdate')}`);
        }
      });
      assert.equal(new Set(got.map((push) => push.get('pushid'))).size, got.length);
    });
  }

  it('every scenario is walked, and together they push every one of the 13 codes', () => {
    const walkedScenarios = new Set(Object.entries(CASES).map(([name, c]) => c.scenario ?? name));
    assert.deepEqual(
      SCENARIOS.filter((scenario) => !walkedScenarios.has(scenario)),
      [],
    );
    const pushed = new Set(receiver.received.map((push) => push.get('status')));
    assert.deepEqual(
      PUSH_CODES.filter((code) => !pushed.has(code)),
      [],
    );
    assert.deepEqual(
      [...pushed].filter((code) => !PUSH_CODES.includes(code as PushCode)),
      [],
    );
  });
});
