// ConsoleService getParcelData: one parcel with its order as stored and its history, over REST and
// SOAP alike; another account's parcel is unknown.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Plain } from '../support/soap-response.ts';
import { startConsoleAccounts, type ConsoleAccounts } from '../support/console-accounts.ts';

describe('ConsoleService getParcelData', () => {
  let accounts: ConsoleAccounts;
  before(async () => {
    accounts = await startConsoleAccounts();
  });
  after(() => accounts.t.close());

  it('getParcelData answers the order as stored and the history, over REST and SOAP alike; another account’s parcel is unknown', async () => {
    const { bob, numbers, call, soap } = accounts;
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
});
