// The ParcelReader and StageLogReader ports (ConsoleService) over every store: newest first, each
// filter, keyset pages, other accounts' rows never seen, and references gone with the parcel's data.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { NewOrder } from '../../src/domain/ports/shipment-ports.ts';
import type { ParcelQuery } from '../../src/domain/ports/console-ports.ts';
import type { StageRequest } from '../../src/domain/ports/stage-log-ports.ts';
import { forEachStore } from '../support/databases.ts';

const AT = new Date('2026-11-22T10:15:30.123Z');
const EXPIRES = new Date('2026-12-20T10:15:30.123Z');

/** A consignment of one parcel per number, shipped on `shipDate`, its parcels' references as given. */
function consignment(numbers: readonly string[], shipDate: number, references: readonly string[] = []): NewOrder {
  return {
    orderType: 'consignment',
    mpsId: `MPS${numbers[0]}${shipDate}`,
    sendingDepot: '0522',
    product: 'B2C',
    shipDate,
    data: { generalShipmentData: { product: 'B2C', recipient: { name1: 'Ann', city: 'Utrecht', country: 'NL' } } },
    printOptions: { printerLanguage: 'PDF', paperFormat: 'A6' },
    parcels: numbers.map((parcelLabelNumber, position) => ({
      parcelLabelNumber,
      position,
      returns: false,
      weight: 300,
      serviceCode: '327',
      data: {},
      references,
    })),
    parcelState: 'transferred',
    expiresAt: EXPIRES,
  };
}

