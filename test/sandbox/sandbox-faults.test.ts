// SandboxService fault injection over both bindings: the caller's next matching calls get the injected
// fault, authentication fault, HTTP status, delay or dropped connection in their binding's own form,
// before anything is stored; the count, the operation and the binding choose the calls; one account's
// faults never reach another's, and the sandbox's own operations are never faulted.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { MAX_DELAYED_CALLS_PER_ACCOUNT } from '../../src/domain/sandbox/delayed-calls.ts';
import { minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, ok, send, type BindingName } from '../support/binding-client.ts';
import { endpointOf } from '../support/soap-client.ts';
import { operationNamed, soapRequest } from '../support/soap-request.ts';

type Auth = JsonObject;

const other = (binding: BindingName): BindingName => (binding === 'REST' ? 'SOAP' : 'REST');

/** The sample `name{labels}` of a Prometheus text. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match !== null && match[1] === name && wanted.every((pair) => match[2].split(',').includes(pair))) return Number(match[3]);
  }
  return undefined;
}

for (const binding of BINDINGS) {
  describe(`SandboxService fault injection [${binding}]`, () => {
    let t: TestApp;
    let origin: string;
    before(async () => {
      // With metrics, to see how an injected answer is counted.
      t = await startTestApp({ env: { METRICS_PORT: '0' } });
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => t.close());

    const call = (operation: string, auth: Auth, body: JsonObject = {}, over: BindingName = binding) =>
      callOver(over, t, operation, body, auth);
    const newAccount = async (): Promise<Auth> => t.authenticate((await t.addAccount()).delisId);
    const inject = async (auth: Auth, body: JsonObject) => ok(await call('injectFault', auth, body)).id as number;
    const parcels = async (auth: Auth) => ok(await call('getSandboxState', auth)).parcels ?? [];
    const storeNumber = async (auth: Auth) =>
      ok(await call('storeOrders', auth, minimumRequest())).orderResult.shipmentResponses[0].parcelInformation[0]
        .parcelLabelNumber as string;

    it('answers the next call with an injected `faults` fault in the binding’s form, storing nothing', async () => {
      const auth = await newAccount();
      const before = await storeNumber(auth);
      const id = await inject(auth, { operation: 'storeOrders', fault: { faultCode: 'CARRIER_DOWN', message: 'The carrier is down.' } });
      const response = await send(binding, t, 'storeOrders', minimumRequest(), auth);
      if (binding === 'REST') {
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), {
          orderResult: null,
          status: { type: 'FaultCodeType', code: 'CARRIER_DOWN', message: 'The carrier is down.' },
        });
        // Marked as the sandbox's: the integrator's own code is outside the OpenAPI document.
        assert.equal(response.headers['sandbox-injected-fault'], 'true');
      } else {
        assert.equal(response.statusCode, 500);
        assert.match(response.body, /<faultcode>soap:Client<\/faultcode><faultstring>The carrier is down.<\/faultstring>/);
        assert.match(response.body, /<detail><faults xmlns="[^"]+\/ShipmentService\/3.5"><faultCode xmlns="">CARRIER_DOWN<\/faultCode>/);
      }
      // Nothing was stored, no number used up; the fault was used up.
      assert.deepEqual(await parcels(auth), [{ state: 'transferred', count: 1 }]);
      const after = await storeNumber(auth);
      assert.equal(Number(after.slice(4)), Number(before.slice(4)) + 1);
      assert.deepEqual(ok(await call('listFaults', auth)), {});
      assert.ok(id > 0);
    });

    it('faults `count` calls, counting down, then answers as usual', async () => {
      const auth = await newAccount();
      const id = await inject(auth, { operation: 'getAvailableProductsAndServices', count: 2, fault: { faultCode: 'X' } });
      const first = await call('getAvailableProductsAndServices', auth);
      assert.equal(!first.ok && first.code, 'X');
      assert.equal(!first.ok && first.message, 'Injected by the sandbox (injectFault).');
      assert.deepEqual(
        ok(await call('listFaults', auth, { id })).fault.map((f: any) => f.remaining),
        [1],
      );
      assert.equal((await call('getAvailableProductsAndServices', auth)).ok, false);
      assert.ok(ok(await call('getAvailableProductsAndServices', auth)).products.length > 0);
    });

    it('faults only the operation named, or every one for *, and only over the binding named', async () => {
      const auth = await newAccount();
      await inject(auth, { operation: 'getTrackingData', binding, fault: { faultCode: 'TRACKING_DOWN' } });
      await inject(auth, { operation: '*', binding: other(binding), fault: { faultCode: 'OTHER_BINDING' } });
      // Another operation, and the other binding's calls, are not this fault's.
      assert.ok(ok(await call('getAvailableProductsAndServices', auth)).products.length > 0);
      const tracking = await call('getTrackingData', auth, { parcelLabelNumber: '05229999999999' });
      assert.equal(!tracking.ok && tracking.code, 'TRACKING_DOWN');
      const elsewhere = await call('getAvailableProductsAndServices', auth, {}, other(binding));
      assert.equal(!elsewhere.ok && elsewhere.code, 'OTHER_BINDING');
      await inject(auth, { operation: '*', fault: { faultCode: 'ANY' } });
      const any = await call('validateOrders', auth, minimumRequest());
      assert.equal(!any.ok && any.code, 'ANY');
    });

    it('answers an injected authenticationFault as the binding answers a refused token', async () => {
      const auth = await newAccount();
      await inject(auth, {
        operation: 'validateOrders',
        authenticationFault: { errorCode: 'ERR_DELICOM_TOKEN_EXPIRED', errorMessage: 'Expired (injected).' },
      });
      const answer = await call('validateOrders', auth, minimumRequest());
      assert.deepEqual(answer, {
        ok: false,
        status: binding === 'REST' ? 401 : 500,
        detail: 'authenticationFault',
        code: 'ERR_DELICOM_TOKEN_EXPIRED',
        message: 'Expired (injected).',
      });
      // A real refusal of a token, for comparison: the same shape.
      const real = await call('validateOrders', { ...auth, authToken: 'x'.repeat(43) }, minimumRequest());
      assert.deepEqual([real.ok, real.status, !real.ok && real.detail], [false, binding === 'REST' ? 401 : 500, 'authenticationFault']);
    });

    it('gives a code the catalogue knows its own status and side (ERR_INTERNAL: 500, soap:Server)', async () => {
      const auth = await newAccount();
      await inject(auth, { operation: 'getAvailableProductsAndServices', fault: { faultCode: 'ERR_INTERNAL', message: 'Boom.' } });
      const response = await send(binding, t, 'getAvailableProductsAndServices', {}, auth);
      assert.equal(response.statusCode, 500);
      if (binding === 'REST') assert.equal(response.json().status.code, 'ERR_INTERNAL');
      else assert.match(response.body, /<faultcode>soap:Server<\/faultcode>/);
    });

    it('answers an injected HTTP 503 as such: the REST error body, or plain text for SOAP clients', async () => {
      const auth = await newAccount();
      const id = await inject(auth, { operation: 'storeOrders', httpStatus: 503 });
      const response = await send(binding, t, 'storeOrders', minimumRequest(), auth);
      assert.equal(response.statusCode, 503);
      if (binding === 'REST') {
        assert.match(String(response.headers['content-type']), /^application\/json/);
        assert.deepEqual(response.json(), {
          orderResult: null,
          status: {
            type: 'FaultCodeType',
            code: 'ERR_INJECTED_FAULT',
            message: `The sandbox answered this call with HTTP 503, as injectFault ${id} asked. Nothing was stored.`,
          },
        });
      } else {
        assert.match(String(response.headers['content-type']), /^text\/plain/);
        assert.equal(response.body, `503 Service Unavailable (injected by the sandbox, injectFault ${id})\n`);
      }
      assert.deepEqual(await parcels(auth), []);
      for (const status of [500, 502, 504]) {
        await inject(auth, { operation: 'storeOrders', httpStatus: status });
        assert.equal((await send(binding, t, 'storeOrders', minimumRequest(), auth)).statusCode, status);
      }
    });

    it('delays the call by delayMs, then gives its real answer; the account’s other calls go on meanwhile', async () => {
      const auth = await newAccount();
      await inject(auth, { operation: 'getAvailableProductsAndServices', delayMs: 2000 });
      const delayedStart = performance.now();
      let delayedAnswered = false;
      const delayed = call('getAvailableProductsAndServices', auth).then((answer) => {
        delayedAnswered = true;
        return answer;
      });
      // Ordered by events, not timed: a call without a fault, sent after the delayed one, is answered first.
      ok(await call('listFaults', auth));
      assert.equal(delayedAnswered, false, 'the delayed call was answered before a later call without a fault');
      assert.ok(ok(await delayed).products.length > 0);
      // Never before the delay (a lower bound: a busy machine only makes it later).
      const elapsed = performance.now() - delayedStart;
      assert.ok(elapsed >= 2000, `answered after ${elapsed} ms`);
    });

    it(`refuses at once the delayed calls of an account past ${MAX_DELAYED_CALLS_PER_ACCOUNT} held: ERR_TOO_MANY_DELAYED_CALLS in the binding's form`, async () => {
      const auth = await newAccount();
      const calls = MAX_DELAYED_CALLS_PER_ACCOUNT + 4;
      const id = await inject(auth, { operation: 'getAvailableProductsAndServices', delayMs: 1000, count: calls });
      const answers = await Promise.all(Array.from({ length: calls }, () => call('getAvailableProductsAndServices', auth)));
      assert.equal(answers.filter((answer) => answer.ok).length, MAX_DELAYED_CALLS_PER_ACCOUNT);
      const refused = answers.filter((answer) => !answer.ok);
      assert.equal(refused.length, 4);
      for (const answer of refused)
        assert.deepEqual(answer, {
          ok: false,
          status: binding === 'REST' ? 429 : 500,
          detail: 'faults',
          code: 'ERR_TOO_MANY_DELAYED_CALLS',
          message: `This account already has ${MAX_DELAYED_CALLS_PER_ACCOUNT} calls held in an injected delay: this call met injectFault ${id} and was refused at once. Nothing was stored.`,
        });
    });

    it('drops the connection without an answer, then serves the next call', async () => {
      const auth = await newAccount();
      await inject(auth, { operation: 'storeOrders', dropConnection: true });
      const operation = operationNamed('storeOrders');
      const request =
        binding === 'REST'
          ? {
              url: `${origin}${restPath(operation)}`,
              type: 'application/json',
              body: JSON.stringify({ authentication: auth, storeOrders: minimumRequest() }),
            }
          : {
              url: `${origin}${endpointOf('storeOrders')}`,
              type: 'text/xml; charset=utf-8',
              body: soapRequest('storeOrders', minimumRequest(), { authentication: auth }),
            };
      const post = () => fetch(request.url, { method: 'POST', headers: { 'content-type': request.type }, body: request.body });
      await assert.rejects(post(), (error: Error & { cause?: { code?: string } }) => {
        assert.equal(error.cause?.code, 'UND_ERR_SOCKET', JSON.stringify(error.cause));
        return true;
      });
      assert.deepEqual(await parcels(auth), []);
      assert.equal((await post()).status, 200);
    });

    it("never reaches another account: B's calls answer as usual, and B cannot see or clear A's faults", async () => {
      const a = await newAccount();
      const b = await newAccount();
      const id = await inject(a, { operation: '*', count: 5, httpStatus: 503 });
      await storeNumber(b);
      assert.ok(ok(await call('getAvailableProductsAndServices', b)).products.length > 0);
      assert.deepEqual(ok(await call('listFaults', b)), {});
      const cleared = await call('clearFaults', b, { id });
      assert.equal(!cleared.ok && cleared.code, 'ERR_INVALID_REQUEST');
      assert.deepEqual(
        ok(await call('listFaults', a)).fault.map((f: any) => [f.id, f.remaining]),
        [[id, 5]],
      );
    });

    it("never faults the sandbox's own operations, so a `*` fault can always be cleared", async () => {
      const auth = await newAccount();
      await inject(auth, { operation: '*', count: 100, fault: { faultCode: 'EVERYTHING_FAILS' } });
      assert.equal(ok(await call('getSandboxState', auth)).fault.length, 1);
      assert.deepEqual(ok(await call('clearFaults', auth)), { cleared: 1 });
      assert.ok(ok(await call('getAvailableProductsAndServices', auth)).products.length > 0);
    });

    it('takes the oldest matching fault first', async () => {
      const auth = await newAccount();
      await inject(auth, { operation: 'getAvailableProductsAndServices', fault: { faultCode: 'FIRST' } });
      await inject(auth, { operation: '*', fault: { faultCode: 'SECOND' } });
      const codes = [];
      for (let i = 0; i < 2; i++) {
        const answer = await call('getAvailableProductsAndServices', auth);
        codes.push(answer.ok ? 'ok' : answer.code);
      }
      assert.deepEqual(codes, ['FIRST', 'SECOND']);
    });

    it('counts an injected answer as ERR_INJECTED_FAULT in the operator’s metrics', async () => {
      const auth = await newAccount();
      const operation = 'getAvailableProductsAndServices';
      const labels = { binding: binding.toLowerCase(), operation, outcome: 'ERR_INJECTED_FAULT' };
      const port = await t.metrics!.listen('127.0.0.1', 0);
      const read = async () => sample(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), 'parcel_calls_total', labels) ?? 0;
      const counted = await read();
      await inject(auth, { operation, fault: { faultCode: 'COUNTED' } });
      assert.equal((await call(operation, auth)).ok, false);
      assert.equal(await read(), counted + 1);
    });
  });
}

describe('SandboxService fault injection: concurrent calls', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('gives a fault of count 3 to exactly 3 of 12 calls made at once', async () => {
    const auth = await t.authenticate((await t.addAccount()).delisId);
    ok(
      await callOver(
        'REST',
        t,
        'injectFault',
        { operation: 'getAvailableProductsAndServices', count: 3, fault: { faultCode: 'ONCE' } },
        auth,
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => callOver(BINDINGS[i % 2], t, 'getAvailableProductsAndServices', {}, auth)),
    );
    assert.equal(answers.filter((answer) => !answer.ok).length, 3);
  });
});
