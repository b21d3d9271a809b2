// Concurrent saveOrders calls (SQLite groups them into one transaction): each call is all or
// nothing on its own, a failing call never takes the others down, and every number is stored once.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { NewOrder } from '../../src/domain/ports/shipment-ports.ts';
import { forEachStore } from '../support/databases.ts';

const AT = new Date('2026-11-22T10:15:30.123Z');

function order(numbers: readonly string[]): NewOrder {
  return {
    orderType: 'consignment',
    mpsId: `MPS${numbers[0]}20261122`,
    sendingDepot: '0522',
    product: 'B2B',
    shipDate: 20261122,
    data: {},
    parcelState: 'transferred',
    expiresAt: new Date(AT.getTime() + 28 * 86_400_000),
    parcels: numbers.map((parcelLabelNumber, position) => ({
      parcelLabelNumber,
      position,
      returns: false,
      weight: 300,
      serviceCode: '101',
      data: {},
    })),
  };
}

const number = (i: number) => `0522${String(i).padStart(10, '0')}`;

forEachStore('concurrent saveOrders', ({ store }) => {
  let account = 0;
  before(async () => {
    account = (
      await store().accounts.addAccount({
        delisId: 'CONCUR01',
        passwordHash: 'h',
        depots: ['0522'],
        messageLanguage: 'en_US',
        lateExport: false,
        pickupApproved: false,
      })
    ).id;
  });

  test('forty calls at once: all stored, each exactly once', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store().shipments.saveOrders(account, [order([number(1000 + i * 2), number(1001 + i * 2)])], AT),
      ),
    );
    const all = Array.from({ length: 80 }, (_, i) => number(1000 + i));
    assert.equal((await store().shipments.findParcels(account, all)).length, 80);
  });

  test('a failing call among concurrent ones is rejected alone, and stores nothing of its own', async () => {
    await store().shipments.saveOrders(account, [order([number(2000)])], AT);
    const results = await Promise.allSettled([
      store().shipments.saveOrders(account, [order([number(2001)])], AT),
      // Its second order reuses a stored number: the whole call must fail, its first order included.
      store().shipments.saveOrders(account, [order([number(2002)]), order([number(2000)])], AT),
      store().shipments.saveOrders(account, [order([number(2003)])], AT),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const found = (await store().shipments.findParcels(account, [number(2001), number(2002), number(2003)]))
      .map((p) => p.parcelLabelNumber)
      .sort();
    assert.deepEqual(found, [number(2001), number(2003)]);
  });
});
