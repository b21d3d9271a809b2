// Interop with a client generated from the carrier's own schemas (issue 18): Python zeep, strict, reads
// WSDLs assembled from the carrier's XSDs (test/interop/fixtures/carrier-wsdl/, importing the XSDs that
// test/support/carrier-schemas.ts finds) and calls a real server process at the carrier's
// /PublicApi/soap paths, with SOAP_NAMESPACE_BASE set to the carrier's base: login, ShipmentService 3.3
// storeOrders, the web number, tracking before and after `parcel-service parcels advance`, the shop and
// city searches. Everything zeep read must equal what the REST binding answers to the same calls, so
// no field goes unread or reads differently. Without the carrier's XSDs the client reads the WSDLs the
// server serves instead, and the suite's name says so.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { serviceContracts, type ServiceContract } from '../../src/contract/operation-table.ts';
import { duplicate, edit, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { pdfInfo } from '../support/label-reading.ts';
import { CARRIER_NAMESPACE_BASE, carrierSchemasProblem, locateCarrierSchemas } from '../support/carrier-schemas.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const run = promisify(execFile);
const FIXTURES = fileURLToPath(new URL('./fixtures/carrier-wsdl/', import.meta.url));
const CLIENT = fileURLToPath(new URL('./carrier_client.py', import.meta.url));
const schemas = locateCarrierSchemas();

const DELIS_ID = 'KD330033';
const PASSWORD = 'carrier schemas';
/** A deployed client's default language: taken, answered in English. */
const LANGUAGE = 'en_EN';

/** The services the client calls, by the plan's name for them. */
const SERVICES: Readonly<Record<string, ServiceContract>> = {
  login: serviceContracts.LoginServiceV21,
  shipment: serviceContracts.ShipmentServiceV33,
  tracking: serviceContracts.ParcelLifeCycleServiceV20,
  finder: serviceContracts.ParcelShopFinderServiceV50,
};

/** Shop 101's hours, in the carrier's form. */
const OPENING_HOURS = [
  { weekday: 'Monday', openMorning: '09:00', closeMorning: '12:30', openAfternoon: '13:30', closeAfternoon: '18:00' },
  { weekday: 'Saturday', openMorning: '10:00', closeMorning: '16:00' },
];

/**
 * The directory the searches find, imported in the carrier's own `parcelShop` form: both shops within
 * 2 km of the search point, 101 the nearer.
 */
const SHOPS = [
  {
    parcelShopId: 101,
    pudoId: 'NL10121',
    company: 'Kiosk Damrak',
    street: 'Damrak',
    houseNo: '1',
    country: 'NL',
    countryNum: 528,
    zipCode: '1012LG',
    city: 'Amsterdam',
    town: 'Centrum',
    phone: '+31201234567',
    fax: '+31201234568',
    latitude: 52.3752,
    longitude: 4.8966,
    coordinateX: 121400,
    coordinateY: 487700,
    expressPickupTime: '16:30',
    extraInfo: 'Behind the counter',
    openingHours: OPENING_HOURS,
    holiday: [{ holidayStart: '2026-12-25', holidayEnd: '2026-12-26' }],
    services: {
      code: 'parcelShop',
      available: true,
      serviceDetail: [{ code: 'parcelShopDelivery' }, { code: 'dropOff' }, { code: 'returns' }],
    },
  },
  {
    parcelShopId: 102,
    company: 'Boekhandel Leidseplein',
    street: 'Leidseplein',
    country: 'NL',
    zipCode: '1017PT',
    city: 'Amsterdam',
    latitude: 52.3641,
    longitude: 4.8829,
    services: { code: 'parcelShop', available: true, serviceDetail: [{ code: 'returns' }] },
  },
];

const SEARCHES: Readonly<Record<'geoSearch' | 'addressSearch' | 'citySearch', JsonObject>> = {
  geoSearch: { longitude: 4.8924, latitude: 52.373, limit: 2 },
  addressSearch: {
    country: 'NL',
    zipCode: '1012LG',
    city: 'Amsterdam',
    limit: 5,
    hideClosed: false,
    searchCountry: ['NL'],
    services: { service: [{ code: 'returns', available: true }] },
  },
  citySearch: { country: 'NL', zipCode: '10', city: '', limit: 10, order: 'zipCode' },
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A tree without its absent parts: zeep reads an absent element as null and an absent list as [];
 * REST leaves out an absent element and writes an empty list as []. Both sides are compared so.
 */
function present(value: Json): Json {
  if (Array.isArray(value)) return value.map(present);
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || (Array.isArray(item) && item.length === 0)) continue;
    out[key] = present(item);
  }
  return out;
}

/** One step a client phase printed. */
interface StepLine {
  readonly step: string;
  readonly answer?: Json;
  readonly error?: string;
}

