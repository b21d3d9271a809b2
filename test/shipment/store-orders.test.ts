// storeOrders over REST on both stores: answers per order type, atomicity, numbers never reused,
// label formats per printOptions, live approval of pickups, late export state.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  collectionRequest,
  edit,
  minimumOrder,
  minimumParcel,
  minimumRequest,
  pickupRequest,
  returnRequest,
  set,
  shopDeliveryRequest,
  shopReturnRequest,
  type JsonObject,
} from '../fixtures/requests.ts';
import { decodeBarcodes, extractPdfText, rasterisePdf } from '../support/label-reading.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';

/** The order's sender (the customer) in NL and its recipient in BE, so a label shows which one it routes to. */
const crossBorder = (request: JsonObject): JsonObject =>
  edit(
    request,
    set('order[0].generalShipmentData.sender', {
      name1: 'Pakketverzender BV',
      street: 'Keizersgracht',
      houseNo: '1',
      country: 'NL',
      zipCode: '1015CJ',
      city: 'Amsterdam',
    }),
    set('order[0].generalShipmentData.recipient', {
      name1: 'Ontvanger BVBA',
      street: 'Meir',
      houseNo: '40',
      country: 'BE',
      zipCode: '2000',
      city: 'Antwerpen',
    }),
  );

/** Where each design prints its FROM and TO blocks and its routing line (design-a6.ts, design-a7.ts), in mm. */
const LABEL_AREAS = {
  A6: {
    from: { x: 0, y: 0, width: 68, height: 25.5 },
    to: { x: 0, y: 26, width: 105, height: 35.5 },
    routing: { x: 31, y: 85, width: 71, height: 9 },
    service: { x: 56, y: 72.5, width: 46, height: 6 },
  },
  A7: {
    from: { x: 0, y: 11, width: 49, height: 22 },
    to: { x: 49.5, y: 11, width: 55.5, height: 22 },
    routing: { x: 19, y: 37, width: 38, height: 6.5 },
  },
} as const;

const serialOf = (parcelLabelNumber: string) => Number(parcelLabelNumber.slice(4));
const numbersOf = (body: { orderResult: { shipmentResponses: Array<{ parcelInformation?: Array<{ parcelLabelNumber: string }> }> } }) =>
  body.orderResult.shipmentResponses.flatMap((r) => (r.parcelInformation ?? []).map((p) => p.parcelLabelNumber));

