// An unknown field's error names the allowed field it was most likely meant to be, over both bindings
// ("Did you mean zipCode?" for `zipcode`), and names none when no field is close.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { editDistance, nearestName } from '../../src/contract/schema/nearest-name.ts';
import type { JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver } from '../support/binding-client.ts';

describe('nearestName', () => {
  const cases: ReadonlyArray<[string, readonly string[], string | undefined]> = [
    ['zipcode', ['country', 'zipCode', 'city'], 'zipCode'],
    ['ZIPCODE', ['country', 'zipCode', 'city'], 'zipCode'],
    ['wieght', ['weight', 'volume'], 'weight'],
    ['parcelLabelNumbr', ['parcelLabelNumber'], 'parcelLabelNumber'],
    ['fax', ['phone', 'email'], undefined],
    ['cty', ['city', 'country'], undefined],
    ['zip', ['zipCode'], undefined],
    ['name', ['name1', 'name2'], undefined],
    ['', ['a'], undefined],
  ];
  for (const [name, allowed, expected] of cases) {
    it(`${JSON.stringify(name)} among ${allowed.join(', ')} → ${expected ?? 'none'}`, () =>
      assert.equal(nearestName(name, allowed), expected));
  }

  it('counts a swap of two neighbours as one edit, and stops above the limit', () => {
    assert.equal(editDistance('wieght', 'weight', 2), 1);
    assert.equal(editDistance('abc', 'abc', 0), 0);
    assert.equal(editDistance('kitten', 'sitting', 5), 3);
    assert.equal(editDistance('kitten', 'sitting', 1), 2);
  });
});

describe('an unknown field over both bindings', () => {
  let t: TestApp;
  let auth: JsonObject;
  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount()).delisId);
  });
  after(() => t.close());

  const cases: ReadonlyArray<[string, JsonObject, string, string]> = [
    ['findCities', { country: 'NL', zipcode: '1015' }, 'zipcode is not a field of this request. Did you mean zipCode?', 'en_US'],
    ['findCities', { country: 'NL', zipcode: '1015' }, 'zipcode is geen veld van dit verzoek. Bedoelde u zipCode?', 'nl_NL'],
    ['findCities', { country: 'NL', fax: '1015' }, 'fax is not a field of this request.', 'en_US'],
  ];
  for (const binding of BINDINGS) {
    for (const [operation, body, message, language] of cases) {
      it(`${binding} ${operation} ${JSON.stringify(body)} (${language}): ${message}`, async () => {
        const answer = await callOver(binding, t, operation, body, { ...auth, messageLanguage: language });
        assert.equal(answer.ok, false);
        if (answer.ok) return;
        // A request-level fault: its message lists the violations' messages.
        assert.equal(answer.code, 'ERR_INVALID_REQUEST');
        assert.ok(answer.message.includes(message), answer.message);
        if (!message.includes('?')) assert.doesNotMatch(answer.message, /Did you mean|Bedoelde u/);
      });
    }
  }
});

describe('a path no operation takes (404) names the served path it was most likely meant to be', () => {
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

  const notFound = async (app: TestApp, url: string) => {
    const response = await app.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(response.statusCode, 404, url);
    return response;
  };
  const REST = '/rest/services';
  const cases: ReadonlyArray<[string, string]> = [
    [`${REST}/ShipmentService/V3_5/storeOrder`, ` Did you mean ${REST}/ShipmentService/V3_5/storeOrders?`],
    [`${REST}/ShipmentService/V3_5/StoreOrders`, ` Did you mean ${REST}/ShipmentService/V3_5/storeOrders?`],
    [
      `${REST}/ShipmentService/V3_4/storeOrders`,
      ` Did you mean ${REST}/ShipmentService/V3_5/storeOrders or ${REST}/ShipmentService/V3_3/storeOrders?`,
    ],
    [`${REST}/LoginService/V2_0/getAuth`, ` Did you mean ${REST}/LoginService/V2_1/getAuth?`],
    ['/helth', ' Did you mean /health?'],
    ['/nowhere', ''],
    [`${REST}/ShipmentService/V3_5/nosuchOperation`, ''],
  ];
  for (const [url, suggestion] of cases) {
    it(`REST ${url}: "There is no operation at POST ${url}.${suggestion}"`, async () => {
      const answer = (await notFound(stage, url)).json();
      assert.equal(answer.status.code, 'ERR_NOT_FOUND');
      assert.equal(answer.status.message, `There is no operation at POST ${url}.${suggestion}`);
    });
  }

  it('SOAP: the fault string names the endpoint under the prefix the client used', async () => {
    const body = (await notFound(stage, '/services/LoginService/V2_0')).body;
    assert.match(
      body,
      /<faultstring>There is no operation at POST \/services\/LoginService\/V2_0\. Did you mean \/services\/LoginService\/V2_1\?<\/faultstring>/,
    );
  });

  it('on live, never a path of a stage-only service', async () => {
    const url = `${REST}/SandboxService/V1_0/setClok`;
    assert.equal(
      (await notFound(stage, url)).json().status.message,
      `There is no operation at POST ${url}. Did you mean ${REST}/SandboxService/V1_0/setClock?`,
    );
    assert.equal((await notFound(live, url)).json().status.message, `There is no operation at POST ${url}.`);
  });
});