describe(`A client generated from ${schemas.found ? "the carrier's schemas" : `the served WSDLs (${carrierSchemasProblem(schemas)})`}: Python zeep, strict`, () => {
  let dir: string;
  let server: ServerProcess;
  let planFile: string;
  let token: string;

  /** POSTs `body` to a REST operation of the server; answers the JSON. */
  async function rest(path: string, body: unknown): Promise<{ [key: string]: Json }> {
    const response = await fetch(`${server.url}/rest/services/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { [key: string]: Json };
  }
  const authentication = () => ({ delisId: DELIS_ID, authToken: token, messageLanguage: LANGUAGE });

  /** Runs one phase of the client; answers its lines by step, each checked to hold an answer. */
  async function phase(name: 'before' | 'after'): Promise<Map<string, Json>> {
    const { stdout } = await run('/usr/bin/python3', [CLIENT, planFile, name], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
    const lines = stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as StepLine);
    for (const line of lines) assert.equal(line.error, undefined, `${name} ${line.step}: ${line.error}`);
    return new Map(lines.map((line) => [line.step, line.answer ?? null]));
  }

  before(async () => {
    // CARRIER_SCHEMAS asked for: its files must be there.
    assert.ok(schemas.found || !schemas.given, carrierSchemasProblem(schemas));
    dir = mkdtempSync(join(tmpdir(), 'carrier-zeep-'));
    server = await startServerProcess({ DATA_DIR: dir, SOAP_NAMESPACE_BASE: CARRIER_NAMESPACE_BASE, PARCEL_ENV: 'stage' });
    const cli = { DATA_DIR: dir, PARCEL_ENV: 'stage' };
    await runCli(['accounts', 'add', '--delis-id', DELIS_ID, '--password', PASSWORD, '--depot', '0522'], cli);
    writeFileSync(join(dir, 'shops.json'), JSON.stringify(SHOPS));
    await runCli(['shops', 'import', join(dir, 'shops.json')], cli);

    const wsdl: Record<string, string> = {};
    const endpoint: Record<string, string> = {};
    if (schemas.found) {
      // The WSDLs beside links to the carrier's XSDs, which they import by relative location.
      for (const file of readdirSync(schemas.dir).filter((name) => name.endsWith('.xsd')))
        symlinkSync(join(schemas.dir, file), join(dir, file));
      for (const file of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, file), join(dir, file));
    }
    for (const [name, service] of Object.entries(SERVICES)) {
      wsdl[name] = schemas.found ? join(dir, service.wsdlName) : `${server.url}/PublicApi/WSDL/${service.wsdlName}`;
      endpoint[name] = `${server.url}/PublicApi/soap/services/${service.name}/${service.version}`;
    }
    planFile = join(dir, 'plan.json');
    writeFileSync(
      planFile,
      JSON.stringify({
        wsdl,
        endpoint,
        delisId: DELIS_ID,
        password: PASSWORD,
        messageLanguage: LANGUAGE,
        // The open-source connector's default product in 3.3: CL, stored as B2B.
        storeOne: edit(minimumRequest(), set('order[0].generalShipmentData.product', 'CL')),
        storeThree: edit(minimumRequest(), duplicate('order[0].parcels[0]', 2)),
        labels: { one: join(dir, 'one.pdf'), three: join(dir, 'three.pdf') },
        ...SEARCHES,
      }),
    );
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads every answer as the REST binding gives it: login, 3.3 storeOrders, web number, tracking before and after delivery, shops, cities', async () => {
    const first = await phase('before');

    // getAuth: the same login REST answers (the token stays the same while valid).
    const login = first.get('login') as { authToken: string; authTokenExpires: string; [key: string]: Json };
    const restLogin = (await rest('LoginService/V2_1/getAuth', { delisId: DELIS_ID, password: PASSWORD, messageLanguage: LANGUAGE }))
      .getAuthResponse as { return: { authTokenExpires: string; [key: string]: Json } };
    const { authTokenExpires, ...restReturn } = restLogin.return;
    const { authTokenExpires: zeepExpires, ...zeepReturn } = login;
    assert.deepEqual(zeepReturn, restReturn);
    // SOAP writes the instant without a zone (UTC); zeep reads it as such.
    assert.equal(new Date(`${zeepExpires}Z`).getTime(), new Date(authTokenExpires).getTime());
    token = login.authToken;

    // ShipmentService 3.3 storeOrders: numbers, the 3.3 answer, and a PDF of one page per parcel.
    for (const [step, parcels] of [
      ['store_one', 1],
      ['store_three', 3],
    ] as const) {
      const answer = first.get(step) as { parcellabelsPDF: string; shipmentResponses: Array<{ mpsId: string; [key: string]: Json }> };
      assert.deepEqual(Object.keys(answer).sort(), ['parcellabelsPDF', 'shipmentResponses'], step);
      const [shipment] = answer.shipmentResponses;
      const numbers = (shipment.parcelInformation as Array<{ parcelLabelNumber: string; dpdReference: Json }>).map((p) => {
        assert.equal(p.dpdReference, null, step);
        return p.parcelLabelNumber;
      });
      assert.equal(numbers.length, parcels, step);
      for (const number of numbers) assert.match(number, /^0522\d{10}$/, step);
      assert.match(shipment.mpsId, new RegExp(`^MPS${numbers[0]}\\d{8}$`), step);
      assert.deepEqual(shipment.faults, [], step);
      const pdf = readFileSync(join(dir, step === 'store_one' ? 'one.pdf' : 'three.pdf'));
      assert.equal(Buffer.from(answer.parcellabelsPDF, 'base64').equals(pdf), true, step);
      assert.equal((await pdfInfo(pdf)).Pages, String(parcels), `${step}: pages = parcels`);
    }

    // The web number (the mpsId) names the shipment's first parcel.
    const one = first.get('store_one') as {
      shipmentResponses: Array<{ mpsId: string; parcelInformation: Array<{ parcelLabelNumber: string }> }>;
    };
    const tracked = one.shipmentResponses[0].parcelInformation[0].parcelLabelNumber;
    assert.deepEqual(first.get('web_number'), { webNumber: one.shipmentResponses[0].mpsId, parcelLabelNumber: tracked });

    // Tracking before: what REST answers, field for field.
    const track = async () => {
      const body = { authentication: authentication(), getTrackingData: { parcelLabelNumber: tracked } };
      const answer = (await rest('ParcelLifeCycleService/V2_0/getTrackingData', body)).getTrackingDataResponse as { trackingResult: Json };
      return present(answer.trackingResult);
    };
    const before = first.get('track') as { shipmentInfo: { status: string }; statusInfo: Array<{ status: string }> };
    assert.deepEqual(present(before as Json), await track());
    assert.equal(before.shipmentInfo.status, 'SHIPMENT');
    assert.deepEqual(
      before.statusInfo.map((event) => event.status),
      ['DataReceived'],
    );
    assert.deepEqual(first.get('track_unknown'), {
      fault: {
        faultcode: 'soap:Client',
        detail: 'faults',
        faultCode: 'ERR_INVALID_REQUEST',
        message: 'The request is not valid: parcelLabelNumber 05229999999999 is not a parcel of this account.',
      },
    });

    // The searches: what REST answers, field for field.
    const search = async (operation: string, body: JsonObject, key: string) => {
      const answer = (await rest(`ParcelShopFinderService/V5_0/${operation}`, { authentication: authentication(), [operation]: body }))[
        `${operation}Response`
      ] as { [key: string]: Json };
      return present(answer[key]);
    };
    const geo = first.get('shops_by_geo') as Array<{ parcelShopId: number; pudoId: Json; openingHours: Json }>;
    assert.deepEqual(
      geo.map((shop) => shop.parcelShopId),
      [101, 102],
    );
    // As the import file gave them, in the carrier's form.
    assert.equal(geo[0].pudoId, 'NL10121');
    assert.deepEqual(
      geo[0].openingHours,
      OPENING_HOURS.map((hours) => ({ openAfternoon: null, closeAfternoon: null, ...hours })),
    );
    assert.deepEqual(present(geo as Json), await search('findParcelShopsByGeoData', SEARCHES.geoSearch, 'parcelShop'));
    assert.deepEqual(present(first.get('shops_by_address') ?? null), await search('findParcelShops', SEARCHES.addressSearch, 'parcelShop'));
    const cities = first.get('cities') as Json[];
    assert.ok(cities.length > 0);
    assert.deepEqual(present(cities), await search('findCities', SEARCHES.citySearch, 'city'));

    // The carrier's network delivers it: the day is closed (REST), the parcel moved on by the operator's command.
    const shipDate = one.shipmentResponses[0].mpsId.slice(-8);
    const consolidated = await rest('ShipmentService/V3_5/startOrdersConsolidation', {
      authentication: authentication(),
      startOrdersConsolidation: { consolidationDate: shipDate },
    });
    assert.equal(consolidated.success, true, JSON.stringify(consolidated));
    const advanced = await runCli(['parcels', 'advance', '--delis-id', DELIS_ID, '--to', 'delivered', tracked], {
      DATA_DIR: dir,
      PARCEL_ENV: 'stage',
    });
    assert.match(advanced, new RegExp(`${tracked} {2}DataReceived → Delivered {2}\\(consolidated → delivered\\)`));

    writeFileSync(planFile, JSON.stringify({ ...JSON.parse(readFileSync(planFile, 'utf8')), tracked }));
    const second = await phase('after');
    assert.equal((second.get('login') as { authToken: string }).authToken, token);
    const delivered = second.get('track') as {
      shipmentInfo: { status: string; trackingProperty: Array<{ key: string; value: string }> };
      statusInfo: Array<{ status: string; isCurrentStatus: boolean; location: { content: string } }>;
    };
    assert.deepEqual(present(delivered as Json), await track());
    assert.equal(delivered.shipmentInfo.status, 'SHIPMENT');
    assert.deepEqual(delivered.statusInfo.at(-1), { ...delivered.statusInfo.at(-1), status: 'Delivered', isCurrentStatus: true });
    assert.equal(delivered.statusInfo.at(-1)?.location.content, 'Berkel en Rodenrijs (NL)');
    assert.equal(delivered.shipmentInfo.trackingProperty.find((fact) => fact.key === 'product')?.value, 'B2B');
  });
});
