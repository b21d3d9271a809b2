// exportOrders and deleteOrders on the same parcels at once, on both stores: the delete that gets
// there first wins, and the export answers what happened to the parcel, not a guess from before.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ParcelTransition } from '../../src/domain/ports/shipment-ports.ts';
import { minimumOrder, minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import { firstParcelNumbers, SHIPMENT_SERVICE, type Auth } from '../support/rest.ts';

for (const dialect of STORE_DIALECTS) {
  describe(`exportOrders racing deleteOrders [${dialect}]`, () => {
    let t: TestApp;
    // Runs once, just before the next transfer to `transferred` reaches the store.
    let beforeTransfer: (() => Promise<void>) | undefined;
    const call = (operation: string, auth: Auth, body: unknown) =>
      t.post(`${SHIPMENT_SERVICE}/${operation}`, { authentication: auth, [operation]: body });
    before(async () => {
      t = await startTestApp({
        dialect,
        repositories: (store) => ({
          ...store,
          shipments: {
            ...store.shipments,
            async transitionParcels(accountId: number, numbers: readonly string[], change: ParcelTransition) {
              const hook = change.to === 'transferred' ? beforeTransfer : undefined;
              beforeTransfer = undefined;
              await hook?.();
              return store.shipments.transitionParcels(accountId, numbers, change);
            },
          },
        }),
      });
    });
    after(() => t.close());

    it("a parcel deleted between the export's lookup and its transfer is answered as deleted", async () => {
      const late = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
      const stored = (await call('storeOrders', late, { ...minimumRequest(), order: [minimumOrder(), minimumOrder()] })).json();
      const [kept, deleted] = firstParcelNumbers(stored);
      beforeTransfer = async () => {
        const answer = (await call('deleteOrders', late, { parcelLabelNumber: [deleted] })).json();
        assert.equal(answer.success, true);
      };
      const exported = (await call('exportOrders', late, { parcelLabelNumber: [kept, deleted] })).json();
      assert.deepEqual(
        exported.orderResult.map((r: { success: boolean }) => r.success),
        [true, false],
      );
      assert.match(exported.orderResult[1].message, /deleted/);
      assert.doesNotMatch(exported.orderResult[1].message, /transferred already/);
    });
  });
}
