// Outcomes chosen in the order (issue 38 item 1): on stage a parcel's customerReferenceNumber2
// `SANDBOX:<scenario>` walks that scenario, `SANDBOX:fault:<code>` makes storeOrders answer that
// validation fault, `SANDBOX:status:<status>` that HTTP status and `SANDBOX:delay:<ms>` waits first —
// over both bindings, without a SandboxService call. On live the same texts are plain references.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { edit, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, ok, send, type CallAnswer } from '../support/binding-client.ts';
import type { Auth } from '../support/rest.ts';

const FIELD = 'order[0].parcels[0].customerReferenceNumber2';
const withMagic = (value: string): JsonObject => edit(minimumRequest(), set(FIELD, value));
const numberOf = (answer: CallAnswer): string => ok(answer).orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber;
const statuses = (answer: CallAnswer): string[] => ok(answer).trackingResult.statusInfo.map((event: { status: string }) => event.status);

/** The fault a refused storeOrders reports, alike on both bindings (REST: in the result; SOAP: a faults fault). */
function storeFault(answer: CallAnswer): { code: string; message: string } {
  if (!answer.ok) return { code: answer.code, message: answer.message };
  const fault = answer.value.orderResult.shipmentResponses[0].faults?.[0];
  assert.ok(fault !== undefined, 'expected storeOrders to refuse the order');
  return { code: fault.faultCode, message: fault.message };
}

for (const binding of BINDINGS) {
  describe(`magic values on stage [${binding}]`, () => {
    let t: TestApp;
    let auth: Auth;
    before(async () => {
      t = await startTestApp();
      auth = await t.authenticate((await t.addAccount()).delisId);
    });
    after(() => t.close());
    const call = (operation: string, body: JsonObject = {}) => callOver(binding, t, operation, body, auth);
    const parcelCount = async (): Promise<number> =>
      (ok(await call('getSandboxState')).parcels ?? []).reduce((sum: number, entry: { count: number }) => sum + entry.count, 0);

    it('SANDBOX:<scenario> walks that scenario, the account default untouched', async () => {
      const number = numberOf(await call('storeOrders', withMagic('SANDBOX:not_home_to_parcel_shop')));
      assert.equal(ok(await call('getSandboxState')).scenario, 'delivered');
      ok(await call('advanceParcel', { parcelLabelNumber: number, to: 'Delivered' }));
      const words = statuses(await call('getTrackingData', { parcelLabelNumber: number }));
      assert.deepEqual(words.slice(-3), ['DeliveryFailure', 'ParcelShop', 'Delivered']);
      // The label prints the reference as sent; a plain parcel beside it walks the default.
      const plain = numberOf(await call('storeOrders', minimumRequest()));
      ok(await call('advanceParcel', { parcelLabelNumber: plain, to: 'Delivered' }));
      assert.deepEqual(statuses(await call('getTrackingData', { parcelLabelNumber: plain })).slice(-2), ['Courier', 'Delivered']);
    });

    it('SANDBOX:<scenario> that does not fit the parcel is refused, nothing stored', async () => {
      const before = await parcelCount();
      const fault = storeFault(await call('storeOrders', withMagic('SANDBOX:parcel_shop_delivery')));
      assert.equal(fault.code, 'error_scenario_not_applicable');
      assert.match(fault.message, /needs product PSD/);
      assert.equal(await parcelCount(), before);
    });

    it('SANDBOX:fault:<code> answers that validation fault, with or without error_', async () => {
      const before = await parcelCount();
      for (const value of ['SANDBOX:fault:error_invalid_date', 'SANDBOX:fault:invalid_date']) {
        const fault = storeFault(await call('storeOrders', withMagic(value)));
        assert.equal(fault.code, 'error_invalid_date');
        assert.ok(fault.message.includes(FIELD), fault.message);
      }
      const validated = ok(await call('validateOrders', withMagic('SANDBOX:fault:invalid_date')));
      assert.deepEqual(
        validated.orderResult.messages.map((message: { code: string }) => message.code),
        ['error_invalid_date'],
      );
      assert.equal(await parcelCount(), before);
    });

    it('an unknown SANDBOX: value is refused with its own code, naming the forms', async () => {
      const fault = storeFault(await call('storeOrders', withMagic('SANDBOX:not_home')));
      assert.equal(fault.code, 'error_magic_value_unknown');
      assert.match(fault.message, /SANDBOX:fault:<code>/);
    });

    it('SANDBOX:status:503 answers HTTP 503, nothing stored', async () => {
      const before = await parcelCount();
      // As an injected httpStatus is answered: REST with the ERR_INJECTED_FAULT body, SOAP as a proxy's plain text.
      const response = await send(binding, t, 'storeOrders', withMagic('SANDBOX:status:503'), auth);
      assert.equal(response.statusCode, 503);
      assert.ok(response.body.includes(`${FIELD} SANDBOX:status:503`), response.body);
      if (binding === 'REST') assert.equal(response.json().status.code, 'ERR_INJECTED_FAULT');
      assert.equal(await parcelCount(), before);
      // validateOrders only checks the value's form.
      assert.equal(ok(await call('validateOrders', withMagic('SANDBOX:status:503'))).orderResult.success, true);
    });

    it('SANDBOX:delay:<ms> holds the call, then stores', async () => {
      const before = await parcelCount();
      const pending = call('storeOrders', withMagic('SANDBOX:delay:200'));
      // Held while it waits: the account's place among the delayed calls is taken.
      const { id } = (await t.store.accounts.findAccount(auth.delisId))!;
      await new Promise<void>((resolve) => {
        const look = () => (t.deps.delayedCalls.heldBy(id) > 0 ? resolve() : setImmediate(look));
        look();
      });
      numberOf(await pending);
      assert.equal(t.deps.delayedCalls.heldBy(id), 0);
      assert.equal(await parcelCount(), before + 1);
    });
  });
}

describe('magic values on live are plain text', () => {
  let live: TestApp;
  let auth: Auth;
  before(async () => {
    live = await startTestApp({ env: { PARCEL_ENV: 'live' } });
    auth = await live.authenticate((await live.addAccount()).delisId);
  });
  after(() => live.close());

  for (const value of ['SANDBOX:lost', 'SANDBOX:fault:invalid_date', 'SANDBOX:status:503', 'SANDBOX:delay:30000', 'SANDBOX:nonsense']) {
    it(`${value} is stored as the shop's reference`, async () => {
      const { delisId } = auth;
      const answer = await callOver('REST', live, 'storeOrders', withMagic(value), auth);
      const number = numberOf(answer);
      const account = await live.store.accounts.findAccount(delisId);
      const parcel = await live.deps.parcelJourneys.journeyParcel(account!.id, number);
      assert.equal(parcel?.scenario, undefined);
      assert.equal(live.deps.delayedCalls.heldBy(account!.id), 0);
    });
  }
});
