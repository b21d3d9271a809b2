// ShipmentRepository: transitionParcels, consolidate, listConsolidations, purgeExpired, parcelEvents.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import type { NewOrder, ParcelState, ParcelTransition } from '../../src/domain/ports/shipment-ports.ts';
import { openDatabase } from '../../src/store/open-database.ts';
import type { Database } from '../../src/store/schema.ts';
import { forEachStore } from '../support/databases.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-22T08:00:00.000Z');
const at = (hours: number): Date => new Date(T0 + hours * 3_600_000);
const TODAY = 20261122;
/** The day the consolidation test closes: no other case ships on it or the day after. */
const CLOSING_DAY = 20261201;

let serial = 0;
/** Fresh parcel numbers for each case. */
function numbers(count: number): string[] {
  return Array.from({ length: count }, () => `0522${String((serial += 1)).padStart(10, '0')}`);
}

function order(
  parcelNumbers: readonly string[],
  state: NewOrder['parcelState'],
  options: { shipDate?: number; expiresAt?: Date } = {},
): NewOrder {
  return {
    orderType: 'consignment',
    mpsId: `MPS${parcelNumbers[0]}${options.shipDate ?? TODAY}`,
    sendingDepot: '0522',
    product: 'B2B',
    shipDate: options.shipDate ?? TODAY,
    data: { order: parcelNumbers[0] },
    parcels: parcelNumbers.map((number, position) => ({
      parcelLabelNumber: number,
      position,
      returns: false,
      weight: 100,
      serviceCode: '101',
      data: { number },
    })),
    parcelState: state,
    expiresAt: state === 'queued' ? undefined : (options.expiresAt ?? new Date(T0 + 28 * DAY)),
  };
}

