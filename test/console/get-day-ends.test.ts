// ConsoleService getDayEnds over both bindings: per day and for the period, the parcels, orders and
// weight EndOfDayService's manifest of it lists — single- and multi-parcel orders, a late-export parcel
// on the day exportOrders transferred it, a deleted parcel and another account's left out, a 3.3 parcel
// without a weight counted apart — the day startOrdersConsolidation closed, and every malformed period
// refused with endOfDay's message.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { duplicate, edit, minimumRequest, remove, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, ok } from '../support/binding-client.ts';
import { extractPdfText } from '../support/label-reading.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';

const DAYS = { dateFrom: 20261122, dateTo: 20261124 };

describe('ConsoleService getDayEnds', () => {
  let t: TestApp;
  let auth: Auth;
  let other: Auth;
  let closedAt: string;

  const store = async (caller: Auth, request: JsonObject, path: string = REST_PATH.storeOrders) => {
    const response = await t.post(path, { authentication: caller, storeOrders: request });
    assert.equal(response.statusCode, 200, response.body);
    return response
      .json<{ orderResult: { shipmentResponses: Array<{ parcelInformation: Array<{ parcelLabelNumber: string }> }> } }>()
      .orderResult.shipmentResponses.flatMap((shipment) => shipment.parcelInformation.map((parcel) => parcel.parcelLabelNumber));
  };

  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount({ lateExport: false })).delisId);
    other = await t.authenticate((await t.addAccount()).delisId);
    // The 23rd: an order of one parcel (5 kg), one of three, one of two over 3.3 with the second not
    // weighed, and a parcel deleted after its transfer; another account's parcel.
    await store(auth, minimumRequest());
    await store(auth, edit(minimumRequest(), duplicate('order[0].parcels[0]', 2)));
    await store(
      auth,
      edit(minimumRequest(), duplicate('order[0].parcels[0]', 1), remove('order[0].parcels[1].weight')),
      '/rest/services/ShipmentService/V3_3/storeOrders',
    );
    const [deleted] = await store(auth, minimumRequest());
    const removed = await t.post(REST_PATH.deleteOrders, { authentication: auth, deleteOrders: { parcelLabelNumber: [deleted] } });
    assert.equal(removed.json().success, true, removed.body);
    await store(other, minimumRequest());
    const closed = await t.post(REST_PATH.startOrdersConsolidation, {
      authentication: auth,
      startOrdersConsolidation: { consolidationDate: 20261123 },
    });
    assert.equal(closed.statusCode, 200, closed.body);
    closedAt = t.clock.now().toISOString();
    // The 24th: one more parcel, its day left open.
    t.clock.advance(23 * 3600_000);
    await store(auth, minimumRequest());
  });
  after(() => t.close());

  for (const binding of BINDINGS) {
    it(`counts each day and the period as the manifests list them, and names the closed day, over ${binding}`, async () => {
      const answer = ok(await callOver(binding, t, 'getDayEnds', { period: DAYS }, auth));
      const empty = { parcels: 0, orders: 0, weight: 0, unweighed: 0 };
      assert.deepEqual(answer, {
        parcels: 7,
        orders: 4,
        weight: 3000,
        unweighed: 1,
        day: [
          { date: 20261122, ...empty },
          { date: 20261123, parcels: 6, orders: 3, weight: 2500, unweighed: 1, closedAt, closedParcels: 6 },
          { date: 20261124, parcels: 1, orders: 1, weight: 500, unweighed: 0 },
        ],
      });
      // Another account sees its own day only.
      const theirs = ok(await callOver(binding, t, 'getDayEnds', { period: { dateFrom: 20261123, dateTo: 20261123 } }, other));
      assert.deepEqual([theirs.parcels, theirs.day.length, theirs.day[0].closedAt], [1, 1, undefined]);
    });
  }

  it("agrees with endOfDay's manifest of the same days", async () => {
    const response = await t.post(REST_PATH.endOfDay, {
      authentication: auth,
      endOfDay: { period: { dateFrom: 20261123, timeFrom: 0, dateTo: 20261123, timeTo: 2400 } },
    });
    const text = await extractPdfText(Buffer.from(response.json().endOfDayResponse.manifestPDF, 'base64'));
    assert.match(text, /Parcels: 6\b/);
    assert.match(text, /Orders: 3\b/);
    assert.match(text, /25\.00 kg \(1 not weighed\)/);
  });

  const MALFORMED: ReadonlyArray<readonly [string, JsonObject, RegExp]> = [
    ['a date that does not exist', { dateFrom: 20261131, dateTo: 20261201 }, /period\.dateFrom 20261131 is not a real date/],
    [
      'a reversed period',
      { dateFrom: 20261124, dateTo: 20261123 },
      /period ends at 2026-11-23 24:00, not after it begins at 2026-11-24 00:00/,
    ],
    ['more than a week', { dateFrom: 20261101, dateTo: 20261108 }, /period 2026-11-01 00:00 – 2026-11-08 24:00 is longer than 7 days/],
  ];
  for (const binding of BINDINGS) {
    it(`refuses each malformed period with endOfDay's message over ${binding}`, async () => {
      for (const [name, period, message] of MALFORMED) {
        const answer = await callOver(binding, t, 'getDayEnds', { period }, auth);
        assert.equal(answer.ok, false, name);
        if (!answer.ok) assert.match(answer.message, message, name);
      }
      // A week, Monday to Sunday, is one manifest's period.
      ok(await callOver(binding, t, 'getDayEnds', { period: { dateFrom: 20261116, dateTo: 20261122 } }, auth));
    });
  }
});