for (const dialect of STORE_DIALECTS) {
  describe(`storeOrders (REST) [${dialect}]`, () => {
    let t: TestApp;
    let authentication: Auth;
    const store = (request: JsonObject, auth: Auth = authentication) =>
      t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: request });
    before(async () => {
      t = await startTestApp({ dialect });
      authentication = await t.authenticate((await t.addAccount()).delisId);
    });
    after(() => t.close());

    it('stores the minimum request: one 14-digit number, mpsId, a PDF, status OK', async () => {
      const response = await store(minimumRequest());
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual(body.status, { type: 'OK', code: '200', message: 'valid' });
      const [shipment] = body.orderResult.shipmentResponses;
      assert.equal(shipment.identificationNumber, '');
      const [parcel] = shipment.parcelInformation;
      assert.match(parcel.parcelLabelNumber, /^0522\d{10}$/);
      assert.equal(parcel.carrierReference, null);
      assert.equal(shipment.mpsId, `MPS${parcel.parcelLabelNumber}20261123`);
      assert.equal(shipment.mpsId.length, 25);
      assert.equal(Buffer.from(body.orderResult.parcellabelsPDF, 'base64').subarray(0, 5).toString(), '%PDF-');
      assert.equal(body.orderResult.parcellabelsPNG_qr, null);
      const [stored] = await t.store.shipments.findParcels((await t.store.accounts.findAccount(authentication.delisId))!.id, [
        parcel.parcelLabelNumber,
      ]);
      assert.equal(stored.state, 'transferred');
    });

    it('is atomic: a bad third order stores nothing and uses up no number', async () => {
      const before = numbersOf((await store(minimumRequest())).json());
      const bad = { ...minimumRequest(), order: [minimumOrder(), minimumOrder(), edit(minimumOrder(), set('parcels[0].weight', 9999))] };
      const refused = await store(bad);
      assert.equal(refused.statusCode, 200);
      const body = refused.json();
      assert.equal(body.orderResult.parcellabelsPDF, null);
      assert.equal(body.orderResult.shipmentResponses.length, 3);
      assert.deepEqual(
        body.orderResult.shipmentResponses[2].faults.map((f: { faultCode: string }) => f.faultCode),
        ['error_parcel_exceeds_maximum_allowed_weight'],
      );
      assert.equal(body.orderResult.shipmentResponses[0].faults, undefined);
      assert.deepEqual(numbersOf(body), []);
      const next = numbersOf((await store(minimumRequest())).json());
      assert.equal(serialOf(next[0]), serialOf(before[0]) + 1, 'the refused request consumed a number');
    });

    it('refuses an order of more parcels than the operator allows (maxParcelsPerOrder), storing nothing', async () => {
      const small = await startTestApp({ dialect, env: { OPERATOR_VALUES: '{"maxParcelsPerOrder": 2}' } });
      try {
        const auth = await small.authenticate((await small.addAccount()).delisId);
        const post = (parcels: number) =>
          small.post(REST_PATH.storeOrders, {
            authentication: auth,
            storeOrders: edit(minimumRequest(), set('order[0].parcels', Array.from({ length: parcels }, minimumParcel))),
          });
        const refused = (await post(3)).json();
        assert.deepEqual(
          refused.orderResult.shipmentResponses[0].faults.map((f: { faultCode: string; message: string }) => [f.faultCode, f.message]),
          [['error_too_many_parcels', 'order[0].parcels has 3 parcels; an order takes at most 2.']],
        );
        assert.deepEqual(numbersOf(refused), []);
        assert.equal(numbersOf((await post(2)).json()).length, 2);
      } finally {
        await small.close();
      }
    });

    it('validateOrders of the same request creates no parcel number, label or stored parcel (spec "validateOrders rules" 2)', async () => {
      const before = numbersOf((await store(minimumRequest())).json());
      const validated = await t.post(REST_PATH.validateOrders, {
        authentication,
        validateOrders: { ...minimumRequest(), order: [minimumOrder(), minimumOrder()] },
      });
      assert.deepEqual(validated.json().orderResult, { success: true, messages: [] });
      const next = numbersOf((await store(minimumRequest())).json());
      assert.equal(serialOf(next[0]), serialOf(before[0]) + 1, 'validateOrders used up a number');
      assert.equal(validated.json().orderResult.parcellabelsPDF, undefined);
    });

    it('numbers the parcels of a multi-order, multi-parcel request in request order', async () => {
      const request = { ...returnRequest(), order: [(returnRequest().order as JsonObject[])[0], minimumOrder()] };
      const body = (await store(request)).json();
      const numbers = numbersOf(body);
      assert.equal(numbers.length, 3);
      assert.deepEqual(
        numbers.map(serialOf),
        [0, 1, 2].map((i) => serialOf(numbers[0]) + i),
      );
      assert.equal(new Set(numbers).size, 3);
      const pdf = Buffer.from(body.orderResult.parcellabelsPDF, 'base64').toString('latin1');
      assert.equal((pdf.match(/\/Type\s*\/Page\b/g) ?? []).length, 3);
    });

    const MASK = {
      name1: 'Merkwinkel BV',
      street: 'Damrak',
      houseNo: '5',
      country: 'NL',
      zipCode: '1012LG',
      city: 'Amsterdam',
      phone: '+31201234567',
    };
    const returnLabels = [
      { name: 'A6, outbound then return', request: crossBorder(returnRequest()), paperFormat: 'A6', returns: [false, true], masked: false },
      {
        name: 'A6 with a masking address',
        request: edit(crossBorder(returnRequest()), set('order[0].generalShipmentData.senderMaskingAddress', MASK)),
        paperFormat: 'A6',
        returns: [false, true],
        masked: true,
      },
      { name: 'A7 shop return', request: crossBorder(shopReturnRequest()), paperFormat: 'A7', returns: [true], masked: false },
    ] as const;
    for (const { name, request, paperFormat, returns, masked } of returnLabels) {
      it(`${name}: a return label reads from the recipient to the customer and is sorted to the customer's postcode`, async () => {
        const body = (await store(request)).json();
        const numbers = numbersOf(body);
        assert.equal(numbers.length, returns.length);
        const pdf = Buffer.from(body.orderResult.parcellabelsPDF, 'base64');
        const pages = await rasterisePdf(pdf);
        const [froms, tos, routings] = await Promise.all(
          [LABEL_AREAS[paperFormat].from, LABEL_AREAS[paperFormat].to, LABEL_AREAS[paperFormat].routing].map(async (area) =>
            (await extractPdfText(pdf, area)).split('\f'),
          ),
        );
        for (const [i, isReturn] of returns.entries()) {
          const sort = (await decodeBarcodes(pages[i])).find((code) => code.format === 'Code128');
          const [postcode, country] = isReturn ? ['01015CJ', '528'] : ['0002000', '056'];
          assert.match(sort?.text ?? '', new RegExp(`^%${postcode}${numbers[i]}\\d{3}${country}$`), `parcel ${i + 1}`);
          assert.equal(routings[i].trim(), isReturn ? 'NL-1015CJ' : 'BE-2000', `parcel ${i + 1} routing`);
          // The masking address replaces the sender only where the customer sends; a return goes to the customer itself.
          const customer = masked && !isReturn ? MASK.name1 : 'Pakketverzender BV';
          const [sender, recipient] = isReturn ? ['Ontvanger BVBA', customer] : [customer, 'Ontvanger BVBA'];
          assert.ok(
            froms[i].includes('FROM') && froms[i].includes(sender) && !froms[i].includes(recipient),
            `parcel ${i + 1} FROM: ${froms[i]}`,
          );
          assert.ok(tos[i].includes('TO') && tos[i].includes(recipient) && !tos[i].includes(sender), `parcel ${i + 1} TO: ${tos[i]}`);
          if (masked) assert.ok(!(isReturn ? tos[i] : froms[i]).includes(isReturn ? MASK.name1 : 'Pakketverzender BV'), `parcel ${i + 1}`);
        }
      });
    }

    // Spec "Products and services": the Express and Tyre codes share a service family; the label tells them apart.
    const SERVICE_TEXTS = [
      ['E830', '350', 'Express 08:30'],
      ['AM1', '179', 'Express 10:00'],
      ['E12', '225', 'Express 12:00'],
      ['PM2', '155', 'Express Guarantee'],
      ['B2BTyre', '365', 'Tyre Business'],
      ['B2CTyre', '366', 'Tyre Home'],
      ['B2B', '101', 'Business'],
    ] as const;
    for (const [product, code, serviceText] of SERVICE_TEXTS) {
      it(`prints product ${product} as service ${code} ${serviceText}`, async () => {
        const body = (
          await store(edit(minimumRequest(), set('order[0].generalShipmentData.product', product), set('order[0].parcels[0].weight', 2000)))
        ).json();
        assert.equal(body.status.type, 'OK', JSON.stringify(body.orderResult?.shipmentResponses));
        const pdf = Buffer.from(body.orderResult.parcellabelsPDF, 'base64');
        const lines = (await extractPdfText(pdf, LABEL_AREAS.A6.service))
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '');
        assert.deepEqual(lines, [serviceText]);
        assert.ok((await extractPdfText(pdf)).split('\n').includes(code), `service code ${code}`);
      });
    }

    it('a shop delivery names its parcel shop on the TO line of PDF and ZPL labels; its return label does not', async () => {
      const request = edit(
        shopDeliveryRequest(),
        set('order[0].parcels', [minimumParcel(), { customerReferenceNumber1: 'RETURN-0003', weight: 500, returns: true }]),
      );
      const pdf = Buffer.from((await store(request)).json().orderResult.parcellabelsPDF, 'base64');
      const [outbound, ret] = (await extractPdfText(pdf, LABEL_AREAS.A6.to)).split('\f');
      const [outboundToLine] = (await extractPdfText(pdf, { x: 0, y: 26, width: 105, height: 3.5 })).split('\f');
      assert.deepEqual(
        outboundToLine.split(/\s*\n\s*/).filter((line) => line !== ''),
        ['TO', 'Parcel shop 123456789'],
      );
      assert.ok(outbound.includes('Jan Jansen'), outbound);
      assert.ok(!ret.includes('Parcel shop') && ret.includes('Pakketverzender BV'), ret);
      const zplRequest = edit(shopDeliveryRequest(), set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6' }));
      const zpl = Buffer.from((await store(zplRequest)).json().orderResult.parcellabelsPDF, 'base64').toString('latin1');
      assert.match(zpl, /\^FH\^FDParcel shop 123456789\^FS/);
    });

    it('answers a pickup order with only its mpsId', async () => {
      const body = (await store(pickupRequest())).json();
      assert.deepEqual(Object.keys(body.orderResult.shipmentResponses[0]).sort(), ['identificationNumber', 'mpsId']);
      assert.match(body.orderResult.shipmentResponses[0].mpsId, /^MPS0522\d{10}20261123$/);
      assert.equal(body.orderResult.parcellabelsPDF, null);
    });

    it('refuses a pickup order sent with a consignment, and one with "parcels": [], storing nothing', async () => {
      const before = numbersOf((await store(minimumRequest())).json());
      const mixed = { ...minimumRequest(), order: [minimumOrder(), (pickupRequest().order as JsonObject[])[0]] };
      const withEmptyParcels = edit(pickupRequest(), set('order[0].parcels', []));
      for (const [request, index, code] of [
        [mixed, 1, 'error_pickup_order_not_alone'],
        [withEmptyParcels, 0, 'error_parcels_not_allowed_for_pickup_order'],
      ] as const) {
        const body = (await store(request)).json();
        assert.equal(body.orderResult.shipmentResponses[index].mpsId, undefined);
        assert.deepEqual(
          body.orderResult.shipmentResponses[index].faults.map((f: { faultCode: string }) => f.faultCode),
          [code],
        );
      }
      const next = numbersOf((await store(minimumRequest())).json());
      assert.equal(serialOf(next[0]), serialOf(before[0]) + 1, 'a refused request consumed a number');
    });

    it('answers a collection request with only its carrierReference', async () => {
      const body = (await store(collectionRequest())).json();
      const [shipment] = body.orderResult.shipmentResponses;
      assert.deepEqual(Object.keys(shipment).sort(), ['identificationNumber', 'parcelInformation']);
      assert.deepEqual(Object.keys(shipment.parcelInformation[0]), ['carrierReference']);
      assert.match(shipment.parcelInformation[0].carrierReference, /^CR0522\d{10}$/);
      assert.equal(body.orderResult.parcellabelsPDF, null);
    });

    const formats: ReadonlyArray<{ printOptions: JsonObject; pdf: string | null; png: boolean }> = [
      { printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' }, pdf: '^XA', png: false },
      { printOptions: { printerLanguage: 'PDF', paperFormat: 'A6', dropOffType: 'QR_CODE' }, pdf: null, png: true },
      { printOptions: { printerLanguage: 'PDF', paperFormat: 'A6', dropOffType: 'BOTH' }, pdf: '%PDF-', png: true },
      { printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6', dropOffType: 'BOTH' }, pdf: '^XA', png: true },
      {
        printOptions: { printerLanguage: 'PDF', paperFormat: 'A4', startPosition: 'LOWER_RIGHT', dropOffType: 'FULL_LABEL' },
        pdf: '%PDF-',
        png: false,
      },
    ];
    for (const format of formats) {
      it(`prints ${JSON.stringify(format.printOptions)}`, async () => {
        const body = (await store({ ...minimumRequest(), printOptions: format.printOptions })).json();
        const labels = body.orderResult.parcellabelsPDF;
        if (format.pdf === null) assert.equal(labels, null);
        else assert.ok(Buffer.from(labels, 'base64').toString('latin1').startsWith(format.pdf));
        const png = body.orderResult.parcellabelsPNG_qr;
        if (format.png) assert.deepEqual([...Buffer.from(png, 'base64').subarray(1, 4)], [0x50, 0x4e, 0x47]);
        else assert.equal(png, null);
      });
    }

    it('prints PDF A6 without printOptions', async () => {
      const { printOptions: _, ...request } = minimumRequest();
      const body = (await store(request)).json();
      assert.ok(Buffer.from(body.orderResult.parcellabelsPDF, 'base64').toString('latin1').startsWith('%PDF-'));
    });

    it('queues the parcels of a late-export account', async () => {
      const account = await t.addAccount({ lateExport: true });
      const body = (await store(minimumRequest(), await t.authenticate(account.delisId))).json();
      const [stored] = await t.store.shipments.findParcels(account.id, numbersOf(body));
      assert.equal(stored.state, 'queued');
      assert.equal(stored.expiresAt, undefined);
    });

    it("does not show one account's parcels to another", async () => {
      const numbers = numbersOf((await store(minimumRequest())).json());
      const other = await t.addAccount();
      assert.deepEqual(await t.store.shipments.findParcels(other.id, numbers), []);
    });
  });
}

describe('storeOrders on live', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PARCEL_ENV: 'live' } });
  });
  after(() => t.close());

  it('refuses pickup orders and collection requests until the account is pickupApproved', async () => {
    const waiting = await t.authenticate((await t.addAccount()).delisId);
    for (const request of [pickupRequest(), collectionRequest()]) {
      const body = (await t.post(REST_PATH.storeOrders, { authentication: waiting, storeOrders: request })).json();
      assert.equal(body.orderResult.shipmentResponses[0].faults[0].faultCode, 'error_pickup_not_approved');
    }
    const approved = await t.authenticate((await t.addAccount({ pickupApproved: true })).delisId);
    const body = (await t.post(REST_PATH.storeOrders, { authentication: approved, storeOrders: pickupRequest() })).json();
    assert.match(body.orderResult.shipmentResponses[0].mpsId, /^MPS/);
  });
});
