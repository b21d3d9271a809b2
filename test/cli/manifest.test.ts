// `parcel-service manifest`, run as a real process on a stage store: one day's end-of-day manifest of an
// account written to a PDF file, with its count; a malformed date and an unknown account refused.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatParcelNumber } from '../../src/labels/label-layout.ts';
import { transferredOrder } from '../fixtures/stored-orders.ts';
import { openCliStage, type CliStage } from '../support/cli-stage.ts';
import { extractPdfText } from '../support/label-reading.ts';

const DELIS_ID = 'KDMANIFST';
const NUMBERS = ['05229000000021', '05229000000022'];
const DAY = 20261102;
const address = (name1: string) => ({ name1, street: 'Dorpsstraat 1', zipCode: '1234AB', city: 'Utrecht', country: 'NL' });
const ORDER = transferredOrder(NUMBERS, DAY, {
  data: {
    generalShipmentData: { sendingDepot: '0522', product: 'B2B', sender: address('Afzender BV'), recipient: address('Jan Jansen') },
    parcels: [{ customerReferenceNumber1: 'REF-ONE' }, { customerReferenceNumber1: 'REF-TWO' }],
    productAndServiceData: { orderType: 'consignment' },
  },
});

describe('parcel-service manifest', () => {
  let stage: CliStage;
  const out = join(tmpdir(), `manifest-${process.pid}.pdf`);

  before(async () => {
    stage = await openCliStage(DELIS_ID);
    const id = await stage.accountId();
    // Transferred at 10:00 in Amsterdam on the day.
    await stage.withStore((store) => store.shipments.saveOrders(id, [ORDER], new Date('2026-11-02T09:00:00Z')));
  });
  after(async () => {
    await stage.dispose();
    await rm(out, { force: true });
  });

  it("writes the day's manifest with its parcels and totals, and says how many", async () => {
    const printed = await stage.cli('manifest', '--delis-id', DELIS_ID, '--date', String(DAY), '--out', out);
    assert.equal(printed, `${out}: 2 parcels of 1 order, ${DAY}\n`);
    const text = await extractPdfText(await readFile(out));
    for (const number of NUMBERS) assert.ok(text.includes(formatParcelNumber(number)), text);
    assert.match(text, /Afzender BV/);
    assert.match(text, /Parcels: 2/);
    assert.match(text, /NOT VALID FOR SHIPPING/);
  });

  it('an empty day: a manifest that says so', async () => {
    assert.match(await stage.cli('manifest', '--delis-id', DELIS_ID, '--date', '20261103', '--out', out), /0 parcels of 0 orders/);
    assert.match(await extractPdfText(await readFile(out)), /No parcels were transferred/);
  });

  it('refuses a malformed date and an unknown account', async () => {
    await assert.rejects(stage.cli('manifest', '--delis-id', DELIS_ID, '--date', '2026-11-02'), /give a date as YYYYMMDD/);
    await assert.rejects(
      stage.cli('manifest', '--delis-id', DELIS_ID, '--date', '20261131', '--out', out),
      /exited 1: error: period\.dateFrom 20261131 is not a real date/,
    );
    await assert.rejects(stage.cli('manifest', '--delis-id', 'KDNOBODY1', '--date', String(DAY)), /exited 1: error: no account KDNOBODY1/);
  });
});
