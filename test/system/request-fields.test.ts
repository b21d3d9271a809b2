// Request fields whose effect an integrator only sees end to end, over REST and SOAP alike: the
// authentication object's limits (spec "Authentication object"), and which of an order's fields a
// label prints (spec "generalShipmentData", "parcel", "printOptions").
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { edit, merge, minimumRequest, set, type JsonObject } from '../fixtures/requests.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { readSoapAnswer } from '../support/soap-response.ts';
import { soapRequest } from '../support/soap-request.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';

/** What a call came to, whichever binding carried it: the labels' bytes, or a fault's code and message. */
type Outcome = { readonly labels: Buffer | null } | { readonly fault: string; readonly message: string };

interface Binding {
  readonly name: 'REST' | 'SOAP';
  store(t: TestApp, authentication: JsonObject, request: JsonObject): Promise<Outcome>;
}

const BINDINGS: readonly Binding[] = [
  {
    name: 'REST',
    async store(t, authentication, request) {
      const body = (await t.post(REST_PATH.storeOrders, { authentication, storeOrders: request })).json();
      if (body.status.type !== 'OK') return { fault: body.status.code, message: body.status.message };
      const fault = body.orderResult.shipmentResponses.flatMap((r: { faults?: unknown[] }) => r.faults ?? [])[0];
      if (fault !== undefined) return { fault: fault.faultCode, message: fault.message };
      return { labels: body.orderResult.parcellabelsPDF === null ? null : Buffer.from(body.orderResult.parcellabelsPDF, 'base64') };
    },
  },
  {
    name: 'SOAP',
    async store(t, authentication, request) {
      const answer = readSoapAnswer(
        (await injectSoap(t, endpointOf('storeOrders'), soapRequest('storeOrders', request, { authentication }))).body,
      );
      if (answer.kind === 'fault') {
        const children: Record<string, string> = answer.fault.detail?.children ?? {};
        return { fault: children.faultCode ?? children.errorCode, message: children.message ?? children.errorMessage };
      }
      const labels = (answer.value.orderResult as Record<string, unknown>).parcellabelsPDF;
      return { labels: typeof labels === 'string' && labels !== '' ? Buffer.from(labels, 'base64') : null };
    },
  },
];

const ZPL = { printerLanguage: 'ZPL', paperFormat: 'A6' };
const PARCEL = 'order[0].parcels[0]';

