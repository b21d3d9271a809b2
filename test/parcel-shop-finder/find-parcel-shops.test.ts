// ParcelShopFinderService on both stores: the nearest shops to a point and to an address, the filters,
// clear refusals, the SOAP binding, and PSD orders checked against the directory once it has shops.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ParcelShopEntryData } from '../../src/contract/parcel-shop-finder-service.ts';
import { edit, set, shopDeliveryRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { list, readSoapAnswer } from '../support/soap-response.ts';

/** The Dam in Amsterdam. */
const DAM = { latitude: 52.373, longitude: 4.8924 };
interface Found {
  parcelShopId: number;
  distance: number;
  company: string;
  availableService?: string[];
}

const weekdays = (from: number, to: number) => [1, 2, 3, 4, 5].map((day) => ({ day, fromTime1: from, toTime1: to }));
const shop = (
  parcelShopId: number,
  company: string,
  place: Pick<ParcelShopEntryData, 'country' | 'zipCode' | 'city' | 'latitude' | 'longitude'>,
  more: Partial<ParcelShopEntryData> = {},
): ParcelShopEntryData => ({
  parcelShopId,
  company,
  street: 'Teststraat',
  houseNo: String(parcelShopId % 100),
  ...place,
  availableService: ['parcelShopDelivery', 'dropOff', 'returns'],
  openingHours: weekdays(900, 1800),
  ...more,
});

/** Distances from the Dam (haversine, worked out beside the test): 101 0.376 km, 102 1.181, 103 2.712, 104 35.051, 107 81.044, 106 109.812, 105 575.44. */
const DIRECTORY: readonly ParcelShopEntryData[] = [
  shop(101, 'Kiosk Damrak', { country: 'NL', zipCode: '1012LG', city: 'Amsterdam', latitude: 52.3752, longitude: 4.8966 }),
  // On holiday on the test clock's day (Monday 23 November 2026).
  shop(
    102,
    'Boekhandel Leidseplein',
    { country: 'NL', zipCode: '1017PT', city: 'Amsterdam', latitude: 52.3641, longitude: 4.8829 },
    {
      availableService: ['parcelShopDelivery'],
      holiday: [{ dateFrom: 20261120, dateTo: 20261125 }],
    },
  ),
  // Open on Tuesdays only.
  shop(
    103,
    'Buurtsuper Oost',
    { country: 'NL', zipCode: '1093EH', city: 'Amsterdam', latitude: 52.36, longitude: 4.9262 },
    {
      availableService: ['dropOff'],
      openingHours: [{ day: 2, fromTime1: 900, toTime1: 1200 }],
    },
  ),
  shop(104, 'Kantoorboekhandel Domplein', { country: 'NL', zipCode: '3512JC', city: 'Utrecht', latitude: 52.0907, longitude: 5.1214 }),
  shop(105, 'Spätkauf Mitte', { country: 'DE', zipCode: '10115', city: 'Berlin', latitude: 52.5305, longitude: 13.385 }),
  shop(106, 'Kiosk Emmerich', { country: 'DE', zipCode: '46446', city: 'Emmerich am Rhein', latitude: 51.839, longitude: 6.245 }),
  shop(107, 'Servicepunt Arnhem', { country: 'NL', zipCode: '6811AA', city: 'Arnhem', latitude: 51.9851, longitude: 5.8987 }),
];

for (const dialect of STORE_DIALECTS) {
  describe(`ParcelShopFinderService [${dialect}]`, () => {
    let t: TestApp;
    let auth: Auth;
    const byGeo = (request: Record<string, unknown>, authentication: unknown = auth) =>
      t.post(REST_PATH.findParcelShopsByGeoData, { authentication, findParcelShopsByGeoData: request });
    const byAddress = (request: Record<string, unknown>) =>
      t.post(REST_PATH.findParcelShops, { authentication: auth, findParcelShops: request });
    const shopsOf = async (response: Promise<{ statusCode: number; json(): any; body: string }>, element: string): Promise<Found[]> => {
      const answer = await response;
      assert.equal(answer.statusCode, 200, answer.body);
      const body = answer.json();
      assert.deepEqual(body.status, { type: 'OK', code: '200', message: 'valid' });
      return body[element].parcelShop as Found[];
    };
    const ids = (shops: readonly Found[]) => shops.map((s) => s.parcelShopId);

    before(async () => {
      t = await startTestApp({ dialect });
      auth = await t.authenticate((await t.addAccount()).delisId);
    });
    after(() => t.close());

    it('finds nothing, and accepts any shop id in a PSD order, while the directory is empty', async () => {
      assert.deepEqual(await shopsOf(byGeo(DAM), 'findParcelShopsByGeoDataResponse'), []);
      const validation = (await t.post(REST_PATH.validateOrders, { authentication: auth, storeOrders: shopDeliveryRequest() })).json();
      assert.deepEqual(validation.orderResult, { success: true, messages: [] });
      await t.store.parcelShops.saveParcelShops(DIRECTORY);
    });

    it('answers the shops nearest to a point, nearest first, with their distance in km and their entry', async () => {
      const shops = await shopsOf(byGeo(DAM), 'findParcelShopsByGeoDataResponse');
      // Berlin (575 km) lies beyond the largest search radius.
      assert.deepEqual(ids(shops), [101, 102, 103, 104, 107, 106]);
      const expected = [0.376, 1.181, 2.712, 35.051, 81.044, 109.812];
      shops.forEach((found, i) =>
        assert.ok(Math.abs(found.distance - expected[i]) < 0.01, `${found.parcelShopId}: ${found.distance} km, expected ${expected[i]}`),
      );
      // The carrier's parcelShop (ParcelShopFinderServiceV50.xsd) made of the directory's entry.
      const hours = (weekday: string) => ({ weekday, openMorning: '09:00', closeMorning: '18:00' });
      assert.deepEqual(shops[0], {
        parcelShopId: 101,
        company: 'Kiosk Damrak',
        street: 'Teststraat',
        houseNo: '1',
        country: 'NL',
        countryNum: 528,
        zipCode: '1012LG',
        city: 'Amsterdam',
        latitude: 52.3752,
        longitude: 4.8966,
        distance: 0.38,
        openingHours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(hours),
        holiday: [],
        services: {
          code: 'parcelShop',
          available: true,
          serviceDetail: [{ code: 'parcelShopDelivery' }, { code: 'dropOff' }, { code: 'returns' }],
        },
      });
    });

    it('keeps to limit, to one service, and leaves out shops closed today with hideClosed', async () => {
      assert.deepEqual(ids(await shopsOf(byGeo({ ...DAM, limit: 2 }), 'findParcelShopsByGeoDataResponse')), [101, 102]);
      assert.deepEqual(
        ids(await shopsOf(byGeo({ ...DAM, limit: 3, availableService: 'dropOff' }), 'findParcelShopsByGeoDataResponse')),
        [101, 103, 104],
      );
      assert.deepEqual(
        ids(await shopsOf(byGeo({ ...DAM, limit: 3, hideClosed: true }), 'findParcelShopsByGeoDataResponse')),
        [101, 104, 107],
      );
      // On Tuesday the 24th the shop open on Tuesdays is open, the one on holiday until the 25th still closed.
      t.clock.advance(24 * 60 * 60 * 1000);
      auth = await t.authenticate(auth.delisId);
      assert.deepEqual(
        ids(await shopsOf(byGeo({ ...DAM, limit: 3, hideClosed: true }), 'findParcelShopsByGeoDataResponse')),
        [101, 103, 104],
      );
    });

    it('finds shops near an address placed by its postcode, postcode area or city, in its country only', async () => {
      const near = async (request: Record<string, unknown>) =>
        ids(await shopsOf(byAddress({ limit: 3, ...request }), 'findParcelShopsResponse'));
      // The postcode of a shop, written with a space and in lower case.
      assert.deepEqual(await near({ country: 'NL', zipCode: '1017 pt' }), [102, 101, 103]);
      // A postcode no shop has: placed at the shops of its area (1012).
      assert.deepEqual(await near({ country: 'NL', zipCode: '1012AB' }), [101, 102, 103]);
      // A city in another spelling; the street alone places nothing.
      assert.deepEqual(await near({ country: 'nl', city: ' utrecht ', street: 'Ergens', houseNo: 1 }), [104, 103, 102]);
      // Emmerich (DE) is 29 km from Arnhem, Utrecht 54 km: the search keeps to NL.
      assert.deepEqual(await near({ country: 'NL', city: 'Arnhem' }), [107, 104, 103]);
      assert.deepEqual(await near({ country: 'DE', zipCode: '46446' }), [106]);
      assert.deepEqual(await near({ country: 'NL', zipCode: '9999ZZ', city: 'Groningen' }), []);
      const distances = (await shopsOf(byAddress({ country: 'NL', zipCode: '1017PT', limit: 1 }), 'findParcelShopsResponse')).map(
        (s) => s.distance,
      );
      assert.deepEqual(distances, [0]);
      // A postcode given in part is placed at the shops it begins: "1012" at 1012LG, not between 1012LG and 1017PT.
      const partial = await shopsOf(byAddress({ country: 'NL', zipCode: '1012', limit: 1 }), 'findParcelShopsResponse');
      assert.deepEqual(
        partial.map((s) => [s.parcelShopId, s.distance]),
        [[101, 0]],
      );
      // Two characters are a postcode area too.
      assert.deepEqual(await near({ country: 'NL', zipCode: '35' }), [104, 103, 102]);
    });

    it('sorts by the exact distance, though the answer rounds it to 10 m', async () => {
      // 0.0005° of longitude apart at the same latitude: both round to the same 0.01 km, the nearer first.
      const point = { latitude: 50.0, longitude: 10.0 };
      await t.store.parcelShops.saveParcelShops([
        shop(901, 'Verder', { country: 'DE', zipCode: '97421', city: 'Schweinfurt', latitude: 50.0, longitude: 10.037 }),
        shop(902, 'Dichterbij', { country: 'DE', zipCode: '97421', city: 'Schweinfurt', latitude: 50.0, longitude: 10.03695 }),
      ]);
      const found = await shopsOf(byGeo({ ...point, limit: 2 }), 'findParcelShopsByGeoDataResponse');
      assert.equal(found[0].distance, found[1].distance);
      assert.deepEqual(ids(found), [902, 901]);
    });

    it('places an address whose shops lie on both sides of the 180° meridian between them, not at 0°', async () => {
      // Taveuni (Fiji) straddles the meridian: its shops' mean longitude is 180°, 1.06 km from each.
      await t.store.parcelShops.saveParcelShops([
        shop(911, 'Waiyevo Store', { country: 'FJ', zipCode: 'TV1', city: 'Taveuni', latitude: -16.8, longitude: 179.99 }),
        shop(912, 'Wairiki Store', { country: 'FJ', zipCode: 'TV1', city: 'Taveuni', latitude: -16.8, longitude: -179.99 }),
      ]);
      const found = await shopsOf(byAddress({ country: 'FJ', city: 'Taveuni' }), 'findParcelShopsResponse');
      assert.deepEqual(ids(found).sort(), [911, 912]);
      assert.deepEqual(
        found.map((s) => s.distance),
        [1.06, 1.06],
      );
    });

    it('refuses a request it cannot answer, naming the field', async () => {
      const refusals: ReadonlyArray<[Promise<{ statusCode: number; json(): any }>, RegExp]> = [
        [byGeo({ latitude: 52.37 }), /longitude is required/],
        [byGeo({ ...DAM, latitude: 91 }), /latitude must be at most 90/],
        [byGeo({ ...DAM, limit: 101 }), /limit must be at most 100/],
        [byGeo({ ...DAM, availableService: 'everything' }), /availableService must be one of parcelShopDelivery, dropOff, returns/],
        [byAddress({ country: 'XX', city: 'Amsterdam' }), /country XX is not an ISO 3166-1 alpha-2 country code/],
        [byAddress({ country: 'NL', street: 'Damrak' }), /zipCode: give a zipCode or a city/],
      ];
      for (const [response, message] of refusals) {
        const answer = await response;
        const body = answer.json();
        assert.equal(answer.statusCode, 400);
        assert.equal(body.status.code, 'ERR_INVALID_REQUEST');
        assert.match(body.status.message, message);
      }
      const anonymous = await byGeo(DAM, { delisId: auth.delisId, authToken: 'not-a-token', messageLanguage: 'en_US' });
      assert.equal(anonymous.statusCode, 401);
    });

    it('answers over SOAP with the entries in contract order', async () => {
      const xml = soapRequest('findParcelShopsByGeoData', { ...DAM, limit: 1 }, { authentication: auth });
      const response = await injectSoap(t, endpointOf('findParcelShopsByGeoData'), xml);
      assert.equal(response.statusCode, 200, response.body);
      const answer = readSoapAnswer(response.body);
      assert.equal(answer.kind, 'response');
      if (answer.kind !== 'response') return;
      assert.equal(answer.element.local, 'findParcelShopsByGeoDataResponse');
      const [found] = list(answer.value.parcelShop) as Array<Record<string, unknown>>;
      assert.equal(found.parcelShopId, '101');
      assert.equal(found.distance, '0.38');
      assert.deepEqual(list((found.services as { serviceDetail: unknown }).serviceDetail), [
        { code: 'parcelShopDelivery' },
        { code: 'dropOff' },
        { code: 'returns' },
      ]);
      assert.match(response.body, /<parcelShop><parcelShopId>101<\/parcelShopId><company>Kiosk Damrak<\/company><street>/);
    });

    it('refuses a PSD order naming a shop not in the directory, once it has shops', async () => {
      const unknown = shopDeliveryRequest();
      const validation = (await t.post(REST_PATH.validateOrders, { authentication: auth, storeOrders: unknown })).json();
      assert.deepEqual(
        validation.orderResult.messages.map((m: { code: string }) => m.code),
        ['error_parcel_shop_unknown'],
      );
      assert.match(
        validation.orderResult.messages[0].detail,
        /order\[0\]\.productAndServiceData\.parcelShopDelivery\.parcelShopId 123456789 is not a parcel shop of the directory/,
      );
      const refused = (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: unknown })).json();
      assert.equal(refused.orderResult.shipmentResponses[0].faults[0].faultCode, 'error_parcel_shop_unknown');
      // Named as a number or with leading zeros, shop 101 is in the directory.
      for (const parcelShopId of [101, '000000101']) {
        const known = edit(shopDeliveryRequest(), set('order[0].productAndServiceData.parcelShopDelivery.parcelShopId', parcelShopId));
        const stored = (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: known })).json();
        assert.equal(stored.orderResult.shipmentResponses[0].faults, undefined, JSON.stringify(stored.orderResult.shipmentResponses[0]));
        assert.equal(stored.orderResult.shipmentResponses[0].parcelInformation.length, 1);
      }
    });
  });
}
