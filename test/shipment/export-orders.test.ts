// ShipmentService exportOrders (late export), over REST on both stores and over SOAP: each number
// answered on its own, another account's parcel exactly like an unknown one, export not active said
// clearly, a request without numbers refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import type { Auth } from '../support/rest.ts';
import { restShipmentCalls, soapShipmentCalls } from '../support/shipment-calls.ts';
import { list } from '../support/soap-response.ts';

/** A parcel label number no account has. */
const UNKNOWN = '05229999999999';
const DAY = 24 * 60 * 60 * 1000;

for (const dialect of STORE_DIALECTS) {
  describe(`exportOrders (REST) [${dialect}]`, () => {
    let t: TestApp;
    const { call, storeParcels } = restShipmentCalls(() => t);
    before(async () => {
      t = await startTestApp({ dialect });
    });
    after(() => t.close());

    it('exports a mix of queued, foreign, unknown, malformed and already exported numbers, one entry each', async () => {
      const late = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
      const other = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
      const [mine1, mine2] = await storeParcels(late, 2);
      const [foreign] = await storeParcels(other);
      const first = (await call('exportOrders', late, { parcelLabelNumber: [mine1] })).json();
      assert.deepEqual(first, {
        success: true,
        orderResult: [{ success: true, parcelLabelNumber: [mine1] }],
        status: { type: 'OK', code: '200', message: 'valid' },
      });
      const mixed = (await call('exportOrders', late, { parcelLabelNumber: [mine2, foreign, '05229999999999', mine1, '12AB'] })).json();
      assert.equal(mixed.success, false);
      assert.deepEqual(
        mixed.orderResult.map((r: { success: boolean }) => r.success),
        [true, false, false, false, false],
      );
      assert.deepEqual(
        mixed.orderResult.map((r: { parcelLabelNumber: string[] }) => r.parcelLabelNumber[0]),
        [mine2, foreign, '05229999999999', mine1, '12AB'],
      );
      assert.match(mixed.orderResult[1].message, /is not a parcel of this account/);
      assert.equal(
        mixed.orderResult[1].message.replace(`[1] ${foreign}`, 'N'),
        mixed.orderResult[2].message.replace('[2] 05229999999999', 'N'),
        'foreign and unknown must answer alike',
      );
      assert.match(mixed.orderResult[3].message, /was transferred already/);
      assert.match(mixed.orderResult[4].message, /14 digits/);
      const account = (await t.store.accounts.findAccount(late.delisId))!;
      const [stored] = await t.store.shipments.findParcels(account.id, [mine1]);
      assert.equal(stored.state, 'transferred');
      assert.equal(stored.expiresAt?.getTime(), t.clock.now().getTime() + 28 * DAY);
    });

    it('says clearly that export is not active for an account without late export', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const [number] = await storeParcels(auth);
      const body = (await call('exportOrders', auth, { parcelLabelNumber: [number] })).json();
      assert.equal(body.success, false);
      assert.match(body.orderResult[0].message, /late export is not active for this account/);
    });

    it('exports parcels queued before the operator ended late export; other numbers are told export is not active', async () => {
      const auth = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
      const [queued] = await storeParcels(auth);
      await t.store.accounts.updateAccount(auth.delisId, { lateExport: false });
      t.clock.advance(60_000); // past the session cache, which trusts a checked account for seconds
      const [transferred] = await storeParcels(auth);
      const body = (await call('exportOrders', auth, { parcelLabelNumber: [queued, transferred] })).json();
      assert.deepEqual(
        body.orderResult.map((r: { success: boolean }) => r.success),
        [true, false],
      );
      assert.match(body.orderResult[1].message, /late export is not active for this account/);
      const account = (await t.store.accounts.findAccount(auth.delisId))!;
      assert.equal((await t.store.shipments.findParcels(account.id, [queued]))[0].state, 'transferred');
    });

    it('refuses a request without parcel numbers as ERR_INVALID_REQUEST', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const response = await call('exportOrders', auth, { parcelLabelNumber: [] });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().status.code, 'ERR_INVALID_REQUEST');
      // Every result key is there, set to null, as on every fault answer.
      assert.deepEqual(Object.keys(response.json()), ['success', 'orderResult', 'status']);
      assert.equal(response.json().success, null);
      assert.equal(response.json().orderResult, null);
    });
  });
}

describe('exportOrders (SOAP)', () => {
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

  it("exports the caller's queued parcel and answers another account's like an unknown one", async () => {
    const [mine] = await store(late, 1);
    const [foreign] = await store(other, 1);
    const answer = await value('exportOrders', { parcelLabelNumber: [mine, foreign, UNKNOWN] });
    assert.equal(answer.success, 'false');
    const entries = list(answer.orderResult) as Array<Record<string, string>>;
    assert.deepEqual(
      entries.map((e) => [e.success, e.parcelLabelNumber]),
      [
        ['true', mine],
        ['false', foreign],
        ['false', UNKNOWN],
      ],
    );
    assert.equal(entries[0].message, undefined);
    assert.equal(entries[1].message.replace(`[1] ${foreign}`, 'N'), entries[2].message.replace(`[2] ${UNKNOWN}`, 'N'));
  });
});
