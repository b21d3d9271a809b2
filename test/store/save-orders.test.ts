// ShipmentRepository.saveOrders and findParcels over every store.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import type { NewOrder, NewParcel, OrderType, ParcelState, StoredParcel } from '../../src/domain/ports/shipment-ports.ts';
import { openDatabase } from '../../src/store/open-database.ts';
import type { Database } from '../../src/store/schema.ts';
import { forEachStore } from '../support/databases.ts';

const AT = new Date('2026-11-22T10:15:30.123Z');
const EXPIRES = new Date('2026-12-20T10:15:30.123Z');

function parcel(parcelLabelNumber: string, position = 0, overrides: Partial<NewParcel> = {}): NewParcel {
  return {
    parcelLabelNumber,
    position,
    returns: false,
    weight: 300,
    serviceCode: '101',
    data: { customerReferenceNumber1: parcelLabelNumber },
    ...overrides,
  };
}

function consignment(numbers: readonly string[], overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    orderType: 'consignment',
    mpsId: `MPS${numbers[0] ?? '00000000000000'}20261122`,
    sendingDepot: '0522',
    product: 'B2B',
    shipDate: 20261122,
    data: { generalShipmentData: { product: 'B2B' } },
    parcels: numbers.map((number, position) => parcel(number, position)),
    parcelState: 'transferred',
    expiresAt: EXPIRES,
    ...overrides,
  };
}

function stored(
  parcelLabelNumber: string,
  orderId: number,
  state: ParcelState,
  orderType: OrderType = 'consignment',
  mpsId?: string,
): StoredParcel {
  const order = { orderType, ...(mpsId === undefined ? {} : { mpsId }), product: 'B2B', sendingDepot: '0522' };
  return state === 'transferred'
    ? { parcelLabelNumber, orderId, ...order, state, shipDate: 20261122, createdAt: AT, transferredAt: AT, expiresAt: EXPIRES }
    : { parcelLabelNumber, orderId, ...order, state, shipDate: 20261122, createdAt: AT };
}

