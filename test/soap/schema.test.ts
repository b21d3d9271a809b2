// The schemas inside each served WSDL are valid XML Schema (xmllint compiles them), and they accept
// what clients send (every valid request fixture, written as XML) and what the server answers (the
// golden responses and fault details) — and refuse what breaks a declared restriction.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  LoginServiceContract,
  ParcelShopFinderServiceContract,
  ShipmentServiceContract,
  type ServiceContract,
} from '../../src/contract/operation-table.ts';
import { Authentication } from '../../src/contract/authentication.ts';
import { edit, minimumRequest, set, validRequests } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { goldenFiles } from '../support/golden.ts';
import { schemasOf } from '../support/wsdl-schemas.ts';
import { namespaces, soapBodyElement, writeChildren } from '../support/soap-request.ts';

const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
const SKIP = hasXmllint ? false : 'xmllint is missing: run scripts/install-interop-deps.sh';
const golden = goldenFiles('soap');

/** The content of the first `<tag>…</tag>` of a wire text. */
function inside(text: string, tag: string): string {
  const start = text.indexOf(`<${tag}>`);
  const end = text.indexOf(`</${tag}>`);
  assert.ok(start >= 0 && end > start, `no ${tag} in ${text.slice(0, 200)}`);
  return text.slice(start + tag.length + 2, end);
}

