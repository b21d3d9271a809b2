// startOrdersConsolidation and getAvailableProductsAndServices over SOAP: the answers of spec "Result
// objects" and request problems as `faults` faults (exportOrders and deleteOrders have files of their
// own: export-orders.test.ts, delete-orders.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import type { Auth } from '../support/rest.ts';
import { soapShipmentCalls } from '../support/shipment-calls.ts';

describe('parcel life cycle (SOAP)', () => {
  let t: TestApp;
  let late: Auth;
  const { value, fault } = soapShipmentCalls(
    () => t,
    () => late,
  );
  before(async () => {
    t = await startTestApp();
    late = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
  });
  after(() => t.close());

  it('closes today, twice alike, and refuses a day not begun or a malformed request with a faults fault', async () => {
    assert.deepEqual(await value('startOrdersConsolidation', { consolidationDate: 20261123 }), { success: 'true' });
    assert.deepEqual(await value('startOrdersConsolidation', { consolidationDate: 20261123 }), { success: 'true' });
    for (const [operation, body] of [
      ['startOrdersConsolidation', { consolidationDate: 20261124 }],
      ['deleteOrders', {}],
      ['getAvailableProductsAndServices', { product: 'B2B' }],
    ] as const) {
      const { faultcode, detail } = await fault(operation, body);
      assert.equal(faultcode, 'soap:Client', operation);
      assert.equal(detail.local, 'faults', operation);
      assert.equal(detail.children.faultCode, 'ERR_INVALID_REQUEST', operation);
    }
  });
});