for (const binding of BINDINGS) {
  describe(`request fields end to end (${binding.name})`, () => {
    let t: TestApp;
    let authentication: Auth;
    before(async () => {
      t = await startTestApp();
      authentication = await t.authenticate((await t.addAccount()).delisId);
    });
    after(() => t.close());

    /** The ZPL of the one label a request prints. */
    const zplOf = async (request: JsonObject) => {
      const outcome = await binding.store(t, authentication, request);
      assert.ok('labels' in outcome && outcome.labels !== null, JSON.stringify(outcome));
      return outcome.labels.toString('latin1');
    };

    // Spec "Authentication object": delisId 8 to 10 characters, authToken at most 64, messageLanguage
    // nl_NL or en_US; a problem with any of them is DELICOM_ERR_AUTHENTICATION.
    const AUTHENTICATION_CASES: ReadonlyArray<{ name: string; edit: (a: Auth) => JsonObject; message: RegExp }> = [
      {
        name: 'a delisId of 7 characters',
        edit: (a) => ({ ...a, delisId: 'KD12345' }),
        message: /authentication\.delisId is shorter than 8/,
      },
      {
        name: 'a delisId of 11 characters',
        edit: (a) => ({ ...a, delisId: 'KD123456789' }),
        message: /authentication\.delisId is longer than 10/,
      },
      {
        name: 'an authToken of 65 characters',
        edit: (a) => ({ ...a, authToken: 'A'.repeat(65) }),
        message: /authentication\.authToken is longer than 64/,
      },
      {
        name: 'no messageLanguage',
        edit: ({ delisId, authToken }) => ({ delisId, authToken }),
        message: /authentication\.messageLanguage is required/,
      },
      {
        name: 'messageLanguage en-GB (not ll_CC)',
        edit: (a) => ({ ...a, messageLanguage: 'en-GB' }),
        message: /authentication\.messageLanguage must contain a language and a country as ll_CC/,
      },
    ];
    for (const c of AUTHENTICATION_CASES) {
      it(`refuses ${c.name} with DELICOM_ERR_AUTHENTICATION`, async () => {
        const outcome = await binding.store(t, c.edit(authentication), minimumRequest());
        assert.ok('fault' in outcome, JSON.stringify(outcome));
        assert.equal(outcome.fault, 'DELICOM_ERR_AUTHENTICATION');
        assert.match(outcome.message, c.message);
      });
    }

    it('prints mpsCustomerReferenceNumber1–2 and customerReferenceNumber1–2, not the references 3 and 4', async () => {
      const zpl = await zplOf(
        edit(
          minimumRequest(),
          set('printOptions', ZPL),
          merge('order[0].generalShipmentData', {
            mpsCustomerReferenceNumber1: 'MREFONE',
            mpsCustomerReferenceNumber2: 'MREFTWO',
            mpsCustomerReferenceNumber3: 'MREFTHREE',
            mpsCustomerReferenceNumber4: 'MREFFOUR',
          }),
          merge(PARCEL, {
            customerReferenceNumber1: 'PREFONE',
            customerReferenceNumber2: 'PREFTWO',
            customerReferenceNumber3: 'PREFTHREE',
            customerReferenceNumber4: 'PREFFOUR',
          }),
        ),
      );
      for (const printed of ['MREFONE', 'MREFTWO', 'PREFONE', 'PREFTWO']) assert.ok(zpl.includes(printed), printed);
      for (const unprinted of ['MREFTHREE', 'MREFFOUR', 'PREFTHREE', 'PREFFOUR']) assert.ok(!zpl.includes(unprinted), unprinted);
    });

    const INFO1 = [
      [true, true],
      [false, false],
      [undefined, false],
    ] as const;
    for (const [flag, printed] of INFO1) {
      it(`${printed ? 'prints' : 'does not print'} info1 when printInfo1OnParcelLabel is ${flag ?? 'absent'}`, async () => {
        const parcel: JsonObject = { info1: 'HANDLEWITHCARE', ...(flag === undefined ? {} : { printInfo1OnParcelLabel: flag }) };
        const zpl = await zplOf(edit(minimumRequest(), set('printOptions', ZPL), merge(PARCEL, parcel)));
        assert.equal(zpl.includes('HANDLEWITHCARE'), printed);
      });
    }

    // Spec "printOptions": printerResolution is the ZPL printer's resolution; the label is laid out for it.
    for (const [resolution, width] of [
      [undefined, 839],
      [300, 1240],
      [600, 2480],
    ] as const) {
      it(`lays ZPL out for ${resolution ?? 'the default 203'} dpi`, async () => {
        const zpl = await zplOf(
          edit(minimumRequest(), set('printOptions', resolution === undefined ? ZPL : { ...ZPL, printerResolution: resolution })),
        );
        assert.match(zpl, new RegExp(`\\^PW${width}\\n`));
      });
    }
  });
}

describe('the SOAP authentication header with attributes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  // Spec "Authentication object": the SOAP schema allows additional attributes on the element; clients
  // add their own, or SOAP's mustUnderstand and actor, which this service does understand.
  it('is read as without them', async () => {
    const authentication = await t.authenticate((await t.addAccount()).delisId);
    const plain = soapRequest('validateOrders', minimumRequest(), { authentication });
    for (const attributes of ['extra="any"', 'soapenv:mustUnderstand="1"', 'soapenv:actor="http://schemas.xmlsoap.org/soap/actor/next"']) {
      const answer = readSoapAnswer(
        (await injectSoap(t, endpointOf('validateOrders'), plain.replace('<auth:authentication ', `<auth:authentication ${attributes} `)))
          .body,
      );
      assert.equal(answer.kind, 'response', attributes);
      assert.equal(answer.kind === 'response' && (answer.value.orderResult as Record<string, unknown>).success, 'true', attributes);
    }
  });
});
