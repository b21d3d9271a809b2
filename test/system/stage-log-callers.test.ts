// What the stage log keeps, over both bindings: the calls of authenticated callers and successful
// logins, each text within its bound; of a call that never authenticated, no text however large, and
// no row: a count for the existing account it named (issues 30 and 41).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StageLogBuffer } from '../../src/server/stage-log/stage-log-buffer.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';

const LOGIN = '/rest/services/LoginService/V2_1/getAuth';
const VALIDATE = '/rest/services/ShipmentService/V3_5/validateOrders';

describe('the stage log keeps the text of authenticated calls only', () => {
  let t: TestApp;
  let delisId: string;
  let authentication: { delisId: string; authToken: string; messageLanguage: string };
  before(async () => {
    t = await startTestApp({ env: { STAGE_LOG_MAX_ENTRY_BYTES: '4096' } });
    delisId = (await t.addAccount()).delisId;
    authentication = await t.authenticate(delisId);
  });
  after(() => t.close());

  const kept = async () => {
    await (t.deps.stageLog as StageLogBuffer).flush();
    return t.store.stageRequests.latest(1000);
  };

  it('keeps no text nor row of calls that never authenticated, over REST or SOAP, whatever their size; counts them for an existing account they named', async () => {
    const before = (await kept()).length;
    const pad = 'x'.repeat(4 * 1024 * 1024);
    const wrongToken = { ...authentication, authToken: 'A'.repeat(43) };
    const answers = [
      await t.post(LOGIN, { delisId, password: 'wrong password!', messageLanguage: 'en_US', pad }),
      await t.post(LOGIN, { delisId: 'NOSUCH01', password: 'wrong password!', messageLanguage: 'en_US' }),
      await t.post(VALIDATE, { authentication: wrongToken, validateOrders: { ...minimumRequest(), pad } }),
      await t.post(VALIDATE, { validateOrders: minimumRequest(), pad }),
      await t.post(VALIDATE, `{"authentication": ${JSON.stringify(wrongToken)}, "pad": "${pad}"`),
      await injectSoap(t, endpointOf('validateOrders'), soapRequest('validateOrders', minimumRequest(), { authentication: wrongToken })),
      await injectSoap(
        t,
        endpointOf('getAuth'),
        soapRequest('getAuth', { delisId, password: 'wrong password!', messageLanguage: 'en_US' }),
      ),
    ];
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [401, 401, 401, 400, 400, 500, 500],
    );
    assert.equal((await kept()).length, before);
    // Counted for the account they named: the two logins and the two wrong tokens, from one address.
    const refused = await t.store.stageRequests.refusedCalls(delisId, t.deps.clock.now().toISOString().slice(0, 10));
    assert.equal(refused.count, 4);
    assert.equal(refused.addresses, 1);
    assert.deepEqual(
      refused.examples.map((example) => example.count),
      [4],
    );
    assert.equal(JSON.stringify(refused).includes('wrong password!') || JSON.stringify(refused).includes('xxxx'), false);
    assert.equal((await t.store.stageRequests.refusedCalls('NOSUCH01', refused.day)).count, 0);
  });

  it('keeps a successful login (password masked) and an authenticated call, over both bindings', async () => {
    const before = (await kept()).length;
    await t.post(LOGIN, { delisId, password: PASSWORD, messageLanguage: 'en_US' });
    await injectSoap(t, endpointOf('getAuth'), soapRequest('getAuth', { delisId, password: PASSWORD, messageLanguage: 'en_US' }));
    await t.post(VALIDATE, { authentication, validateOrders: minimumRequest() });
    await injectSoap(t, endpointOf('validateOrders'), soapRequest('validateOrders', minimumRequest(), { authentication }));
    const entries = (await kept()).slice(0, (await kept()).length - before);
    assert.deepEqual(entries.map((entry) => [entry.binding, entry.operation, entry.delisId]).sort(), [
      ['rest', 'getAuth', delisId],
      ['rest', 'validateOrders', delisId],
      ['soap', 'getAuth', delisId],
      ['soap', 'validateOrders', delisId],
    ]);
    for (const entry of entries) assert.equal(entry.body.includes(PASSWORD), false, entry.body);
  });

  it("cuts an authenticated call's text to STAGE_LOG_MAX_ENTRY_BYTES", async () => {
    const request = minimumRequest();
    const order = (request.order as Array<Record<string, unknown>>)[0];
    order.parcels = Array.from({ length: 400 }, () => ({ weight: 500 }));
    const response = await t.post(VALIDATE, { authentication, validateOrders: request });
    assert.equal(response.statusCode, 200);
    const [entry] = await kept();
    assert.equal(entry.operation, 'validateOrders');
    assert.match(entry.body, /\n\[cut: the request was \d+ bytes; the stage log keeps 4096 of each\]$/);
    assert.equal(Buffer.byteLength(entry.body.split('\n[cut')[0]), 4096);
  });
});
