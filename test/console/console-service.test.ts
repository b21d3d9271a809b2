// ConsoleService over both bindings: the account's parcels and only its own, one parcel with its order
// and history, a reprint that is the label storeOrders drew, the stage log read back with its
// answers masked — and on live, no log to read.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StageLogBuffer } from '../../src/server/stage-log/stage-log-buffer.ts';
import { edit, minimumRequest, set } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH, type Auth, type RestOperation } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { readSoapAnswer, type Plain } from '../support/soap-response.ts';

describe('ConsoleService', () => {
  let t: TestApp;
  let alice: Auth;
  let bob: Auth;
  const numbers: string[] = [];
  let storedPdf = '';
  const call = (operation: RestOperation, body: unknown, authentication = alice) =>
    t.post(REST_PATH[operation], { authentication, [operation]: body });
  /** The SOAP answer's response element, or its fault. */
  const soap = async (operation: string, body: Record<string, unknown>, authentication = alice) =>
    readSoapAnswer((await injectSoap(t, endpointOf(operation), soapRequest(operation, body as never, { authentication }))).body);

  before(async () => {
    t = await startTestApp();
    alice = await t.authenticate((await t.addAccount()).delisId);
    bob = await t.authenticate((await t.addAccount()).delisId);
    for (const reference of ['FIRST-1', 'SECOND-2']) {
      const stored = (
        await call('storeOrders', edit(minimumRequest(), set('order[0].parcels[0].customerReferenceNumber1', reference)))
      ).json();
      numbers.push(stored.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber);
      storedPdf = stored.orderResult.parcellabelsPDF;
    }
    await call('storeOrders', minimumRequest(), bob);
  });
  after(() => t.close());

  it('findParcels lists the caller’s parcels newest first, by reference in any case, never another account’s', async () => {
    const all = (await call('findParcels', {})).json().findParcelsResponse;
    assert.deepEqual(
      all.parcel.map((parcel: { parcelLabelNumber: string }) => parcel.parcelLabelNumber),
      [...numbers].reverse(),
    );
    assert.equal(all.more, false);
    assert.deepEqual(all.parcel[0].reference, ['SECOND-2', 'ORDER-4711']);
    assert.equal(all.parcel[0].recipientName, 'Ontvanger BV');
    const found = (await call('findParcels', { search: 'first-1' })).json().findParcelsResponse.parcel;
    assert.deepEqual(
      found.map((parcel: { parcelLabelNumber: string }) => parcel.parcelLabelNumber),
      [numbers[0]],
    );
    const paged = (await call('findParcels', { limit: 1 })).json().findParcelsResponse;
    assert.equal(paged.more, true);
    const rest = (await call('findParcels', { limit: 1, after: paged.parcel[0].parcelLabelNumber })).json().findParcelsResponse;
    assert.deepEqual([rest.parcel[0].parcelLabelNumber, rest.more], [numbers[0], false]);
    assert.deepEqual((await call('findParcels', { search: numbers[0] }, bob)).json().findParcelsResponse.parcel, []);
  });

  it('findParcels refuses a filter it cannot read, naming it', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ state: 'stolen' }, /state/],
      [{ shipDateFrom: 20261131 }, /shipDateFrom 20261131 is not a real date/],
      [{ limit: 0 }, /limit must be at least 1/],
      [{ after: '123' }, /after/],
    ];
    for (const [body, message] of cases) {
      const answer = await call('findParcels', body);
      assert.equal(answer.statusCode, 400, answer.body);
      assert.match(answer.json().status.message, message);
    }
  });

  it('getParcelData answers the order as stored and the history, over REST and SOAP alike; another account’s parcel is unknown', async () => {
    const rest = (await call('getParcelData', { parcelLabelNumber: numbers[0] })).json().getParcelDataResponse.parcel;
    assert.equal(rest.order.generalShipmentData.recipient.name1, 'Ontvanger BV');
    assert.deepEqual(rest.printOptions, { printerLanguage: 'PDF', paperFormat: 'A6' });
    assert.deepEqual(
      rest.event.map((event: { state: string }) => event.state),
      ['created', 'transferred'],
    );
    const answer = await soap('getParcelData', { parcelLabelNumber: numbers[0] });
    assert.equal(answer.kind, 'response');
    const parcel = (answer.value as { parcel: Record<string, Plain> }).parcel;
    assert.equal(parcel.parcelLabelNumber, numbers[0]);
    assert.equal(
      (((parcel.order as Record<string, Plain>).generalShipmentData as Record<string, Plain>).recipient as Record<string, Plain>).name1,
      'Ontvanger BV',
    );
    const foreign = await call('getParcelData', { parcelLabelNumber: numbers[0] }, bob);
    assert.equal(foreign.statusCode, 400);
    assert.match(foreign.json().status.message, /is not a parcel of this account/);
  });

  it('reprintLabels draws the very label storeOrders answered, in its print options', async () => {
    const label = (await call('reprintLabels', { parcelLabelNumber: [numbers[1]] })).json().reprintLabelsResponse.label[0];
    assert.deepEqual([label.parcelLabelNumber, label.printerLanguage, label.paperFormat], [numbers[1], 'PDF', 'A6']);
    assert.equal(label.parcellabelsPDF, storedPdf);
    const deleted = await call('deleteOrders', { parcelLabelNumber: [numbers[1]] });
    assert.equal(deleted.json().orderResult[0].success, true);
    const refused = await call('reprintLabels', { parcelLabelNumber: [numbers[0], numbers[1]] });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().status.message, new RegExp(`parcelLabelNumber\\[1\\] ${numbers[1]} was deleted`));
    const soapAnswer = await soap('reprintLabels', { parcelLabelNumber: [numbers[0]] });
    assert.equal(soapAnswer.kind, 'response');
    assert.match((soapAnswer.value as { label: { parcellabelsPDF: string } }).label.parcellabelsPDF, /^JVBERi0/, 'a PDF, base64');
  });

  it('findStageRequests reads back the caller’s own calls with their masked answers; the console’s reads only when asked', async () => {
    await (t.deps.stageLog as StageLogBuffer).flush();
    const own = (await call('findStageRequests', {})).json().findStageRequestsResponse.stageRequest;
    const operations = own.map((entry: { operation: string }) => entry.operation);
    assert.ok(
      operations.includes('storeOrders') && operations.includes('deleteOrders') && operations.includes('getAuth'),
      operations.join(),
    );
    assert.ok(!operations.some((name: string) => ['findParcels', 'getParcelData', 'reprintLabels'].includes(name)), operations.join());
    const login = own.find((entry: { operation: string }) => entry.operation === 'getAuth');
    assert.doesNotMatch(login.answer, new RegExp(alice.authToken), 'the token is masked');
    assert.match(login.answer, /"authToken":"\*\*\*"/);
    const stored = own.find((entry: { operation: string }) => entry.operation === 'storeOrders');
    assert.match(stored.answer, /"parcellabelsPDF":"\[\d+ bytes, not kept in the stage log\]"/);
    const refused = own.find((entry: { operation: string; errorCode?: string }) => entry.operation === 'reprintLabels');
    assert.equal(refused, undefined);

    const withConsole = (await call('findStageRequests', { includeConsole: true, failedOnly: true })).json().findStageRequestsResponse
      .stageRequest;
    const reprint = withConsole.find((entry: { operation: string }) => entry.operation === 'reprintLabels');
    assert.equal(reprint.errorCode, 'ERR_INVALID_REQUEST');
    assert.match(JSON.parse(reprint.answer).status.message, /was deleted/);
    const parcelData = (await call('findStageRequests', { operation: 'getParcelData' })).json().findStageRequestsResponse.stageRequest;
    assert.ok(parcelData.length >= 1);
    for (const entry of parcelData) assert.doesNotMatch(entry.answer, /Ontvanger BV/, 'names masked in answers');
    const bobs = (await call('findStageRequests', {}, bob)).json().findStageRequestsResponse.stageRequest;
    assert.deepEqual(
      bobs.map((entry: { operation: string }) => entry.operation),
      ['storeOrders', 'getAuth'],
      'only the caller’s own calls',
    );
  });

  it('answers ConsoleService over SOAP too, described by its own WSDL', async () => {
    const wsdl = await t.app.inject({ method: 'GET', url: '/soap/WSDL/ConsoleServiceV10.wsdl' });
    assert.equal(wsdl.statusCode, 200);
    for (const operation of ['findParcels', 'getParcelData', 'reprintLabels', 'findStageRequests']) {
      assert.match(wsdl.body, new RegExp(`<wsdl:operation name="${operation}">`));
    }
    const answer = await soap('findParcels', { search: 'FIRST-1' });
    assert.equal(answer.kind, 'response');
    assert.equal((answer.value as { parcel: Record<string, Plain> }).parcel.parcelLabelNumber, numbers[0]);
  });
});

describe('ConsoleService on live', () => {
  let t: TestApp;
  let alice: Auth;
  before(async () => {
    t = await startTestApp({ env: { PARCEL_ENV: 'live' } });
    alice = await t.authenticate((await t.addAccount()).delisId);
  });
  after(() => t.close());

  it('reads parcels as on stage, but has no stage log to read', async () => {
    assert.equal((await t.post(REST_PATH.findParcels, { authentication: alice, findParcels: {} })).statusCode, 200);
    const answer = await t.post(REST_PATH.findStageRequests, { authentication: alice, findStageRequests: {} });
    assert.equal(answer.statusCode, 404);
    assert.deepEqual(answer.json().status, {
      type: 'FaultCodeType',
      code: 'ERR_STAGE_ONLY',
      message: 'findStageRequests is served on stage only: live keeps no log of requests.',
    });
  });

  it('serves the console page, which names the environment', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/console' });
    // Built or not (a run from source before `npm run build`), the page says which, never a 404.
    assert.ok([200, 503].includes(page.statusCode), String(page.statusCode));
    if (page.statusCode === 200) assert.match(page.body, /data-environment="live"/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
    const post = await t.app.inject({ method: 'POST', url: '/console' });
    assert.equal(post.statusCode, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });
});
