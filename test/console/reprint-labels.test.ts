// ConsoleService reprintLabels: the very label storeOrders drew, in its print options; a deleted
// parcel's refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startConsoleAccounts, type ConsoleAccounts } from '../support/console-accounts.ts';

describe('ConsoleService reprintLabels', () => {
  let accounts: ConsoleAccounts;
  before(async () => {
    accounts = await startConsoleAccounts();
  });
  after(() => accounts.t.close());

  it('reprintLabels draws the very label storeOrders answered, in its print options', async () => {
    const { numbers, storedPdf, call, soap } = accounts;
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
});
