// A collection request's internal numbers, consolidation, products, the 28-day rule and the
// environments, over REST on both stores (exportOrders and deleteOrders have files of their own).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { products } from '../../src/contract/products.ts';
import { purge } from '../../src/domain/operator/purge.ts';
import type { StageLogBuffer } from '../../src/server/stage-log/stage-log-buffer.ts';
import { collectionRequest, minimumOrder, minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import { restShipmentCalls } from '../support/shipment-calls.ts';
import { firstParcelNumbers, REST_PATH } from '../support/rest.ts';

const DAY = 24 * 60 * 60 * 1000;

for (const dialect of STORE_DIALECTS) {
  describe(`parcel life cycle (REST) [${dialect}]`, () => {
    let t: TestApp;
    const { call, storeParcels } = restShipmentCalls(() => t);
    before(async () => {
      t = await startTestApp({ dialect });
    });
    after(() => t.close());

    it("keeps a collection request's parcel numbers internal: transferred at once even with late export, unknown to export, delete and tracking", async () => {
      const late = await t.authenticate((await t.addAccount({ lateExport: true, pickupApproved: true })).delisId);
      const body = (await call('storeOrders', late, collectionRequest())).json();
      const reference: string = body.orderResult.shipmentResponses[0].parcelInformation[0].carrierReference;
      // The request's one parcel took the serial just before the reference's.
      const internal = `0522${String(Number(reference.slice(6)) - 1).padStart(10, '0')}`;
      const account = (await t.store.accounts.findAccount(late.delisId))!;
      const [stored] = await t.store.shipments.findParcels(account.id, [internal]);
      assert.deepEqual([stored.orderType, stored.state], ['collection request order', 'transferred']);
      assert.equal(stored.expiresAt?.getTime(), t.clock.now().getTime() + 28 * DAY);
      const exported = (await call('exportOrders', late, { parcelLabelNumber: [internal] })).json();
      assert.equal(exported.orderResult[0].success, false);
      assert.match(exported.orderResult[0].message, /is not a parcel of this account/);
      assert.deepEqual((await call('deleteOrders', late, { parcelLabelNumber: [internal] })).json().orderResult, [{ success: false }]);
      const tracking = await t.post(REST_PATH.getTrackingData, {
        authentication: late,
        getTrackingData: { parcelLabelNumber: internal },
      });
      assert.match(tracking.json().status.message, /is not a parcel of this account/);
      assert.equal(
        (await t.store.shipments.findParcels(account.id, [internal]))[0].state,
        'transferred',
        'the delete must not have touched it',
      );
    });

    it('consolidates the day: parcels can then no longer be deleted; idempotent for the same date', async () => {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const [a, b] = await storeParcels(auth, 2);
      const first = await call('startOrdersConsolidation', auth, { consolidationDate: 20261123 });
      assert.deepEqual(first.json(), { success: true, status: { type: 'OK', code: '200', message: 'valid' } });
      const second = await call('startOrdersConsolidation', auth, { consolidationDate: '20261123' });
      assert.equal(second.json().success, true);
      const account = (await t.store.accounts.findAccount(auth.delisId))!;
      const consolidations = await t.store.shipments.listConsolidations(account.id);
      assert.equal(consolidations.length, 1);
      assert.deepEqual([...consolidations[0].parcelLabelNumbers].sort(), [a, b].sort());
      const refused = (await call('deleteOrders', auth, { parcelLabelNumber: [a] })).json();
      assert.deepEqual(refused.orderResult, [{ success: false }]);
      const bad = await call('startOrdersConsolidation', auth, { consolidationDate: 20261131 });
      assert.equal(bad.json().status.code, 'ERR_INVALID_REQUEST');
      assert.match(bad.json().status.message, /20261131 is not a real date/);
      // The test clock's day is 20261123: tomorrow has not begun, and nothing is recorded for it.
      const tomorrow = await call('startOrdersConsolidation', auth, { consolidationDate: 20261124 });
      assert.equal(tomorrow.statusCode, 400);
      assert.match(tomorrow.json().status.message, /20261124 has not begun yet.*today is 20261123/);
      assert.equal((await t.store.shipments.listConsolidations(account.id)).length, 1);
    });

    it("lists the products and additional services of the product table, in the caller's language", async () => {
      const account = await t.addAccount();
      const english = (await call('getAvailableProductsAndServices', await t.authenticate(account.delisId), {})).json();
      assert.deepEqual(
        english.products.map((p: { code: string }) => p.code),
        products.map((p) => p.code),
      );
      assert.ok(
        english.additionalServices.some((s: { code: string; name: string }) => s.code === 'saturdayDelivery' && s.name === 'Saturday'),
      );
      const dutch = (await call('getAvailableProductsAndServices', await t.authenticate(account.delisId, 'nl_NL'), {})).json();
      assert.ok(
        dutch.additionalServices.some((s: { code: string; name: string }) => s.code === 'saturdayDelivery' && s.name === 'Zaterdag'),
      );
      // Each product names its service codes and the product codes also accepted for it.
      const byCode = (list: Array<{ code: string; name: string; description: string }>, code: string) => list.find((p) => p.code === code)!;
      assert.equal(byCode(english.products, 'B2B').description, 'Delivery to businesses (service 101, small 136)');
      assert.equal(byCode(english.products, 'E830').description, 'Express delivery before 08:30 (service 350, also accepted as AM0)');
      assert.deepEqual(byCode(dutch.products, 'B2CTyre'), {
        code: 'B2CTyre',
        name: 'Banden Home',
        description: 'Banden aan particulieren (dienst 366)',
      });
    });

    it('expires shipment data exactly 28 days after the transfer, then purges it', async () => {
      const auth = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
      const [number] = await storeParcels(auth);
      const account = (await t.store.accounts.findAccount(auth.delisId))!;
      t.clock.advance(3 * DAY);
      const exported = (await call('exportOrders', await t.authenticate(auth.delisId), { parcelLabelNumber: [number] })).json();
      assert.equal(exported.success, true);
      const transferredAt = t.clock.now().getTime();
      t.clock.set(new Date(transferredAt + 28 * DAY - 1));
      const fresh = await t.authenticate(auth.delisId);
      assert.deepEqual((await call('deleteOrders', fresh, { parcelLabelNumber: ['05220000000000'] })).json().orderResult, [
        { success: false },
      ]);
      await t.store.shipments.purgeExpired(t.clock.now());
      assert.equal((await t.store.shipments.findParcels(account.id, [number]))[0].state, 'transferred');
      t.clock.set(new Date(transferredAt + 28 * DAY));
      const expired = (await call('exportOrders', fresh, { parcelLabelNumber: [number] })).json();
      assert.match(expired.orderResult[0].message, /expired 28 days after the transfer/);
      assert.deepEqual((await call('deleteOrders', fresh, { parcelLabelNumber: [number] })).json().orderResult, [{ success: false }]);
      const result = await purge(t.store, t.clock.now(), 30 * DAY);
      assert.ok(result.parcels >= 1);
      assert.equal((await t.store.shipments.findParcels(account.id, [number]))[0].state, 'expired');
    });
  });
}

describe('environments', () => {
  let stage: TestApp;
  let live: TestApp;
  before(async () => {
    stage = await startTestApp();
    live = await startTestApp({ env: { PARCEL_ENV: 'live' } });
  });
  after(async () => {
    await stage.close();
    await live.close();
  });

  it('a stage token is rejected by a live server, even for the same delisId', async () => {
    const delisId = 'KDENV0001';
    await stage.addAccount({ delisId });
    await live.addAccount({ delisId });
    const stageAuth = await stage.authenticate(delisId);
    const response = await live.post(REST_PATH.validateOrders, { authentication: stageAuth, validateOrders: minimumRequest() });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().status.code, 'ERR_DELICOM_TOKEN_INCORRECT');
  });

  it('stage keeps every request with names, phones, e-mails, street lines and references masked; live keeps none', async () => {
    const secret = { name1: 'Zeer Geheime Naam', street: 'Verborgen Straat 12', phone: '+31612345678', email: 'geheim@example.nl' };
    const request = minimumRequest();
    const gsd = (request.order as JsonObject[])[0].generalShipmentData as JsonObject;
    gsd.recipient = { ...(gsd.recipient as JsonObject), ...secret };
    // The caller's own references are free text and may name a person.
    gsd.mpsCustomerReferenceNumber1 = 'Klant Pietersen';
    for (const t of [stage, live]) {
      const account = await t.addAccount();
      await t.post(REST_PATH.validateOrders, { authentication: await t.authenticate(account.delisId), validateOrders: request });
      await t.post(REST_PATH.storeOrders, {
        authentication: await t.authenticate(account.delisId),
        storeOrders: { ...request, order: [{ ...(request.order as JsonObject[])[0], parcels: [{ weight: 99999 }] }] },
      });
    }
    await (stage.deps.stageLog as StageLogBuffer).flush();
    const all = await stage.store.stageRequests.latest(20);
    for (const login of all.filter((r) => r.operation === 'getAuth')) assert.match(login.body, /"password":"\*\*\*"/);
    const kept = all.filter((r) => r.operation !== 'getAuth');
    assert.deepEqual(kept.map((r) => r.operation).sort(), ['storeOrders', 'validateOrders']);
    assert.equal(kept.find((r) => r.operation === 'storeOrders')?.errorCode, 'error_parcel_exceeds_maximum_allowed_weight');
    for (const entry of kept) {
      for (const value of [...Object.values(secret), 'Klant Pietersen'])
        assert.equal(entry.body.includes(value), false, `${value} kept unmasked`);
      assert.match(entry.body, /"name1":"\*\*\*"/);
      assert.match(entry.body, /"zipCode":"3011AD"/);
    }
    const counts = await stage.store.stageRequests.counts(new Date(0));
    assert.ok(counts.some((c) => c.operation === 'validateOrders' && c.errorCode === null && c.count >= 1));
    assert.deepEqual(await live.store.stageRequests.latest(10), []);
  });

  it('stage and live never issue the same parcel number: stage numbers come from a range of their own', async () => {
    const numbers = new Map<string, string[]>();
    for (const [name, t] of [
      ['stage', stage],
      ['live', live],
    ] as const) {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const body = (
        await t.post(REST_PATH.storeOrders, {
          authentication: auth,
          storeOrders: { ...minimumRequest(), order: [minimumOrder(), minimumOrder()] },
        })
      ).json();
      numbers.set(name, firstParcelNumbers(body));
    }
    for (const number of numbers.get('stage')!) assert.match(number, /^05229\d{9}$/);
    for (const number of numbers.get('live')!) assert.match(number, /^0522[0-8]\d{9}$/);
  });

  it('stage labels carry the "not valid for shipping" mark, live labels do not', async () => {
    for (const [t, marked] of [
      [stage, true],
      [live, false],
    ] as const) {
      const auth = await t.authenticate((await t.addAccount()).delisId);
      const body = (
        await t.post(REST_PATH.storeOrders, {
          authentication: auth,
          storeOrders: { ...minimumRequest(), printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' } },
        })
      ).json();
      const zpl = Buffer.from(body.orderResult.parcellabelsPDF, 'base64').toString('utf8');
      assert.equal(/NOT VALID FOR SHIPPING/i.test(zpl.replace(/_([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))), marked);
    }
  });
});