describe('WSDL schemas (xmllint)', { skip: SKIP }, () => {
  let t: TestApp;
  let dir: string;
  const schemaFile = new Map<string, string>();
  let counter = 0;

  before(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'soap-schema-'));
    for (const service of [ShipmentServiceContract, LoginServiceContract, ParcelShopFinderServiceContract]) {
      const wsdl = (await t.app.inject({ method: 'GET', url: `/soap/WSDL/${service.wsdlName}` })).body;
      for (const [namespace, schema] of schemasOf(wsdl)) {
        const file = join(dir, `${service.name}-${namespace.split('/').slice(-2).join('-')}.xsd`);
        writeFileSync(file, schema);
        schemaFile.set(`${service.name} ${namespace}`, file);
      }
    }
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs xmllint on `documents` against the schema of `namespace` in `service`'s WSDL. */
  function validate(service: ServiceContract, namespace: string, documents: readonly string[]) {
    const schema = schemaFile.get(`${service.name} ${namespace}`);
    assert.ok(schema !== undefined, `${service.wsdlName} has no schema for ${namespace}`);
    const files = documents.map((document) => {
      const file = join(dir, `instance-${counter++}.xml`);
      writeFileSync(file, document);
      return file;
    });
    return spawnSync('xmllint', ['--noout', '--schema', schema, ...files], { encoding: 'utf8' });
  }
  const assertValid = (service: ServiceContract, namespace: string, documents: readonly string[]) => {
    const result = validate(service, namespace, documents);
    assert.equal(result.status, 0, result.stderr);
  };

  it('compiles every schema of every WSDL', () => {
    assert.equal(schemaFile.size, 6);
    for (const file of schemaFile.values()) execFileSync('xmllint', ['--noout', file]);
  });

  it('accepts every valid request fixture as storeOrders and validateOrders bodies', () => {
    const bodies = Object.values(validRequests).flatMap((build) => [
      soapBodyElement('storeOrders', build()),
      soapBodyElement('validateOrders', build()),
    ]);
    assertValid(ShipmentServiceContract, namespaces.service(ShipmentServiceContract), bodies);
  });

  it('accepts the authentication header', () => {
    const out = [`<auth:authentication xmlns:auth="${namespaces.authentication}" extra="any attribute is allowed">`];
    writeChildren(out, { delisId: 'KD0000001', authToken: 'token', messageLanguage: 'en_US' }, Authentication);
    out.push('</auth:authentication>');
    assertValid(ShipmentServiceContract, namespaces.authentication, [out.join('')]);
  });

  it('accepts the golden responses and fault details', () => {
    const shipmentAnswers = [
      'storeOrders',
      'validateOrders',
      'exportOrders',
      'deleteOrders',
      'startOrdersConsolidation',
      'getAvailableProductsAndServices',
    ].map((operation) => inside(golden.read(`${operation}.response.xml`), 'soap:Body'));
    assertValid(ShipmentServiceContract, namespaces.service(ShipmentServiceContract), [
      ...shipmentAnswers,
      inside(golden.read('storeOrders.faults.xml'), 'detail'),
    ]);
    assertValid(ShipmentServiceContract, namespaces.authentication, [inside(golden.read('authenticationFault.xml'), 'detail')]);
    const login = inside(golden.read('getAuth.response.xml'), 'soap:Body');
    assertValid(LoginServiceContract, namespaces.service(LoginServiceContract), [
      login,
      soapBodyElement('getAuth', { delisId: 'KD0000001', password: PASSWORD, messageLanguage: 'en_US' }),
    ]);
  });

  it('accepts the parcel-shop searches and their golden answers', () => {
    const finder = namespaces.service(ParcelShopFinderServiceContract);
    assertValid(ParcelShopFinderServiceContract, finder, [
      soapBodyElement('findParcelShopsByGeoData', {
        longitude: 4.8924,
        latitude: 52.373,
        limit: 5,
        availableService: 'dropOff',
        hideClosed: true,
      }),
      soapBodyElement('findParcelShops', {
        country: 'NL',
        zipCode: '1017PT',
        city: 'Amsterdam',
        street: 'Leidseplein',
        houseNo: '12',
        limit: 5,
      }),
      ...['findParcelShopsByGeoData', 'findParcelShops'].map((operation) => inside(golden.read(`${operation}.response.xml`), 'soap:Body')),
    ]);
    const farNorth = soapBodyElement('findParcelShopsByGeoData', { longitude: 4.8924, latitude: 91 });
    assert.notEqual(validate(ParcelShopFinderServiceContract, finder, [farNorth]).status, 0);
  });

  it('refuses a volume of more than nine digits, leading zeros or not, as the server does', () => {
    const shipments = namespaces.service(ShipmentServiceContract);
    const withVolume = (volume: string) =>
      soapBodyElement('storeOrders', edit(minimumRequest(), set('order[0].parcels[0].volume', volume)));
    assertValid(ShipmentServiceContract, shipments, [withVolume('010020030'), withVolume('10020030'), withVolume('+010020030')]);
    for (const volume of ['0010020030', '0000000000001']) {
      assert.notEqual(validate(ShipmentServiceContract, shipments, [withVolume(volume)]).status, 0, volume);
    }
  });

  it('refuses what breaks a declared restriction or order', () => {
    const tooHeavy = soapBodyElement('storeOrders', edit(minimumRequest(), set('order[0].parcels[0].weight', 4000)));
    const overweight = validate(ShipmentServiceContract, namespaces.service(ShipmentServiceContract), [tooHeavy]);
    assert.notEqual(overweight.status, 0);
    assert.match(overweight.stderr, /weight.*maxInclusive|maxInclusive.*3150/);
    const unknown = soapBodyElement('storeOrders', edit(minimumRequest(), set('order[0].parcels[0].colour', 'red')));
    assert.notEqual(validate(ShipmentServiceContract, namespaces.service(ShipmentServiceContract), [unknown]).status, 0);
  });

  it('refuses an xs:long the server cannot read exactly, and takes the largest it can', () => {
    // The server reads integers as JavaScript numbers (contract/schema/decode.ts) and refuses what lies past
    // ±(2^53 − 1); a schema allowing all of xs:long let a validating client send what is then refused.
    const service = namespaces.service(ShipmentServiceContract);
    const withGln = (gln: string) =>
      soapBodyElement('storeOrders', edit(minimumRequest(), set('order[0].generalShipmentData.sender.gln', gln)));
    assert.equal(validate(ShipmentServiceContract, service, [withGln('9007199254740991'), withGln('-9007199254740991')]).status, 0);
    for (const gln of ['9007199254740992', '9223372036854775807', '-9007199254740992']) {
      assert.notEqual(validate(ShipmentServiceContract, service, [withGln(gln)]).status, 0, gln);
    }
  });
});