forEachStore('saveOrders and findParcels', ({ store, options }) => {
  let db: Kysely<Database>;
  let alice = 0;
  let bob = 0;
  before(async () => {
    db = openDatabase(options()).db;
    const base = { passwordHash: 'h', depots: ['0522'], messageLanguage: 'en_US', lateExport: false, pickupApproved: false } as const;
    alice = (await store().accounts.addAccount({ ...base, delisId: 'ALICE' })).id;
    bob = (await store().accounts.addAccount({ ...base, delisId: 'BOB' })).id;
  });
  after(() => db.destroy());

  async function orderIdOf(parcelLabelNumber: string): Promise<number> {
    const row = await db
      .selectFrom('parcels')
      .select('order_id')
      .where('parcel_label_number', '=', parcelLabelNumber)
      .executeTakeFirstOrThrow();
    return row.order_id;
  }

  async function eventsOf(parcelLabelNumber: string): Promise<Array<{ state: string; at: number }>> {
    return db
      .selectFrom('parcel_events')
      .select(['state', 'at'])
      .where('parcel_label_number', '=', parcelLabelNumber)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  async function rowCounts(): Promise<Record<'orders' | 'parcels' | 'parcel_events', number>> {
    const count = async (table: 'orders' | 'parcels' | 'parcel_events') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { orders: await count('orders'), parcels: await count('parcels'), parcel_events: await count('parcel_events') };
  }

  const stores: ReadonlyArray<{
    name: string;
    orders: readonly NewOrder[];
    expected: ReadonlyArray<{ number: string; state: ParcelState; events: readonly ParcelState[] }>;
  }> = [
    {
      name: 'a transferred consignment: created and transferred at one instant, 28-day expiry',
      orders: [consignment(['05220000000101', '05220000000102'])],
      expected: [
        { number: '05220000000101', state: 'transferred', events: ['created', 'transferred'] },
        { number: '05220000000102', state: 'transferred', events: ['created', 'transferred'] },
      ],
    },
    {
      name: 'a queued consignment (late export): no transfer, no expiry yet',
      orders: [consignment(['05220000000201'], { parcelState: 'queued', expiresAt: undefined })],
      expected: [{ number: '05220000000201', state: 'queued', events: ['created', 'queued'] }],
    },
    {
      name: 'several orders in one call, a collection request among them',
      orders: [
        consignment(['05220000000301']),
        consignment(['05220000000302'], { orderType: 'collection request order', mpsId: undefined, carrierReference: 'CR0000000001' }),
        consignment(['05220000000303', '05220000000304', '05220000000305']),
      ],
      expected: ['05220000000301', '05220000000302', '05220000000303', '05220000000304', '05220000000305'].map((number) => ({
        number,
        state: 'transferred' as const,
        events: ['created', 'transferred'] as const,
        orderType: number === '05220000000302' ? ('collection request order' as const) : ('consignment' as const),
      })),
    },
  ];
  for (const { name, orders, expected } of stores) {
    test(`saveOrders stores ${name}`, async () => {
      await store().shipments.saveOrders(alice, orders, AT);
      const numbers = expected.map((parcel) => parcel.number);
      const found = await store().shipments.findParcels(alice, numbers);
      const want = await Promise.all(
        expected.map(async (parcel) =>
          stored(
            parcel.number,
            await orderIdOf(parcel.number),
            parcel.state,
            'orderType' in parcel ? (parcel.orderType as OrderType) : undefined,
            orders.find((order) => order.parcels.some((p) => p.parcelLabelNumber === parcel.number))?.mpsId,
          ),
        ),
      );
      assert.deepEqual(found, want);
      for (const { number, events } of expected) {
        assert.deepEqual(
          await store().shipments.parcelEvents(alice, number),
          events.map((state) => ({ state, at: AT })),
        );
        assert.deepEqual(await eventsOf(number), [], "a new parcel's first events are implied by its row, not stored");
      }
    });
  }

  test('saveOrders keeps the order and parcel columns and documents', async () => {
    const order = consignment(['05220000000401', '05220000000402'], {
      data: { nested: { text: 'Zürich – Ελλάδα' } },
      printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6', printerResolution: 300 },
    });
    await store().shipments.saveOrders(
      alice,
      [
        {
          ...order,
          parcels: [
            { ...order.parcels[0], references: ['order-7', 'ελλάδα'] },
            parcel('05220000000402', 1, { returns: true, weight: 1, serviceCode: '332', data: undefined }),
          ],
        },
      ],
      AT,
    );
    const orderRow = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', await orderIdOf('05220000000401'))
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      { ...orderRow, id: 0 },
      {
        id: 0,
        account_id: alice,
        order_type: 'consignment',
        mps_id: 'MPS0522000000040120261122',
        carrier_reference: null,
        sending_depot: '0522',
        product: 'B2B',
        ship_date: 20261122,
        data: JSON.stringify(order.data),
        created_at: AT.getTime(),
        print_options: '{"printerLanguage":"ZPL","paperFormat":"A6","printerResolution":300}',
      },
    );
    const references = await db.selectFrom('parcel_references').selectAll().orderBy('parcel_label_number').orderBy('reference').execute();
    assert.deepEqual(
      references.map((row) => ({ ...row, account_id: Number(row.account_id) })),
      [
        { account_id: alice, parcel_label_number: '05220000000401', reference: 'order-7' },
        { account_id: alice, parcel_label_number: '05220000000401', reference: 'ελλάδα' },
      ],
    );
    const parcelRows = await db.selectFrom('parcels').selectAll().where('order_id', '=', orderRow.id).orderBy('position').execute();
    assert.deepEqual(
      parcelRows.map(({ id, order_id, ...row }) => row),
      [
        {
          account_id: alice,
          parcel_label_number: '05220000000401',
          position: 0,
          returns: 0,
          weight: 300,
          service_code: '101',
          state: 'transferred',
          ship_date: 20261122,
          data: JSON.stringify(order.parcels[0].data),
          created_at: AT.getTime(),
          transferred_at: AT.getTime(),
          expires_at: EXPIRES.getTime(),
          consolidated_at: null,
          deleted_at: null,
          consolidation_id: null,
          journey_forced: 0,
        },
        {
          account_id: alice,
          parcel_label_number: '05220000000402',
          position: 1,
          returns: 1,
          weight: 1,
          service_code: '332',
          state: 'transferred',
          ship_date: 20261122,
          data: 'null',
          created_at: AT.getTime(),
          transferred_at: AT.getTime(),
          expires_at: EXPIRES.getTime(),
          consolidated_at: null,
          deleted_at: null,
          consolidation_id: null,
          journey_forced: 0,
        },
      ],
    );
  });

  test('saveOrders stores an order without parcels (pickup information)', async () => {
    await store().shipments.saveOrders(alice, [consignment([], { orderType: 'pickup information', mpsId: 'MPS-PICKUP-ONLY' })], AT);
    const row = await db
      .selectFrom('orders')
      .select(['order_type', 'account_id'])
      .where('mps_id', '=', 'MPS-PICKUP-ONLY')
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { order_type: 'pickup information', account_id: alice });
  });

  const failures: ReadonlyArray<{ name: string; orders: () => readonly NewOrder[] }> = [
    {
      name: 'a parcel number twice in the batch',
      orders: () => [consignment(['05220000000501']), consignment(['05220000000502']), consignment(['05220000000501'])],
    },
    { name: 'a parcel number stored earlier', orders: () => [consignment(['05220000000511']), consignment(['05220000000101'])] },
    { name: 'a number twice within one order', orders: () => [consignment(['05220000000521', '05220000000521'])] },
    {
      name: 'a document that cannot be written (third order)',
      orders: () => [
        consignment(['05220000000531']),
        consignment(['05220000000532']),
        consignment(['05220000000533'], { data: { big: 1n } }),
      ],
    },
    {
      name: 'a value the column rejects (last parcel)',
      orders: () => [
        consignment(['05220000000541']),
        { ...consignment([]), parcels: [parcel('05220000000542'), parcel('05220000000543', 1, { weight: Number.NaN })] },
      ],
    },
  ];
  for (const { name, orders } of failures) {
    test(`saveOrders stores nothing when it fails mid-way: ${name}`, async () => {
      const before = await rowCounts();
      await assert.rejects(store().shipments.saveOrders(alice, orders(), AT));
      assert.deepEqual(await rowCounts(), before);
      const numbers = orders().flatMap((order) => order.parcels.map((parcel) => parcel.parcelLabelNumber));
      const fresh = numbers.filter((number) => number !== '05220000000101');
      assert.deepEqual(await store().shipments.findParcels(alice, fresh), []);
    });
  }

  test('saveOrders with no orders does nothing', async () => {
    const before = await rowCounts();
    await store().shipments.saveOrders(alice, [], AT);
    assert.deepEqual(await rowCounts(), before);
  });

  const lookups: ReadonlyArray<{ name: string; account: () => number; numbers: readonly string[]; expected: readonly string[] }> = [
    {
      name: "another account's parcel answers as missing",
      account: () => bob,
      numbers: ['05220000000101', '05220000000201'],
      expected: [],
    },
    {
      name: 'own parcels in the order asked, unknown left out, repeats once',
      account: () => alice,
      numbers: ['05220000000201', '05229999999999', '05220000000101', '05220000000201'],
      expected: ['05220000000201', '05220000000101'],
    },
    { name: 'nothing asked, nothing found', account: () => alice, numbers: [], expected: [] },
    {
      name: "the account's own parcel among another's",
      account: () => bob,
      numbers: ['05220000000101', '05220000000901'],
      expected: ['05220000000901'],
    },
  ];
  test('findParcels sees only the calling account', async () => {
    await store().shipments.saveOrders(bob, [consignment(['05220000000901'])], AT);
    for (const { name, account, numbers, expected } of lookups) {
      const found = await store().shipments.findParcels(account(), numbers);
      assert.deepEqual(
        found.map((parcel) => parcel.parcelLabelNumber),
        expected,
        name,
      );
    }
  });

  test('findParcels answers a long list (more numbers than one query binds)', async () => {
    const numbers = Array.from({ length: 1200 }, (_, index) => `0522${String(1_000_000 + index).padStart(10, '0')}`);
    await store().shipments.saveOrders(alice, [consignment(numbers.slice(0, 600)), consignment(numbers.slice(600))], AT);
    const found = await store().shipments.findParcels(alice, numbers);
    assert.deepEqual(
      found.map((parcel) => parcel.parcelLabelNumber),
      numbers,
    );
  });
});
