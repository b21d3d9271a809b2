// getAuth over SOAP once the login throttle holds: the fault's HTTP answer carries Retry-After, and
// the fault string tells the wait in the caller's language with the right plural.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { bodyFault, readSoapAnswer, type SoapFaultAnswer } from '../support/soap-response.ts';
import { soapRequest } from '../support/soap-request.ts';

describe('getAuth throttling (SOAP)', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const login = (delisId: string, password: string, messageLanguage: string) =>
    injectSoap(t, endpointOf('getAuth'), soapRequest('getAuth', { delisId, password, messageLanguage }));

  // First: the failures of the next test also count against the client address.
  it('sends no Retry-After with other faults', async () => {
    const { delisId } = await t.addAccount();
    const refused = await login(delisId, 'wrong password!', 'en_US');
    assert.equal(refused.statusCode, 500);
    assert.equal(refused.headers['retry-after'], undefined);
  });

  it('answers a throttled login with Retry-After and the wait in words', async () => {
    const { delisId } = await t.addAccount();
    for (let i = 0; i < 6; i++) assert.equal((await login(delisId, 'wrong password!', 'en_US')).statusCode, 500);
    const cases = [
      { language: 'en_US', retryAfter: '1', message: 'Too many failed logins. Try again in 1 second.' },
      { language: 'nl_NL', retryAfter: '1', message: 'Te veel mislukte aanmeldingen. Probeer het over 1 seconde opnieuw.' },
    ];
    for (const c of cases) {
      const blocked = await login(delisId, PASSWORD, c.language);
      assert.equal(blocked.statusCode, 500);
      assert.equal(blocked.headers['retry-after'], c.retryAfter);
      const fault = bodyFault((readSoapAnswer(blocked.body) as { fault: SoapFaultAnswer }).fault);
      assert.equal(fault.faultstring, c.message);
      assert.deepEqual(fault.detail.children, { errorCode: 'ERR_TOO_MANY_LOGIN_ATTEMPTS', errorMessage: c.message });
    }
    t.clock.advance(1000);
    assert.equal((await login(delisId, 'still wrong!', 'en_US')).statusCode, 500); // the seventh: 2 s
    const plural = await login(delisId, PASSWORD, 'en_US');
    assert.equal(plural.headers['retry-after'], '2');
    assert.match(plural.body, /Try again in 2 seconds\./);
  });
});
