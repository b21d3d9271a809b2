// Every SOAP answer of the services the carrier publishes schemas for — success and fault — is valid
// against the carrier's own XSD, with the server's SOAP_NAMESPACE_BASE set to the carrier's base, so
// clients generated from those schemas read it. The XSDs are reference data outside the repository
// (test/support/carrier-schemas.ts finds them: CARRIER_SCHEMAS); where they are not to be found, every
// answer is validated against the schema our own WSDL serves instead, and the suite's name says so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createNamespaces } from '../../src/bindings/soap/namespaces.ts';
import { endpointPath } from '../../src/bindings/soap/wsdl.ts';
import { serviceContracts, type ServiceContract } from '../../src/contract/operation-table.ts';
import { advanceParcel } from '../../src/domain/parcel-life-cycle/advance-parcels.ts';
import { GOLDEN_SHOPS } from '../fixtures/golden-calls.ts';
import { collectionRequest, duplicate, edit, merge, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { CARRIER_NAMESPACE_BASE, CARRIER_SCHEMA_FILES, carrierSchemasProblem, locateCarrierSchemas } from '../support/carrier-schemas.ts';
import { firstParcelNumbers, REST_PATH, type Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { wsdlSchemas } from '../support/wsdl-schemas.ts';
import { soapRequest } from '../support/soap-request.ts';

const carrier = createNamespaces(CARRIER_NAMESPACE_BASE);
const schemas = locateCarrierSchemas();
const AGAINST = schemas.found
  ? `the carrier's schemas (${schemas.dir})`
  : `the schemas our WSDLs serve, as ${carrierSchemasProblem(schemas)}`;

/** The element a SOAP answer carries: the body's for an answer, the detail's for a fault. */
function answerElement(text: string): { readonly fault: boolean; readonly element: string } {
  const detail = /<detail>([\s\S]*)<\/detail>/.exec(text);
  if (detail !== null) return { fault: true, element: detail[1] };
  const body = /<soap:Body>([\s\S]*)<\/soap:Body>/.exec(text);
  assert.ok(body !== null, `no SOAP body in ${text.slice(0, 300)}`);
  return { fault: false, element: body[1] };
}

describe(`SOAP answers against ${AGAINST} (xmllint)`, () => {
  let t: TestApp;
  let dir: string;
  let counter = 0;
  let auth: Auth;
  let accountId: number;
  /** The XSD file each schema name stands for: the carrier's, or the one our WSDL serves. */
  const xsdFiles = new Map<string, string>();

  before(async () => {
    assert.equal(spawnSync('xmllint', ['--version']).status, 0, 'xmllint is missing: run scripts/install-interop-deps.sh');
    // CARRIER_SCHEMAS asked for: its files must be there.
    assert.ok(schemas.found || !schemas.given, carrierSchemasProblem(schemas));
    t = await startTestApp({ env: { SOAP_NAMESPACE_BASE: CARRIER_NAMESPACE_BASE } });
    dir = mkdtempSync(join(tmpdir(), 'carrier-schemas-'));
    for (const [file, service] of Object.entries(CARRIER_SCHEMA_FILES)) {
      if (schemas.found) {
        xsdFiles.set(file, join(schemas.dir, file));
        continue;
      }
      const served = await wsdlSchemas(t, service ?? serviceContracts.LoginServiceV21);
      const schema = served.get(service === undefined ? carrier.authentication : carrier.service(service));
      assert.ok(schema !== undefined, `no schema for ${file} in the served WSDL`);
      xsdFiles.set(file, join(dir, file));
      writeFileSync(join(dir, file), schema);
    }
    const account = await t.addAccount();
    accountId = account.id;
    auth = await t.authenticate(account.delisId, 'en_EN');
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Calls `operation` over SOAP as the carrier's namespaces name it (at `service`, default its own); answers the raw text. */
  async function call(
    operation: string,
    body: JsonObject,
    authentication: JsonObject | undefined = auth,
    service?: ServiceContract,
  ): Promise<string> {
    const xml = soapRequest(operation, body, { authentication, namespaces: carrier, service });
    return (await injectSoap(t, service === undefined ? endpointOf(operation) : endpointPath(service), xml)).body;
  }

  /**
   * Asserts the answer is a success or a fault, as `expected` says, and validates its element against
   * `schema` (a fault's `authenticationFault` against Authentication20.xsd).
   */
  function assertValid(text: string, schema: string, expected: 'answer' | 'fault' | 'authenticationFault'): void {
    const { fault, element } = answerElement(text);
    assert.equal(fault, expected !== 'answer', `expected ${expected}: ${text.slice(0, 600)}`);
    const file = join(dir, `answer-${counter++}.xml`);
    writeFileSync(file, element);
    const xsd = xsdFiles.get(expected === 'authenticationFault' ? 'Authentication20.xsd' : schema);
    assert.ok(xsd !== undefined, `no schema ${schema}`);
    const result = spawnSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8' });
    assert.equal(result.status, 0, `${result.stderr}\n${element}`);
  }

  async function storeParcel(): Promise<{ number: string; mpsId: string }> {
    const body = (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() })).json();
    return { number: firstParcelNumbers(body)[0], mpsId: body.orderResult.shipmentResponses[0].mpsId as string };
  }

  describe('ParcelLifeCycleService 2.0 (ParcelLifecycleServiceV20.xsd)', () => {
    const XSD = 'ParcelLifecycleServiceV20.xsd';

    it('getTrackingData: a new parcel, the same parcel delivered, a deleted one', async () => {
      const { number } = await storeParcel();
      const fresh = await call('getTrackingData', { parcelLabelNumber: number });
      assertValid(fresh, XSD, 'answer');
      assert.match(fresh, /<getTrackingDataResponse xmlns="[^"]+"><trackingresult><shipmentInfo>/);
      const advanced = await advanceParcel(t.deps, { id: accountId }, number, 'Delivered', t.clock.now());
      assert.equal('status' in advanced && advanced.status, 'Delivered');
      const delivered = await call('getTrackingData', { parcelLabelNumber: number });
      assertValid(delivered, XSD, 'answer');
      assert.match(delivered, /<statusInfo><status>Delivered<\/status>/);
      const deleted = (await storeParcel()).number;
      await t.post(REST_PATH.deleteOrders, { authentication: auth, deleteOrders: { parcelLabelNumber: [deleted] } });
      assertValid(await call('getTrackingData', { parcelLabelNumber: deleted }), XSD, 'answer');
    });

    it('getTrackingData faults: an unknown number, a malformed one, a refused token', async () => {
      assertValid(await call('getTrackingData', { parcelLabelNumber: '05229999999999' }), XSD, 'fault');
      assertValid(await call('getTrackingData', { parcelLabelNumber: 'x' }), XSD, 'fault');
      assertValid(
        await call('getTrackingData', { parcelLabelNumber: '05229999999999' }, { ...auth, authToken: 'wrong' }),
        XSD,
        'authenticationFault',
      );
    });

    it('getParcelLabelNumberForWebNumber: an mpsId, and faults', async () => {
      const { number, mpsId } = await storeParcel();
      const answer = await call('getParcelLabelNumberForWebNumber', { webNumber: mpsId });
      assertValid(answer, XSD, 'answer');
      assert.ok(answer.includes(`<parcelLabelNumber>${number}</parcelLabelNumber>`), answer);
      assertValid(await call('getParcelLabelNumberForWebNumber', { webNumber: 'MPS0522999999999920261122' }), XSD, 'fault');
      assertValid(
        await call('getParcelLabelNumberForWebNumber', { webNumber: mpsId }, { ...auth, authToken: 'wrong' }),
        XSD,
        'authenticationFault',
      );
    });
  });

  describe('ParcelShopFinderService 5.0 (ParcelShopFinderServiceV50.xsd)', () => {
    const XSD = 'ParcelShopFinderServiceV50.xsd';
    before(() => t.store.parcelShops.saveParcelShops(GOLDEN_SHOPS));

    it('findParcelShopsByGeoData and findParcelShops with every request field of the schema', async () => {
      const filters = {
        limit: 5,
        availabilityDate: '2026-11-23',
        hideClosed: false,
        searchCountry: ['NL'],
        services: { service: [{ code: 'dropOff', available: true }] },
      };
      const geo = await call('findParcelShopsByGeoData', { longitude: 4.8924, latitude: 52.373, ...filters });
      assertValid(geo, XSD, 'answer');
      assert.match(geo, /<findParcelShopsByGeoDataResponse xmlns="[^"]+"><parcelShop><parcelShopId>101<\/parcelShopId>/);
      assert.match(geo, /<openingHours><weekday>Monday<\/weekday><openMorning>09:00<\/openMorning>/);
      const byAddress = await call('findParcelShops', { country: 'NL', zipCode: '1012LG', city: 'Amsterdam', ...filters });
      assertValid(byAddress, XSD, 'answer');
      assert.match(byAddress, /<parcelShop>/);
      assertValid(await call('findParcelShops', { country: 'NL', zipCode: '9999', city: 'Nergens', limit: 1 }), XSD, 'answer');
    });

    it('findCities by postcode and by name', async () => {
      const byZip = await call('findCities', { country: 'NL', zipCode: '10', city: '', limit: 10, order: 'zipCode' });
      assertValid(byZip, XSD, 'answer');
      assert.match(byZip, /<city><country>NL<\/country><countryNum>528<\/countryNum><zipCode>1012LG<\/zipCode><name>Amsterdam<\/name>/);
      assertValid(await call('findCities', { country: 'NL', zipCode: '', city: 'amst', limit: 10, order: 'name' }), XSD, 'answer');
    });

    it('faults: a request the service refuses, a refused token', async () => {
      assertValid(await call('findParcelShopsByGeoData', { longitude: 4.8924, latitude: 91, limit: 1 }), XSD, 'fault');
      assertValid(await call('findParcelShops', { country: 'XX', zipCode: '1012', city: 'Amsterdam', limit: 1 }), XSD, 'fault');
      assertValid(await call('findCities', { country: 'NL', zipCode: '', city: '', limit: 1, order: 'name' }), XSD, 'fault');
      assertValid(
        await call('findCities', { country: 'NL', zipCode: '10', city: '', limit: 1, order: 'name' }, { ...auth, authToken: 'wrong' }),
        XSD,
        'authenticationFault',
      );
    });
  });

  describe('LoginService 2.1 (LoginServiceV21.xsd) and the header (Authentication20.xsd)', () => {
    const XSD = 'LoginServiceV21.xsd';

    it('getAuth: a token, and a refused password', async () => {
      const delisId = (await t.addAccount()).delisId;
      const answer = await call('getAuth', { delisId, password: PASSWORD, messageLanguage: 'en_US' }, undefined);
      assertValid(answer, XSD, 'answer');
      assert.match(answer, /<getAuthResponse xmlns="[^"]+"><return><delisId>/);
      assertValid(
        await call('getAuth', { delisId, password: 'wrong password', messageLanguage: 'en_US' }, undefined),
        XSD,
        'authenticationFault',
      );
    });
  });

  describe('EndOfDayService 1.0 (EndOfDayServiceV10.xsd)', () => {
    const XSD = 'EndOfDayServiceV10.xsd';
    const day = { dateFrom: 20261123, timeFrom: 0, dateTo: 20261123, timeTo: 2400 };

    it('endOfDay: a day with parcels, an empty period, without printOptions', async () => {
      await storeParcel();
      const answer = await call('endOfDay', { period: day, printOptions: { printerLanguage: 'PDF' } });
      assertValid(answer, XSD, 'answer');
      assert.match(answer, /<endOfDayResponse xmlns="[^"]+\/EndOfDayService\/1\.0"><manifestPDF xmlns="">JVBERi0/);
      assertValid(await call('endOfDay', { period: { ...day, dateFrom: 20261120, dateTo: 20261120 } }), XSD, 'answer');
    });

    it('faults: a reversed period, a date that does not exist, a refused token', async () => {
      assertValid(await call('endOfDay', { period: { ...day, timeFrom: 1700, timeTo: 900, dateTo: 20261123 } }), XSD, 'fault');
      assertValid(await call('endOfDay', { period: { ...day, dateFrom: 20261131 } }), XSD, 'fault');
      assertValid(await call('endOfDay', { period: day }, { ...auth, authToken: 'wrong' }), XSD, 'authenticationFault');
    });
  });

  describe('ShipmentService 3.3 (ShipmentServiceV33.xsd)', () => {
    const XSD = 'ShipmentServiceV33.xsd';
    const V33 = serviceContracts.ShipmentServiceV33;
    const store = (body: JsonObject, authentication: JsonObject = auth) => call('storeOrders', body, authentication, V33);

    it('storeOrders: one parcel, three parcels, a ZPL label, a collection request (dpdReference)', async () => {
      const one = await store(minimumRequest());
      assertValid(one, XSD, 'answer');
      assert.match(one, /<storeOrdersResponse xmlns="[^"]+\/ShipmentService\/3\.3"><orderResult><parcellabelsPDF>/);
      assertValid(await store(edit(minimumRequest(), duplicate('order[0].parcels[0]', 2))), XSD, 'answer');
      assertValid(await store(edit(minimumRequest(), set('printOptions.printerLanguage', 'ZPL'))), XSD, 'answer');
      const collection = await store(collectionRequest());
      assertValid(collection, XSD, 'answer');
      assert.match(collection, /<parcelInformation><dpdReference>[^<]+<\/dpdReference><\/parcelInformation>/);
    });

    it('faults: a data error, a field 3.3 lacks, a refused token', async () => {
      assertValid(await store(edit(minimumRequest(), set('order[0].parcels[0].weight', 4000))), XSD, 'fault');
      assertValid(await store(edit(minimumRequest(), merge('printOptions', { dropOffType: 'QR_CODE' }))), XSD, 'fault');
      assertValid(await store(minimumRequest(), { ...auth, authToken: 'wrong' }), XSD, 'authenticationFault');
    });
  });
});
