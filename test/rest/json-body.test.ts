// How REST reads a body before anything else looks at it: UTF-8 only, a byte-order mark allowed, the
// depth and node bounds checked before parsing (on every path, the login's included), and syntax
// errors answered without quoting the body, and a name given twice in one object refused at any depth.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';

const VALIDATE = '/rest/services/ShipmentService/V3_5/validateOrders';
const LOGIN = '/rest/services/LoginService/V2_1/getAuth';

describe('REST request bodies', () => {
  let t: TestApp;
  let authentication: { delisId: string; authToken: string; messageLanguage: string };
  before(async () => {
    t = await startTestApp();
    authentication = await t.authenticate((await t.addAccount()).delisId);
  });
  after(() => t.close());

  const postBytes = (path: string, bytes: Buffer) =>
    t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json' }, payload: bytes });
  /** The minimum request with `name1` of the recipient written as the given UTF-8 bytes. */
  const withName = (nameBytes: Buffer) => {
    const [head, tail] = JSON.stringify({ authentication, validateOrders: minimumRequest() }).split('Ontvanger BV');
    return Buffer.concat([Buffer.from(head), nameBytes, Buffer.from(tail)]);
  };

  it('refuses bytes that are not UTF-8, as SOAP does, instead of reading them as U+FFFD', async () => {
    for (const bad of [Buffer.from([0x4d, 0xfc, 0x6c]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf])]) {
      const response = await postBytes(VALIDATE, withName(bad));
      assert.equal(response.statusCode, 400, bad.toString('hex'));
      assert.deepEqual(response.json().status, {
        type: 'FaultCodeType',
        code: 'ERR_MALFORMED_REQUEST',
        message: 'The request body is not valid JSON: it is not valid UTF-8.',
      });
    }
  });

  it('takes U+FFFD itself, sent as UTF-8, like any other character', async () => {
    const response = await postBytes(VALIDATE, withName(Buffer.from('M\uFFFDller', 'utf8')));
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().orderResult.success, true);
  });

  it('ignores a leading UTF-8 byte-order mark (RFC 8259 §8.1)', async () => {
    const body = Buffer.from(JSON.stringify({ authentication, validateOrders: minimumRequest() }));
    const response = await postBytes(VALIDATE, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]));
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().orderResult.success, true);
    const markOnly = await postBytes(VALIDATE, Buffer.from([0xef, 0xbb, 0xbf]));
    assert.equal(markOnly.json().status.message, 'The request body is not valid JSON: the body is empty.');
  });

  it('says where the JSON is broken without quoting any of it', async () => {
    const secret = 'Hunter2-secret';
    const cases = [
      { body: `{"delisId":"KD1","password":"${secret}" x}`, reason: "expected ',' or '}' after property value at position 45" },
      { body: `{"delisId":"KD1","password":${secret}}`, reason: 'it holds a character where no JSON value can begin' },
      { body: `{"delisId":"KD1","password":"${secret}`, reason: 'unterminated string at position 43' },
      { body: `{"delisId":"KD1","password":"${secret}",`, reason: 'expected double-quoted property name at position 45' },
      { body: `["${secret}", tru`, reason: 'it ends before the JSON text does' },
      { body: secret, reason: 'it holds a character where no JSON value can begin' },
    ];
    for (const c of cases) {
      const response = await postBytes(LOGIN, Buffer.from(c.body));
      assert.equal(response.statusCode, 400, c.body);
      assert.doesNotMatch(response.body, /Hunter|secret/, c.body);
      assert.equal(response.json().status.message, `The request body is not valid JSON: ${c.reason}.`, c.body);
    }
  });

  const deep = (levels: number) => `{"delisId":"KD1","password":"x","messageLanguage":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
  const bounded = [
    {
      name: 'nests 64 levels (the limit): read and refused for its content',
      body: deep(64),
      status: 401,
      code: 'DELICOM_ERR_AUTHENTICATION',
    },
    { name: 'nests 65 levels', body: deep(65), status: 400, code: 'ERR_BODY_TOO_DEEP' },
    { name: 'nests 4.8 MB deep', body: '['.repeat(2_400_000) + ']'.repeat(2_400_000), status: 400, code: 'ERR_BODY_TOO_DEEP' },
    {
      name: 'holds 200,000 nodes (the limit)',
      body: `{"delisId":"KD1","password":"x","messageLanguage":"en_US","pad":[${Array(199_991).fill('0').join(',')}]}`,
      status: 401,
      code: 'DELICOM_ERR_AUTHENTICATION',
    },
    {
      name: 'holds 200,001 nodes',
      body: `{"delisId":"KD1","password":"x","messageLanguage":"en_US","pad":[${Array(199_992).fill('0').join(',')}]}`,
      status: 400,
      code: 'ERR_BODY_TOO_MANY_NODES',
    },
    {
      name: 'is a flat array of 1.6 million empty objects',
      body: `[${Array(1_600_000).fill('{}').join(',')}]`,
      status: 400,
      code: 'ERR_BODY_TOO_MANY_NODES',
    },
  ];
  for (const c of bounded) {
    it(`a body that ${c.name}: ${c.status} ${c.code}, before any authentication`, async () => {
      const response = await postBytes(LOGIN, Buffer.from(c.body));
      assert.equal(response.statusCode, c.status);
      assert.equal(response.json().status.code, c.code);
    });
  }

  it('names the bound in the caller-independent message (English: the body was not read)', async () => {
    const response = await postBytes(VALIDATE, Buffer.from(deep(65)));
    assert.equal(response.json().status.message, 'The request body nests objects and arrays deeper than 64 levels.');
    const many = await postBytes(VALIDATE, Buffer.from(`[${Array(200_001).fill('1').join(',')}]`));
    assert.equal(many.json().status.message, 'The request body holds more than 200000 objects, arrays, names and values.');
    assert.equal(many.json().orderResult, null);
  });

  it('still logs in with a body well inside the bounds', async () => {
    const response = await t.post(LOGIN, { delisId: authentication.delisId, password: PASSWORD, messageLanguage: 'en_US' });
    assert.equal(response.statusCode, 200);
  });

  const login = (password: string) => `"delisId":"${authentication.delisId}","password":"${password}","messageLanguage":"en_US"`;
  const twice = [
    {
      name: 'authToken, a wrong one then the right one',
      body: () =>
        `{"authentication":{"delisId":"${authentication.delisId}","authToken":"wrong","authToken":"${authentication.authToken}","messageLanguage":"en_US"},"validateOrders":${JSON.stringify(minimumRequest())}}`,
      path: VALIDATE,
      duplicate: 'authToken',
    },
    { name: 'the password of a login', body: () => `{${login('wrong')},"password":"${PASSWORD}"}`, path: LOGIN, duplicate: 'password' },
    {
      name: 'name1, deep in an order, once escaped',
      body: () => JSON.stringify({ authentication, validateOrders: minimumRequest() }).replace('"name1":', '"name1":"X","\\u006eame1":'),
      path: VALIDATE,
      duplicate: 'name1',
    },
  ];
  for (const c of twice) {
    it(`refuses a body that gives ${c.name}: 400 ERR_DUPLICATE_JSON_NAME, naming it`, async () => {
      const response = await postBytes(c.path, Buffer.from(c.body()));
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().status.code, 'ERR_DUPLICATE_JSON_NAME');
      assert.equal(
        response.json().status.message,
        `The request body gives the JSON name '${c.duplicate}' twice in one object; give each name once.`,
      );
    });
  }

  it('takes one name in several objects, and in an object and the objects inside it', async () => {
    const request = {
      authentication,
      validateOrders: { ...minimumRequest(), order: [...(minimumRequest().order as unknown[]), ...(minimumRequest().order as unknown[])] },
    };
    const response = await postBytes(VALIDATE, Buffer.from(JSON.stringify(request)));
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().orderResult.success, true);
  });

  it('quotes no more than 64 characters of a long name given twice', async () => {
    const long = 'n'.repeat(10_000);
    const response = await postBytes(LOGIN, Buffer.from(`{${login('x')},"${long}":1,"${long}":2}`));
    assert.equal(response.json().status.code, 'ERR_DUPLICATE_JSON_NAME');
    assert.equal(
      response.json().status.message,
      `The request body gives the JSON name '${'n'.repeat(64)}…' twice in one object; give each name once.`,
    );
  });
});
