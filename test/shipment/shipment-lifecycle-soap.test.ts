// exportOrders, deleteOrders, startOrdersConsolidation and getAvailableProductsAndServices over SOAP:
// the answers of spec "Result objects", request problems as `faults` faults, and another account's
// parcel answered exactly like an unknown one (DESIGN "Authentication").
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { minimumOrder, minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { bodyFault, list, readSoapAnswer, type Plain } from '../support/soap-response.ts';
import { soapRequest } from '../support/soap-request.ts';

const UNKNOWN = '05229999999999';

describe('parcel life cycle (SOAP)', () => {
  let t: TestApp;
  let late: Auth;
  let other: Auth;
  const call = async (operation: string, body: JsonObject, auth: Auth) => {
    const response = await injectSoap(t, endpointOf(operation), soapRequest(operation, body, { authentication: auth }));
    return { status: response.statusCode, answer: readSoapAnswer(response.body) };
  };
  const value = async (operation: string, body: JsonObject, auth: Auth = late) => {
    const { status, answer } = await call(operation, body, auth);
    assert.equal(answer.kind, 'response', JSON.stringify(answer));
    assert.equal(status, 200);
    return (answer as { value: Record<string, Plain | Plain[]> }).value;
  };
  const fault = async (operation: string, body: JsonObject, auth: Auth = late) => {
    const { status, answer } = await call(operation, body, auth);
    assert.equal(answer.kind, 'fault');
    assert.equal(status, 500);
    return bodyFault((answer as { fault: Parameters<typeof bodyFault>[0] }).fault);
  };
  const store = async (auth: Auth, count: number): Promise<string[]> => {
    const result = (await value('storeOrders', { ...minimumRequest(), order: Array.from({ length: count }, () => minimumOrder()) }, auth))
      .orderResult as Record<string, Plain>;
    return list(result.shipmentResponses as Plain | Plain[]).map(
      (r) => (r as Record<string, Record<string, string>>).parcelInformation.parcelLabelNumber,
    );
  };
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
