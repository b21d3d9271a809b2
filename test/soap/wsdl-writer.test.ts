// The WSDL is written once per service and completed with each request's origin: what is served must
// be exactly what writing it for that origin gives, and one caller's Host must never reach another.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createNamespaces } from '../../src/bindings/soap/namespaces.ts';
import { wholeDocument } from '../../src/bindings/http/origin-document.ts';
import { writeWsdl, wsdlWriter } from '../../src/bindings/soap/wsdl.ts';
import { serviceList } from '../../src/contract/operation-table.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const ORIGINS = ['http://localhost:8080', 'http://[::1]:9000', 'http://shipping.example'];

describe('WSDL written once', () => {
  it('completes to exactly the WSDL written for each origin, for every service', () => {
    const namespaces = createNamespaces('http://dpd.com/common/service/types');
    for (const service of serviceList) {
      const write = wsdlWriter(service, namespaces);
      for (const origin of ORIGINS)
        assert.equal(wholeDocument(write(origin)).toString('utf8'), writeWsdl(service, namespaces, origin), `${service.name} at ${origin}`);
    }
  });

  describe('served', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp();
    });
    after(() => t.close());

    it("names each request's own host in soap:address, whoever asked before", async () => {
      for (const host of ['localhost:8080', '127.0.0.2', 'localhost:8080']) {
        for (const service of serviceList) {
          const response = await t.app.inject({ method: 'GET', url: `/soap/WSDL/${service.wsdlName}`, headers: { host } });
          assert.equal(response.statusCode, 200);
          const locations = [...response.body.matchAll(/<soap:address location="([^"]*)"/g)].map((match) => match[1]);
          assert.equal(locations.length, 1, service.name);
          assert.ok(locations[0].startsWith(`http://${host}/`), `${service.name}: ${locations[0]} for ${host}`);
        }
      }
    });
  });
});
