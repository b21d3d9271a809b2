// ShipmentRepository.reserveSerials within one process, over every store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openDatabase, openStore } from '../../src/store/open-database.ts';
import { MAX_SERIAL } from '../../src/store/serial-source.ts';
import { SerialsExhaustedError } from '../../src/domain/core/domain-errors.ts';
import { forEachStore } from '../support/databases.ts';
import { assertConsecutive, assertDisjoint } from '../support/serial-assertions.ts';

const LEASE = 7;

forEachStore(
  'reserveSerials',
  ({ store, options }) => {
    const sequences: ReadonlyArray<{ name: string; counts: readonly number[] }> = [
      { name: 'single serials across several leases', counts: Array.from({ length: 40 }, () => 1) },
      { name: 'calls that straddle lease boundaries', counts: [3, 3, 3, 2, 5, 6, 1, 4, 7, 7, 2] },
      { name: 'calls larger than a lease', counts: [25, 1, 30, 8] },
    ];
    const issued: number[][] = [];
    for (const { name, counts } of sequences) {
      test(`${name}: consecutive within a call, never repeated`, async () => {
        for (const count of counts) {
          const serials = await store().shipments.reserveSerials(count);
          assertConsecutive(serials, count);
          issued.push([...serials]);
        }
        assertDisjoint(issued);
      });
    }

    test('many overlapping calls in one process', async () => {
      const calls = await Promise.all(Array.from({ length: 300 }, (_, index) => store().shipments.reserveSerials(1 + (index % 4))));
      calls.forEach((serials, index) => assertConsecutive(serials, 1 + (index % 4)));
      issued.push(...calls.map((serials) => [...serials]));
      assertDisjoint(issued);
    });

    test('two stores on one database (as two processes would) interleave without a duplicate', async () => {
      const other = await openStore(options());
      try {
        const calls = await Promise.all(
          Array.from({ length: 200 }, (_, index) => (index % 2 === 0 ? store() : other).shipments.reserveSerials(1 + (index % 3))),
        );
        issued.push(...calls.map((serials) => [...serials]));
        assertDisjoint(issued);
      } finally {
        await other.close();
      }
    });

    test('a store opened again (a restart) continues after every lease of the one before', async () => {
      const first = await openStore(options());
      const before = await first.shipments.reserveSerials(2);
      await first.close();
      const second = await openStore(options());
      try {
        const after = await second.shipments.reserveSerials(2);
        // The first store leased up to before[0] + LEASE - 1; the restart must start beyond that.
        assert.ok(after[0] >= before[0] + LEASE, `${after.join(',')} after ${before.join(',')}`);
        issued.push([...before], [...after]);
        assertDisjoint(issued);
      } finally {
        await second.close();
      }
    });

    test('a failed saveOrders gives no serial back', async () => {
      const used = await store().shipments.reserveSerials(2);
      const number = `0522${String(used[0]).padStart(10, '0')}`;
      const parcel = { parcelLabelNumber: number, position: 0, returns: false, weight: 1, serviceCode: '101', data: {} };
      const order = {
        orderType: 'consignment',
        sendingDepot: '0522',
        product: 'B2B',
        shipDate: 20261122,
        data: {},
        parcelState: 'transferred',
      } as const;
      // The account does not exist: the transaction fails on its foreign key and rolls back.
      await assert.rejects(store().shipments.saveOrders(999_999, [{ ...order, parcels: [parcel] }], new Date()));
      const next = await store().shipments.reserveSerials(5);
      issued.push([...used], [...next]);
      assertDisjoint(issued);
    });

    for (const count of [0, -1, 1.5, Number.NaN]) {
      test(`a count of ${count} is refused`, async () => {
        await assert.rejects(store().shipments.reserveSerials(count), RangeError);
      });
    }
  },
  { serialLeaseSize: LEASE },
);

forEachStore(
  'reserveSerials at the end of the serial space',
  ({ store, options }) => {
    test('hands out the last serials, then fails clearly, and keeps failing', async () => {
      const { db } = openDatabase(options());
      try {
        await db
          .updateTable('serial_counters')
          .set({ next_value: MAX_SERIAL - 5 })
          .execute();
      } finally {
        await db.destroy();
      }
      assert.deepEqual(await store().shipments.reserveSerials(3), [MAX_SERIAL - 5, MAX_SERIAL - 4, MAX_SERIAL - 3]);
      assert.deepEqual(await store().shipments.reserveSerials(2), [MAX_SERIAL - 2, MAX_SERIAL - 1]);
      await assert.rejects(store().shipments.reserveSerials(2), SerialsExhaustedError);
      assert.deepEqual(await store().shipments.reserveSerials(1), [MAX_SERIAL]);
      assert.equal(String(MAX_SERIAL).length, 10);
      for (const count of [1, 1000]) {
        await assert.rejects(
          store().shipments.reserveSerials(count),
          (error: unknown) => error instanceof SerialsExhaustedError && error.code === 'ERR_SERIALS_EXHAUSTED',
        );
      }
    });
  },
  { serialLeaseSize: 1000 },
);