forEachStore('ConsoleService reads', ({ store }) => {
  let alice = 0;
  let bob = 0;
  const list = (query: Partial<ParcelQuery>, accountId = alice) =>
    store()
      .parcelReader.listParcels(accountId, { limit: 10, ...query })
      .then(({ parcels, more }) => ({ numbers: parcels.map((p) => p.parcelLabelNumber), more }));

  before(async () => {
    const base = { passwordHash: 'h', depots: ['0522'], messageLanguage: 'en_US', lateExport: false, pickupApproved: false } as const;
    alice = (await store().accounts.addAccount({ ...base, delisId: 'ALICE001' })).id;
    bob = (await store().accounts.addAccount({ ...base, delisId: 'BOB00001' })).id;
    const { shipments } = store();
    await shipments.saveOrders(alice, [consignment(['05229000000001', '05229000000002'], 20261120, ['order-1'])], AT);
    await shipments.saveOrders(alice, [consignment(['05229000000003'], 20261121, ['order-2', 'shared'])], AT);
    await shipments.saveOrders(bob, [consignment(['05229000000004'], 20261121, ['shared'])], AT);
    await shipments.saveOrders(
      alice,
      [{ ...consignment(['05229000000005'], 20261122), orderType: 'collection request order', mpsId: undefined, carrierReference: 'CR1' }],
      AT,
    );
    await shipments.saveOrders(alice, [consignment(['05229000000006'], 20261122, ['order-3'])], AT);
  });

  test('lists the account’s consignment parcels newest first, never a collection request’s or another account’s', async () => {
    assert.deepEqual(await list({}), { numbers: ['05229000000006', '05229000000003', '05229000000002', '05229000000001'], more: false });
    assert.deepEqual(await list({}, bob), { numbers: ['05229000000004'], more: false });
  });

  test('pages with `after` and tells whether more follow', async () => {
    assert.deepEqual(await list({ limit: 2 }), { numbers: ['05229000000006', '05229000000003'], more: true });
    assert.deepEqual(await list({ limit: 2, after: '05229000000003' }), { numbers: ['05229000000002', '05229000000001'], more: false });
    // Another account's number is no place to continue from.
    assert.deepEqual(await list({ after: '05229000000004' }), { numbers: [], more: false });
  });

  test('filters by state, ship dates, number and reference', async () => {
    await store().shipments.transitionParcels(alice, ['05229000000002'], { from: ['transferred'], to: 'consolidated', at: AT });
    assert.deepEqual((await list({ state: 'consolidated' })).numbers, ['05229000000002']);
    assert.deepEqual((await list({ shipDateFrom: 20261121 })).numbers, ['05229000000006', '05229000000003']);
    assert.deepEqual((await list({ shipDateFrom: 20261120, shipDateTo: 20261120 })).numbers, ['05229000000002', '05229000000001']);
    assert.deepEqual((await list({ parcelLabelNumber: '05229000000003' })).numbers, ['05229000000003']);
    assert.deepEqual((await list({ parcelLabelNumber: '05229000000004' })).numbers, []);
    assert.deepEqual((await list({ reference: 'order-1' })).numbers, ['05229000000002', '05229000000001']);
    assert.deepEqual((await list({ reference: 'shared' })).numbers, ['05229000000003']);
    assert.deepEqual((await list({ reference: 'shared' }, bob)).numbers, ['05229000000004']);
  });

  test('reads one parcel with its order, print options and the order’s parcels', async () => {
    const read = await store().parcelReader.readParcel(alice, '05229000000001');
    assert.ok(read !== undefined);
    assert.equal(read.parcel.mpsId, 'MPS0522900000000120261120');
    assert.deepEqual(read.parcel.printOptions, { printerLanguage: 'PDF', paperFormat: 'A6' });
    assert.deepEqual((read.parcel.order as { generalShipmentData: unknown }).generalShipmentData, {
      product: 'B2C',
      recipient: { name1: 'Ann', city: 'Utrecht', country: 'NL' },
    });
    assert.deepEqual(
      read.orderParcels.map((p) => [p.parcelLabelNumber, p.position, p.serviceCode]),
      [
        ['05229000000001', 0, '327'],
        ['05229000000002', 1, '327'],
      ],
    );
    assert.equal(await store().parcelReader.readParcel(bob, '05229000000001'), undefined);
    assert.equal(await store().parcelReader.readParcel(alice, '05229000000005'), undefined);
  });

  test('a deleted parcel loses its references with its data, and an expired one on the purge', async () => {
    const { shipments } = store();
    await shipments.transitionParcels(alice, ['05229000000003'], { from: ['transferred'], to: 'deleted', at: AT });
    assert.deepEqual((await list({ reference: 'order-2' })).numbers, []);
    assert.deepEqual((await list({ state: 'deleted' })).numbers, ['05229000000003']);
    const deleted = await shipments.findParcels(alice, ['05229000000003']);
    assert.equal(deleted[0].state, 'deleted');
    assert.equal((await store().parcelReader.readParcel(alice, '05229000000003'))?.parcel.order, undefined);
    await shipments.purgeExpired(new Date(EXPIRES.getTime() + 1));
    assert.deepEqual((await list({ reference: 'order-3' })).numbers, []);
    assert.deepEqual((await list({ reference: 'shared' }, bob)).numbers, []);
    assert.deepEqual((await list({ state: 'expired' })).numbers, ['05229000000006', '05229000000002', '05229000000001']);
  });

  test('findStageRequests: the account’s calls newest first, by operation, failed only, without some, a page at a time', async () => {
    const call = (delisId: string, operation: string, errorCode?: string): StageRequest => ({
      at: AT,
      binding: 'rest',
      operation,
      delisId,
      errorCode,
      body: `{"${operation}":{}}`,
      answer: `{"status":"${errorCode ?? 'OK'}"}`,
    });
    await store().stageRequests.recordMany([
      call('ALICE001', 'storeOrders'),
      call('ALICE001', 'validateOrders', 'error_invalid_dest_zip'),
      call('BOB00001', 'storeOrders'),
      call('ALICE001', 'findParcels'),
      call('ALICE001', 'storeOrders', 'ERR_INJECTED'),
    ]);
    const find = async (query: Parameters<ReturnType<typeof store>['stageRequests']['findStageRequests']>[1]) => {
      const { requests, more } = await store().stageRequests.findStageRequests('ALICE001', query);
      return { calls: requests.map((r) => `${r.operation}:${r.errorCode ?? 'ok'}`), more };
    };
    assert.deepEqual(await find({ limit: 10 }), {
      calls: ['storeOrders:ERR_INJECTED', 'findParcels:ok', 'validateOrders:error_invalid_dest_zip', 'storeOrders:ok'],
      more: false,
    });
    assert.deepEqual((await find({ limit: 10, operation: 'storeOrders' })).calls, ['storeOrders:ERR_INJECTED', 'storeOrders:ok']);
    assert.deepEqual((await find({ limit: 10, failedOnly: true })).calls, [
      'storeOrders:ERR_INJECTED',
      'validateOrders:error_invalid_dest_zip',
    ]);
    assert.deepEqual((await find({ limit: 10, excludeOperations: ['findParcels'] })).calls, [
      'storeOrders:ERR_INJECTED',
      'validateOrders:error_invalid_dest_zip',
      'storeOrders:ok',
    ]);
    const first = await store().stageRequests.findStageRequests('ALICE001', { limit: 2 });
    assert.equal(first.more, true);
    assert.equal(first.requests[0].answer, '{"status":"ERR_INJECTED"}');
    assert.deepEqual((await find({ limit: 2, before: first.requests[1].id })).calls, [
      'validateOrders:error_invalid_dest_zip',
      'storeOrders:ok',
    ]);
  });
});
