// ConsoleService findParcels: the account's parcels and only its own, newest first, by reference or
// number, paged; a filter it cannot read refused by name; over SOAP too, described by its own WSDL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Plain } from '../support/soap-response.ts';
import { startConsoleAccounts, type ConsoleAccounts } from '../support/console-accounts.ts';

describe('ConsoleService findParcels', () => {
  let accounts: ConsoleAccounts;
  before(async () => {
    accounts = await startConsoleAccounts();
  });
  after(() => accounts.t.close());

  it('findParcels lists the caller’s parcels newest first, by reference in any case, never another account’s', async () => {
    const { bob, numbers, call } = accounts;
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
    const { call } = accounts;
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

  it('answers ConsoleService over SOAP too, described by its own WSDL', async () => {
    const { t, numbers, soap } = accounts;
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
