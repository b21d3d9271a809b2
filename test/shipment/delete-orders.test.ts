// ShipmentService deleteOrders, over REST on both stores and over SOAP: the caller's parcels deleted,
// another account's answered like an unknown one and left as it was, a request without numbers refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import type { Auth } from '../support/rest.ts';
import { restShipmentCalls, soapShipmentCalls } from '../support/shipment-calls.ts';
import { list } from '../support/soap-response.ts';

/** A parcel label number no account has. */
const UNKNOWN = '05229999999999';

for (const dialect of STORE_DIALECTS) {
  describe(`deleteOrders (REST) [${dialect}]`, () => {
    let t: TestApp;
    const { call, storeParcels } = restShipmentCalls(() => t);
    before(async () => {
      t = await startTestApp({ dialect });
    });
    after(() => t.close());

    it("deletes the caller's parcels, never another's, and a deleted number is gone from later answers", async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const other = await t.authenticate((await t.addAccount()).delisId);
      const [mine] = await storeParcels(auth);
      const [foreign] = await storeParcels(other);
      const body = (await call('deleteOrders', auth, { parcelLabelNumber: [mine, foreign] })).json();
      assert.deepEqual(
        { success: body.success, orderResult: body.orderResult },
        { success: false, orderResult: [{ success: true }, { success: false }] },
      );
      const again = (await call('deleteOrders', auth, { parcelLabelNumber: [mine] })).json();
      assert.deepEqual(again.orderResult, [{ success: false }]);
      const otherAccount = (await t.store.accounts.findAccount(other.delisId))!;
      assert.equal((await t.store.shipments.findParcels(otherAccount.id, [foreign]))[0].state, 'transferred');
      const next = await storeParcels(auth);
      assert.ok(Number(next[0].slice(4)) > Number(mine.slice(4)), 'a deleted number was issued again');
    });

    it('refuses a request without parcel numbers as ERR_INVALID_REQUEST', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const response = await call('deleteOrders', auth, { parcelLabelNumber: [] });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().status.code, 'ERR_INVALID_REQUEST');
      // Every result key is there, set to null, as on every fault answer.
      assert.deepEqual(Object.keys(response.json()), ['success', 'orderResult', 'status']);
      assert.equal(response.json().success, null);
      assert.equal(response.json().orderResult, null);
    });
  });
}

describe('deleteOrders (SOAP)', () => {
  let t: TestApp;
  let late: Auth;
  let other: Auth;
  const { value, store } = soapShipmentCalls(
    () => t,
    () => late,
  );
  before(async () => {
    t = await startTestApp();
    late = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
    other = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
  });
  after(() => t.close());

  it("deletes only the caller's parcels: another account's answers like an unknown one and stays", async () => {
    const [mine] = await store(late, 1);
    const [foreign] = await store(other, 1);
    const answer = await value('deleteOrders', { parcelLabelNumber: [mine, foreign, UNKNOWN] });
    assert.deepEqual(
      { success: answer.success, orderResult: list(answer.orderResult) },
      {
        success: 'false',
        orderResult: [{ success: 'true' }, { success: 'false' }, { success: 'false' }],
      },
    );
    const otherAccount = (await t.store.accounts.findAccount(other.delisId))!;
    assert.equal((await t.store.shipments.findParcels(otherAccount.id, [foreign]))[0].state, 'queued');
  });
});
