// The push as its receiver reads it, pure parts: which code each event carries, the parameters and
// their order, the URL's own query kept, the acknowledgement read strictly, and the hourly retries
// for 48 hours from the event.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PUSH_CODES } from '../../src/contract/push-codes.ts';
import { isAcknowledgement, nextAfter, HOUR_MS } from '../../src/domain/push/deliver-pushes.ts';
import { pushCodeOf } from '../../src/domain/push/push-codes-of.ts';
import { firstDue, planPushes, pushAddress, statusDate } from '../../src/domain/push/plan-pushes.ts';

const parcel = {
  parcelLabelNumber: '05222000000017',
  ref: 'ORDER-1',
  serviceCode: '101',
  weight: 120,
  sendingDepot: '0522',
  recipientName: 'Jan Jansen',
};

describe('push codes of the journeys’ events', () => {
  it('gives every word its code, and the details that change it', () => {
    const cases: Array<[Parameters<typeof pushCodeOf>[0], string]> = [
      [{ status: 'DataReceived' }, 'start_order'],
      [{ status: 'PickupFailure' }, 'error_pickup'],
      [{ status: 'PickedUp' }, 'pickup_driver'],
      [{ status: 'BetweenDepots' }, 'pickup_depot'],
      [{ status: 'Depot' }, 'delivery_depot'],
      [{ status: 'Courier' }, 'delivery_carload'],
      [{ status: 'DeliveryFailure', reason: 'not_home' }, 'delivery_nab'],
      [{ status: 'DeliveryFailure', reason: 'refused' }, 'delivery_notification'],
      [{ status: 'CustomsHold' }, 'delivery_notification'],
      [{ status: 'Delivered' }, 'delivery_customer'],
      [{ status: 'ParcelShop' }, 'delivery_shop'],
      [{ status: 'Delivered', deliveredTo: 'shop' }, 'pickup_by_consignee'],
      [{ status: 'ReturningToSender', reason: 'not_collected' }, 'no_pickup_by_consignee'],
      [{ status: 'ReturningToSender' }, 'error_return'],
    ];
    for (const [event, code] of cases) assert.equal(pushCodeOf(event), code, JSON.stringify(event));
    assert.deepEqual(new Set(cases.map(([, code]) => code)), new Set(PUSH_CODES));
    assert.equal(pushCodeOf({ status: 'created' }), undefined);
  });
});

