// Golden files of the REST binding: the answer of every operation that has a handler, and one answer
// it refuses, as exact wire text. The same calls as the SOAP golden files (test/fixtures/golden-calls.ts)
// on a fresh store at the test clock's time; only the random login token is masked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { handlers } from '../../src/bindings/handlers/operation-handlers.ts';
import { GOLDEN_CALLS, GOLDEN_DELIS_ID, GOLDEN_SHOPS, type GoldenCall } from '../fixtures/golden-calls.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { goldenFiles } from '../support/golden.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';

const golden = goldenFiles('rest');

const calls = GOLDEN_CALLS.flatMap((call: GoldenCall) => (call.rest === undefined ? [] : [{ ...call, golden: call.rest }]));

/** What differs from run to run: the login token, and how many stage requests the log had written when the reset came. */
const masked = (text: string) =>
  text
    .replace(/"authToken":"[^"]*"/, '"authToken":"(random token)"')
    .replace(/"stageRequests":[0-9]+/, '"stageRequests":"(as many as written)"');

describe('REST golden files', () => {
  let t: TestApp;
  let authentication: Auth;
  before(async () => {
    t = await startTestApp();
    await t.addAccount({ delisId: GOLDEN_DELIS_ID });
    authentication = await t.authenticate(GOLDEN_DELIS_ID);
    await t.store.parcelShops.saveParcelShops(GOLDEN_SHOPS);
  });
  after(() => t.close());

  it('has an answer and a refusal for every operation with a handler', () => {
    for (const kind of ['response', 'fault']) {
      const covered = new Set<string>(calls.filter((call) => call.golden.file.endsWith(`.${kind}.json`)).map((call) => call.operation));
      assert.deepEqual(
        Object.keys(handlers).filter((name) => !covered.has(name)),
        [],
        kind,
      );
    }
  });

  for (const call of calls) {
    it(`answers ${call.operation} as in ${call.golden.file}`, async () => {
      await call.prepare?.(t, authentication);
      const body = call.operation === 'getAuth' ? call.body() : { authentication, [call.operation]: call.body() };
      const response = await t.post(REST_PATH[call.operation], body);
      assert.equal(response.statusCode, call.golden.status, response.body);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      golden.check(call.golden.file, masked(response.body));
    });
  }

  it('answers a refused token with an AuthenticationFault as in authenticationFault.json', async () => {
    const response = await t.post(REST_PATH.validateOrders, {
      authentication: { ...authentication, authToken: 'not a token' },
      validateOrders: minimumRequest(),
    });
    assert.equal(response.statusCode, 401);
    golden.check('authenticationFault.json', response.body);
  });
});
