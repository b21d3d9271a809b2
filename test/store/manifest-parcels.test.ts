// The ManifestReader port (EndOfDayService endOfDay) over every store: the account's consignment parcels
// transferred at or after the period's start and before its end, in transfer order, each with its order
// as stored; queued, deleted, another account's and a collection request's parcels never; a parcel
// stored without a weight read as one without; at most the limit.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { NewOrder } from '../../src/domain/ports/shipment-ports.ts';
import { forEachStore } from '../support/databases.ts';

const DAY = new Date('2026-11-23T00:00:00.000Z');
const NEXT_DAY = new Date('2026-11-24T00:00:00.000Z');
const EXPIRES = new Date('2026-12-20T00:00:00.000Z');

function consignment(
  numbers: readonly string[],
  options: { weights?: ReadonlyArray<number | undefined>; state?: 'queued' | 'transferred' } = {},
): NewOrder {
  return {
    orderType: 'consignment',
    mpsId: `MPS${numbers[0]}20261123`,
    sendingDepot: '0522',
    product: 'B2B',
    shipDate: 20261123,
    data: { generalShipmentData: { product: 'B2B', recipient: { name1: 'Ann', city: 'Utrecht', country: 'NL' } } },
    parcels: numbers.map((parcelLabelNumber, position) => ({
      parcelLabelNumber,
      position,
      returns: false,
      weight: options.weights?.[position] ?? 300,
      serviceCode: '101',
      data: {},
    })),
    parcelState: options.state ?? 'transferred',
    expiresAt: options.state === 'queued' ? undefined : EXPIRES,
  };
}

forEachStore('end-of-day manifest reads', ({ store }) => {
  let alice = 0;
  let bob = 0;
  const numbers = (from: Date, to: Date, limit = 100, accountId = alice) =>
    store()
      .manifests.transferredParcels(accountId, from, to, limit)
      .then((parcels) => parcels.map((parcel) => parcel.parcelLabelNumber));

  before(async () => {
    const base = { passwordHash: 'h', depots: ['0522'], messageLanguage: 'en_US', lateExport: false, pickupApproved: false } as const;
    alice = (await store().accounts.addAccount({ ...base, delisId: 'ALICE001' })).id;
    bob = (await store().accounts.addAccount({ ...base, delisId: 'BOB00001' })).id;
    const { shipments } = store();
    // The day before: not on the 23rd's manifest.
    await shipments.saveOrders(alice, [consignment(['05229000000001'])], new Date('2026-11-22T23:59:59.999Z'));
    // At the day's first instant, an order of two (the second stored without a weight), a queued one.
    await shipments.saveOrders(alice, [consignment(['05229000000002', '05229000000003'], { weights: [500, 0] })], DAY);
    await shipments.saveOrders(alice, [consignment(['05229000000004'], { state: 'queued' })], DAY);
    await shipments.saveOrders(bob, [consignment(['05229000000005'])], new Date('2026-11-23T10:00:00Z'));
    await shipments.saveOrders(
      alice,
      [{ ...consignment(['05229000000006']), orderType: 'collection request order', mpsId: undefined, carrierReference: 'CR1' }],
      new Date('2026-11-23T10:00:00Z'),
    );
    await shipments.saveOrders(alice, [consignment(['05229000000007']), consignment(['05229000000008'])], new Date('2026-11-23T12:00:00Z'));
    await shipments.transitionParcels(alice, ['05229000000008'], {
      from: ['transferred'],
      to: 'deleted',
      at: new Date('2026-11-23T13:00:00Z'),
    });
    // Exported (late export) during the day: on the manifest at its transfer.
    await shipments.transitionParcels(alice, ['05229000000004'], {
      from: ['queued'],
      to: 'transferred',
      at: new Date('2026-11-23T14:00:00Z'),
      expiresAt: EXPIRES,
    });
    // At the next day's first instant: the next day's.
    await shipments.saveOrders(alice, [consignment(['05229000000009'])], NEXT_DAY);
  });

  test("the period's parcels in transfer order: not the day before or after, queued until exported, never deleted, another account's or a collection request's", async () => {
    assert.deepEqual(await numbers(DAY, NEXT_DAY), ['05229000000002', '05229000000003', '05229000000007', '05229000000004']);
    assert.deepEqual(await numbers(DAY, NEXT_DAY, 100, bob), ['05229000000005']);
  });

  test('each with its order, product, depot and mpsId; a parcel stored without a weight has none', async () => {
    const [first, second] = await store().manifests.transferredParcels(alice, DAY, NEXT_DAY, 2);
    assert.equal(first.weight, 500);
    assert.equal(second.weight, undefined);
    assert.equal(first.orderId, second.orderId);
    assert.equal(second.position, 1);
    assert.equal(first.mpsId, 'MPS0522900000000220261123');
    assert.equal(first.product, 'B2B');
    assert.equal(first.sendingDepot, '0522');
    assert.equal(first.transferredAt.getTime(), DAY.getTime());
    assert.deepEqual((first.order as { generalShipmentData: { recipient: { name1: string } } }).generalShipmentData.recipient.name1, 'Ann');
  });

  test('at most the limit', async () => {
    assert.deepEqual(await numbers(DAY, NEXT_DAY, 1), ['05229000000002']);
  });
});