describe('a push’s parameters', () => {
  const at = new Date('2027-01-06T12:22:48Z');
  it('carries the parcel, code, wall-clock time and depot, the reference, service and weight, in order', () => {
    const [draft] = planPushes(parcel, [{ status: 'Depot', at, place: { depot: '0525' }, index: 4 }], { timeZone: 'Europe/Amsterdam' });
    assert.equal(draft.eventKey, '4:Depot');
    assert.deepEqual(draft.parameters, [
      ['pnr', '05222000000017'],
      ['status', 'delivery_depot'],
      ['statusdate', '06012027132248'],
      ['depot', '0525'],
      ['ref', 'ORDER-1'],
      ['services', '101'],
      ['weight', '120'],
    ]);
  });
  it('names who took the parcel and a proof of delivery on the delivery codes only', () => {
    const drafts = planPushes(
      parcel,
      [
        { status: 'Courier', at, place: {}, index: 5 },
        { status: 'Delivered', at, place: {}, index: 6 },
        { status: 'ParcelShop', at, place: {}, shopName: 'Tabak Coolsingel' },
      ],
      { timeZone: 'Europe/Amsterdam' },
    );
    const names = drafts.map((draft) => draft.parameters.map(([name]) => name).join(','));
    assert.deepEqual(names, [
      'pnr,status,statusdate,depot,ref,services,weight',
      'pnr,status,statusdate,depot,ref,receiver,services,pod,weight',
      'pnr,status,statusdate,depot,ref,receiver,services,pod,weight',
    ]);
    assert.deepEqual(drafts[1].parameters[5], ['receiver', 'Jan Jansen']);
    assert.deepEqual(drafts[2].parameters[5], ['receiver', 'Tabak Coolsingel']);
    assert.equal(drafts[2].eventKey, 'x2:ParcelShop');
    // The sending depot where the event's place names none.
    assert.deepEqual(drafts[0].parameters[3], ['depot', '0522']);
  });
  it('leaves out events before the URL was set', () => {
    const drafts = planPushes(
      parcel,
      [
        { status: 'DataReceived', at: new Date('2027-01-05T10:00:00Z'), place: {}, index: 0 },
        { status: 'PickedUp', at: new Date('2027-01-05T17:34:07Z'), place: {}, index: 1 },
      ],
      { timeZone: 'Europe/Amsterdam', since: new Date('2027-01-05T12:00:00Z') },
    );
    assert.deepEqual(
      drafts.map((draft) => draft.code),
      ['pickup_driver'],
    );
  });
  it('writes statusdate as ddMMyyyyHHmmss in the service’s time zone', () => {
    assert.equal(statusDate(new Date('2027-07-01T22:05:09Z'), 'Europe/Amsterdam'), '02072027000509');
  });
  it('keeps the URL’s own query and appends pushid first', () => {
    const parameters = [
      ['pnr', '05222000000017'],
      ['ref', 'A&B C'],
    ] as const;
    assert.equal(
      pushAddress('https://shop.example/push?token=abc#x', '42', parameters),
      'https://shop.example/push?token=abc&pushid=42&pnr=05222000000017&ref=A%26B%20C',
    );
    assert.equal(pushAddress('http://shop.example/push', '7', []), 'http://shop.example/push?pushid=7');
    assert.equal(pushAddress('http://shop.example/push?', '7', []), 'http://shop.example/push?pushid=7');
  });
  it('is due at once, or at the next quarter hour when batched', () => {
    const event = new Date('2027-01-06T12:22:48Z');
    assert.equal(firstDue(event, 'immediate').toISOString(), '2027-01-06T12:22:48.000Z');
    assert.equal(firstDue(event, 'batched').toISOString(), '2027-01-06T12:30:00.000Z');
    assert.equal(firstDue(new Date('2027-01-06T12:30:00Z'), 'shuffled').toISOString(), '2027-01-06T12:45:00.000Z');
  });
});

describe('acknowledgement and retries', () => {
  it('takes only the acknowledgement of the push’s own pushid', () => {
    assert.ok(isAcknowledgement('<push><pushid>42</pushid><status>OK</status></push>', '42'));
    assert.ok(isAcknowledgement('<?xml version="1.0"?>\n<push>\n <pushid>42</pushid>\n <status>OK</status>\n</push>\n', '42'));
    assert.ok(!isAcknowledgement('<push><pushid>43</pushid><status>OK</status></push>', '42'));
    assert.ok(!isAcknowledgement('<push><status>OK</status></push>', '42'));
    assert.ok(!isAcknowledgement('<push><pushid>42</pushid><status>ERROR</status></push>', '42'));
    assert.ok(!isAcknowledgement('OK', '42'));
  });
  const event = new Date('2027-01-06T12:00:00Z');
  const push = { eventAt: event, sendsLeft: 1, pushid: '42' };
  const ok = { httpStatus: 200, body: '<push><pushid>42</pushid><status>OK</status></push>', durationMs: 3 };
  it('delivers on HTTP 200 with the acknowledgement, and sends a duplicated push once more', () => {
    assert.deepEqual(nextAfter(push, ok, event), { state: 'delivered' });
    assert.deepEqual(nextAfter({ ...push, sendsLeft: 2 }, ok, event), { state: 'waiting', nextTryAt: event });
    assert.equal(nextAfter(push, { ...ok, httpStatus: 201 }, event).state, 'waiting');
  });
  it('tries again an hour later until 48 hours after the event, then gives up', () => {
    const failed = { httpStatus: 500, body: 'down', durationMs: 3 };
    assert.deepEqual(nextAfter(push, failed, event), { state: 'waiting', nextTryAt: new Date(event.getTime() + HOUR_MS) });
    const last = new Date(event.getTime() + 47 * HOUR_MS);
    assert.deepEqual(nextAfter(push, failed, last), { state: 'waiting', nextTryAt: new Date(event.getTime() + 48 * HOUR_MS) });
    const given = nextAfter(push, failed, new Date(event.getTime() + 48 * HOUR_MS));
    assert.equal(given.state, 'given_up');
    assert.match(given.state === 'given_up' ? given.reason : '', /HTTP 500/);
  });
});