forEachStore('parcel life cycle', ({ store, options }) => {
  let db: Kysely<Database>;
  let alice = 0;
  let bob = 0;
  before(async () => {
    db = openDatabase(options()).db;
    const base = { passwordHash: 'h', depots: ['0522'], messageLanguage: 'en_US', lateExport: true, pickupApproved: false } as const;
    alice = (await store().accounts.addAccount({ ...base, delisId: 'ALICE' })).id;
    bob = (await store().accounts.addAccount({ ...base, delisId: 'BOB' })).id;
  });
  after(() => db.destroy());

  async function parcelRow(number: string) {
    return db.selectFrom('parcels').selectAll().where('parcel_label_number', '=', number).executeTakeFirstOrThrow();
  }
  async function orderData(number: string): Promise<string | null> {
    const row = await db
      .selectFrom('orders')
      .innerJoin('parcels', 'parcels.order_id', 'orders.id')
      .select('orders.data')
      .where('parcels.parcel_label_number', '=', number)
      .executeTakeFirstOrThrow();
    return row.data;
  }
  async function states(list: readonly string[]): Promise<ParcelState[]> {
    return Promise.all(list.map(async (number) => (await parcelRow(number)).state));
  }

  const transitions: ReadonlyArray<{
    name: string;
    stored: NewOrder['parcelState'] | 'consolidated';
    change: Omit<ParcelTransition, 'at'>;
    moves: boolean;
  }> = [
    {
      name: 'export: queued to transferred',
      stored: 'queued',
      change: { from: ['queued'], to: 'transferred', expiresAt: at(24 * 28 + 1) },
      moves: true,
    },
    {
      name: 'export of a transferred parcel moves nothing',
      stored: 'transferred',
      change: { from: ['queued'], to: 'transferred', expiresAt: at(5) },
      moves: false,
    },
    {
      name: 'delete: transferred',
      stored: 'transferred',
      change: { from: ['created', 'queued', 'transferred'], to: 'deleted' },
      moves: true,
    },
    { name: 'delete: queued', stored: 'queued', change: { from: ['created', 'queued', 'transferred'], to: 'deleted' }, moves: true },
    {
      name: 'delete of a consolidated parcel moves nothing',
      stored: 'consolidated',
      change: { from: ['created', 'queued', 'transferred'], to: 'deleted' },
      moves: false,
    },
    { name: 'consolidated', stored: 'transferred', change: { from: ['transferred'], to: 'consolidated' }, moves: true },
    {
      name: 'collected (no columns besides the state)',
      stored: 'consolidated',
      change: { from: ['consolidated'], to: 'collected' },
      moves: true,
    },
  ];
  for (const { name, stored, change, moves } of transitions) {
    test(`transitionParcels ${name}`, async () => {
      const [number] = numbers(1);
      await store().shipments.saveOrders(alice, [order([number], stored === 'consolidated' ? 'transferred' : stored)], at(0));
      if (stored === 'consolidated')
        await store().shipments.transitionParcels(alice, [number], { from: ['transferred'], to: 'consolidated', at: at(1) });
      const before = await parcelRow(number);
      const moved = await store().shipments.transitionParcels(alice, [number], { ...change, at: at(2) });
      assert.deepEqual(moved, moves ? [number] : []);
      const row = await parcelRow(number);
      if (!moves) {
        assert.deepEqual(row, before);
        return;
      }
      const to = change.to;
      const expected = {
        ...before,
        state: to,
        ...(to === 'transferred' ? { transferred_at: at(2).getTime(), expires_at: change.expiresAt!.getTime() } : {}),
        ...(to === 'consolidated' ? { consolidated_at: at(2).getTime() } : {}),
        ...(to === 'deleted' ? { deleted_at: at(2).getTime(), data: null } : {}),
      };
      assert.deepEqual(row, expected);
      const events = await store().shipments.parcelEvents(alice, number);
      assert.deepEqual(events.at(-1), { state: to, at: at(2) });
      assert.equal(await orderData(number), to === 'deleted' ? null : JSON.stringify({ order: number }));
    });
  }

  test("transitionParcels moves only the caller's parcels, each once, answering in the order asked", async () => {
    const own = numbers(3);
    const [others] = numbers(1);
    await store().shipments.saveOrders(alice, [order(own, 'queued')], at(0));
    await store().shipments.saveOrders(bob, [order([others], 'queued')], at(0));
    const asked = [own[2], others, '05229999999999', own[0], own[2]];
    const moved = await store().shipments.transitionParcels(alice, asked, {
      from: ['queued'],
      to: 'transferred',
      at: at(1),
      expiresAt: at(100),
    });
    assert.deepEqual(moved, [own[2], own[0]]);
    assert.deepEqual(await states([...own, others]), ['transferred', 'queued', 'transferred', 'queued']);
    assert.deepEqual(await store().shipments.transitionParcels(alice, [], { from: ['queued'], to: 'deleted', at: at(1) }), []);
  });

  test("deleting some parcels of an order keeps the order's data; deleting the last removes it", async () => {
    const list = numbers(2);
    await store().shipments.saveOrders(alice, [order(list, 'transferred')], at(0));
    const del = (number: string) =>
      store().shipments.transitionParcels(alice, [number], { from: ['transferred'], to: 'deleted', at: at(1) });
    await del(list[0]);
    assert.notEqual(await orderData(list[0]), null);
    await del(list[1]);
    assert.equal(await orderData(list[0]), null);
  });

  test('concurrent calls moving the same parcels move each exactly once', async () => {
    const list = numbers(20);
    await store().shipments.saveOrders(alice, [order(list, 'queued')], at(0));
    const change = { from: ['queued'], to: 'transferred', at: at(1), expiresAt: at(50) } as const;
    // On PostgreSQL these run on separate pool connections and meet at the row locks.
    const results = await Promise.all([
      store().shipments.transitionParcels(alice, list, change),
      store().shipments.transitionParcels(alice, [...list].reverse(), change),
      store().shipments.transitionParcels(alice, list.slice(5, 15), change),
    ]);
    assert.deepEqual(results.flat().sort(), [...list].sort());
    for (const number of list) {
      const events = await store().shipments.parcelEvents(alice, number);
      assert.deepEqual(
        events.map((event) => event.state),
        ['created', 'queued', 'transferred'],
      );
    }
  });

  test("consolidate closes the day's transferred parcels with live data, once, and again for later ones", async () => {
    const today = numbers(2);
    const [queued, tomorrow, bobs, expired, later] = numbers(5);
    await store().shipments.saveOrders(
      alice,
      [
        order(today, 'transferred', { shipDate: CLOSING_DAY }),
        order([queued], 'queued', { shipDate: CLOSING_DAY }),
        order([tomorrow], 'transferred', { shipDate: CLOSING_DAY + 1 }),
      ],
      at(0),
    );
    await store().shipments.saveOrders(alice, [order([expired], 'transferred', { shipDate: CLOSING_DAY, expiresAt: at(3) })], at(0));
    await store().shipments.saveOrders(bob, [order([bobs], 'transferred', { shipDate: CLOSING_DAY })], at(0));

    const first = await store().shipments.consolidate(alice, CLOSING_DAY, at(3));
    assert.deepEqual(first, { accountId: alice, consolidationDate: CLOSING_DAY, createdAt: at(3), parcelLabelNumbers: today });
    assert.deepEqual(await states([...today, queued, tomorrow, bobs, expired]), [
      'consolidated',
      'consolidated',
      'queued',
      'transferred',
      'transferred',
      'transferred',
    ]);
    assert.equal((await parcelRow(today[0])).consolidated_at, at(3).getTime());
    assert.deepEqual(
      (await store().shipments.parcelEvents(alice, today[0])).map((event) => event.state),
      ['created', 'transferred', 'consolidated'],
    );

    await store().shipments.saveOrders(alice, [order([later], 'transferred', { shipDate: CLOSING_DAY })], at(4));
    const second = await store().shipments.consolidate(alice, CLOSING_DAY, at(5));
    assert.deepEqual(second, { ...first, parcelLabelNumbers: [...today, later] });
    assert.deepEqual(await store().shipments.consolidate(alice, CLOSING_DAY, at(6)), second);

    const bobsDay = await store().shipments.consolidate(bob, CLOSING_DAY, at(7));
    assert.deepEqual(bobsDay.parcelLabelNumbers, [bobs]);
    const empty = await store().shipments.consolidate(alice, 20261130, at(8));
    assert.deepEqual(empty.parcelLabelNumbers, []);

    assert.deepEqual(await store().shipments.listConsolidations(alice), [empty, second]);
    assert.deepEqual(await store().shipments.listConsolidations(), [empty, bobsDay, second]);
    assert.deepEqual(await store().shipments.listConsolidations(bob), [bobsDay]);
  });

  test('purgeExpired ends the data of every parcel expired at `now`, and only those', async () => {
    const [due, dueExactly, notYet, queued, deleted] = numbers(5);
    const half = numbers(2);
    const t = (hours: number) => at(1000 + hours);
    await store().shipments.saveOrders(
      alice,
      [
        order([due], 'transferred', { expiresAt: t(1) }),
        order([dueExactly], 'transferred', { expiresAt: t(2) }),
        order([notYet], 'transferred', { expiresAt: t(3) }),
        order([queued], 'queued'),
        order([deleted], 'transferred', { expiresAt: t(1) }),
        order(half, 'transferred', { expiresAt: t(3) }),
      ],
      at(0),
    );
    await store().shipments.transitionParcels(alice, [deleted], { from: ['transferred'], to: 'deleted', at: at(1) });
    // One parcel of a two-parcel order expires before the other (the domain never does this today).
    await db
      .updateTable('parcels')
      .set({ expires_at: t(1).getTime() })
      .where('parcel_label_number', '=', half[0])
      .execute();

    const before = await db
      .selectFrom('parcels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('expires_at', '<=', t(2).getTime())
      .where('data', 'is not', null)
      .executeTakeFirstOrThrow();
    assert.equal(await store().shipments.purgeExpired(t(2)), Number(before.n));
    assert.deepEqual(await states([due, dueExactly, notYet, queued, deleted, ...half]), [
      'expired',
      'expired',
      'transferred',
      'queued',
      'deleted',
      'expired',
      'transferred',
    ]);
    assert.equal((await parcelRow(due)).data, null);
    assert.notEqual((await parcelRow(notYet)).data, null);
    assert.deepEqual((await store().shipments.parcelEvents(alice, due)).at(-1), { state: 'expired', at: t(1) });
    assert.equal(await orderData(due), null);
    assert.notEqual(await orderData(half[0]), null, 'one parcel of the order still keeps data');
    assert.equal(await store().shipments.purgeExpired(t(2)), 0);
  });

  test('purgeExpired works through more parcels than one batch', async () => {
    const many = numbers(1234);
    await store().shipments.purgeExpired(at(1999));
    await store().shipments.saveOrders(
      bob,
      [order(many.slice(0, 600), 'transferred', { expiresAt: at(2000) }), order(many.slice(600), 'transferred', { expiresAt: at(2000) })],
      at(0),
    );
    assert.equal(await store().shipments.purgeExpired(at(2000)), 1234);
    assert.deepEqual(
      await store()
        .shipments.findParcels(bob, many)
        .then((found) => new Set(found.map((parcel) => parcel.state))),
      new Set(['expired']),
    );
  });

  test('purgeExpired removes the data of pickup orders (which have no parcels) 28 days after they were stored', async () => {
    const pickup = (mpsId: string): NewOrder => ({
      orderType: 'pickup information',
      mpsId,
      sendingDepot: '0522',
      product: 'B2B',
      shipDate: TODAY,
      data: { pickup: { name1: 'Jan Jansen' } },
      parcels: [],
      parcelState: 'transferred',
      expiresAt: new Date(T0 + 28 * DAY),
    });
    const pickupData = async (mpsId: string) =>
      (await db.selectFrom('orders').select('data').where('mps_id', '=', mpsId).executeTakeFirstOrThrow()).data;
    await store().shipments.saveOrders(alice, [pickup('MPS-PICKUP-OLD')], at(3000));
    await store().shipments.saveOrders(alice, [pickup('MPS-PICKUP-NEW')], at(3001));
    await store().shipments.purgeExpired(new Date(at(3000).getTime() + 28 * DAY - 1));
    assert.notEqual(await pickupData('MPS-PICKUP-OLD'), null, 'not yet 28 days old');
    await store().shipments.purgeExpired(new Date(at(3000).getTime() + 28 * DAY));
    assert.equal(await pickupData('MPS-PICKUP-OLD'), null);
    assert.notEqual(await pickupData('MPS-PICKUP-NEW'), null);
  });

  test("parcelEvents answers another account's parcel and an unknown one as empty", async () => {
    const [number] = numbers(1);
    await store().shipments.saveOrders(alice, [order([number], 'queued')], at(0));
    assert.deepEqual(await store().shipments.parcelEvents(alice, number), [
      { state: 'created', at: at(0) },
      { state: 'queued', at: at(0) },
    ]);
    assert.deepEqual(await store().shipments.parcelEvents(bob, number), []);
    assert.deepEqual(await store().shipments.parcelEvents(alice, '05229999999998'), []);
  });

  test('parcelEvents: a queued parcel exported in the instant it was stored was still queued first', async () => {
    const [number] = numbers(1);
    await store().shipments.saveOrders(alice, [order([number], 'queued')], at(0));
    await store().shipments.transitionParcels(alice, [number], { from: ['queued'], to: 'transferred', at: at(0), expiresAt: at(100) });
    assert.deepEqual(await store().shipments.parcelEvents(alice, number), [
      { state: 'created', at: at(0) },
      { state: 'queued', at: at(0) },
      { state: 'transferred', at: at(0) },
    ]);
  });

  test('parcelEvents reads a parcel stored with its first events (before they were implied) without doubling them', async () => {
    const [number] = numbers(1);
    await store().shipments.saveOrders(alice, [order([number], 'transferred')], at(0));
    await db
      .insertInto('parcel_events')
      .values([
        { parcel_label_number: number, state: 'created', at: at(0).getTime() },
        { parcel_label_number: number, state: 'transferred', at: at(0).getTime() },
      ])
      .execute();
    await store().shipments.transitionParcels(alice, [number], { from: ['transferred'], to: 'deleted', at: at(3) });
    assert.deepEqual(
      (await store().shipments.parcelEvents(alice, number)).map((event) => event.state),
      ['created', 'transferred', 'deleted'],
    );
  });
});
