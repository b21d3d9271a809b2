// SandboxService is stage's alone: on live every one of its REST paths, SOAP endpoints and WSDL URLs
// answers exactly as a path that names nothing does (404, in each binding's error form), whatever the
// method or the body; on stage the same URLs serve it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { createNamespaces } from '../../src/bindings/soap/namespaces.ts';
import { operationsOf, SandboxServiceContract } from '../../src/contract/operation-table.ts';
import { createShutdownAnswer } from '../../src/server/http/shutdown-answer.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';

const OPERATIONS = operationsOf(SandboxServiceContract);
const SOAP_ENDPOINTS = [
  '/soap/services/SandboxService/V1_0',
  '/services/SandboxService/V1_0/',
  '/PublicApi/services/sandboxservice/v1_0',
  '/soap/services/SandboxService/V1_0?wsdl',
];
const WSDL_URLS = ['/soap/WSDL/SandboxServiceV10.wsdl', '/soap/wsdl/sandboxservicev10.WSDL', '/soap/services/SandboxService/V1_0?wsdl'];

/** What an answer says once the URL in it is taken out: status, content type and body. */
async function answerOf(t: TestApp, method: string, url: string, payload?: string, contentType = 'application/json') {
  const response = await t.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: payload === undefined ? {} : { 'content-type': contentType },
  });
  const path = url.split('?')[0];
  return {
    statusCode: response.statusCode,
    contentType: response.headers['content-type'],
    allow: response.headers.allow,
    body: response.body.replaceAll(path, '(path)'),
  };
}

describe('SandboxService on live', () => {
  let live: TestApp;
  let auth: { delisId: string; authToken: string; messageLanguage: string };
  before(async () => {
    live = await startTestApp({ env: { PARCEL_ENV: 'live' } });
    auth = await live.authenticate((await live.addAccount()).delisId);
  });
  after(() => live.close());

  it('answers every REST path of it as an unknown path, whatever the method and the body', async () => {
    for (const operation of OPERATIONS) {
      const path = restPath(operation);
      const unknown = path.replace('SandboxService', 'NoSuchService');
      const bodies = [JSON.stringify({ authentication: auth, [operation.name]: {} }), '{', undefined];
      for (const method of ['POST', 'GET', 'PUT', 'DELETE', 'PROPFIND']) {
        for (const body of method === 'POST' ? bodies : [undefined]) {
          const answer = await answerOf(live, method, path, body);
          assert.equal(answer.statusCode, 404, `${method} ${path} ${body}`);
          assert.deepEqual(answer, await answerOf(live, method, unknown, body), `${method} ${path} ${body}`);
        }
      }
      assert.match((await answerOf(live, 'POST', path, bodies[0])).body, /"code":"ERR_NOT_FOUND"/);
    }
  });

  it('answers every SOAP endpoint of it with the SOAP fault of an unknown service, and serves no WSDL of it', async () => {
    const xml = soapRequest('getSandboxState', {}, { authentication: auth });
    for (const url of SOAP_ENDPOINTS) {
      const unknown = url.replace(/sandboxservice/i, 'NoSuchService');
      for (const method of ['POST', 'GET', 'DELETE']) {
        const answer = await answerOf(live, method, url, method === 'POST' ? xml : undefined, 'text/xml; charset=utf-8');
        assert.equal(answer.statusCode, 404, `${method} ${url}`);
        assert.match(
          answer.body,
          /<soap:Fault><faultcode>soap:Client<\/faultcode>.*<faultCode xmlns="">ERR_NOT_FOUND</,
          `${method} ${url}`,
        );
        assert.deepEqual(answer, await answerOf(live, method, unknown, method === 'POST' ? xml : undefined, 'text/xml; charset=utf-8'));
      }
    }
    for (const url of WSDL_URLS) {
      const answer = await answerOf(live, 'GET', url);
      assert.equal(answer.statusCode, 404, url);
      assert.doesNotMatch(answer.body, /wsdl:definitions/);
      assert.deepEqual(answer, await answerOf(live, 'GET', url.replace(/sandboxservice/i, 'NoSuchService')), url);
    }
  });

  it('serves every other service as before', async () => {
    for (const url of ['/soap/WSDL/ShipmentServiceV35.wsdl', '/soap/WSDL/LoginServiceV21.wsdl']) {
      assert.equal((await live.app.inject({ method: 'GET', url })).statusCode, 200, url);
    }
    const response = await live.post('/rest/services/ShipmentService/V3_5/getAvailableProductsAndServices', {
      authentication: auth,
      getAvailableProductsAndServices: {},
    });
    assert.equal(response.statusCode, 200);
  });
});

describe('SandboxService during a shutdown', () => {
  const namespaces = createNamespaces('http://carrier.example/common/service/types');

  it('answers every URL of it on live as an unknown URL, and on stage as its own', () => {
    const live = createShutdownAnswer(namespaces, 'live');
    const stage = createShutdownAnswer(namespaces, 'stage');
    for (const operation of OPERATIONS) {
      const path = restPath(operation);
      assert.deepEqual(live(path), live(path.replace('SandboxService', 'NoSuchService')), path);
      assert.match(stage(path).body, new RegExp(`^\\{"${operation.responseElement}":null,`), path);
    }
    for (const url of SOAP_ENDPOINTS) {
      assert.deepEqual(live(url), live(url.replace(/sandboxservice/i, 'NoSuchService')), url);
      assert.doesNotMatch(live(url).body, /SandboxService/, url);
      assert.match(stage(url).body, /SandboxService\/1\.0/, url);
    }
  });
});

describe('SandboxService on stage', () => {
  let stage: TestApp;
  before(async () => {
    stage = await startTestApp({ env: { PARCEL_ENV: 'stage' } });
  });
  after(() => stage.close());

  it('serves its WSDL at every URL live refuses, and takes other methods at its paths with 405', async () => {
    for (const url of WSDL_URLS) {
      const response = await stage.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<wsdl:service name="SandboxService">/);
    }
    for (const operation of OPERATIONS) {
      for (const method of ['GET', 'PROPFIND']) {
        const response = await stage.app.inject({ method: method as 'GET', url: restPath(operation) });
        assert.equal(response.statusCode, 405, `${method} ${restPath(operation)}`);
        assert.equal(response.headers.allow, 'POST');
      }
    }
    const soap = await injectSoap(stage, '/soap/services/SandboxService/V1_0', soapRequest('getSandboxState', {}, {}));
    assert.equal(soap.statusCode, 500);
    assert.match(soap.body, /DELICOM_ERR_AUTHENTICATION/);
  });
});
