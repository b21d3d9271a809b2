// `parcel-service parcels list|show`, `consolidate` and `sandbox faults inject`, run as real processes on
// a stage store: the console's reads, the day-end consolidation and injectFault for one account, with
// the operations' own refusals and a non-zero exit for an unknown account or parcel.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { transferredOrder } from '../fixtures/stored-orders.ts';
import { openCliStage, type CliStage } from '../support/cli-stage.ts';

const DELIS_ID = 'KDPARCELS1';
const NUMBERS = ['05229000000011', '05229000000012'];
const SHIP_DATE = 20261102;

/** A consignment of two transferred parcels, each with its own reference, to one recipient. */
const ORDER = transferredOrder(NUMBERS, SHIP_DATE, {
  data: {
    generalShipmentData: {
      product: 'B2B',
      recipient: { name1: 'Jan Jansen', street: 'Dorpsstraat 1', zipCode: '1234AB', city: 'Utrecht', country: 'NL' },
    },
    parcels: [{ customerReferenceNumber1: 'REF-ONE' }, { customerReferenceNumber1: 'REF-TWO' }],
  },
  references: ['REF-ONE', 'REF-TWO'],
});

describe('parcel-service parcels list|show, consolidate, sandbox faults inject', () => {
  let stage: CliStage;
  const withStore: CliStage['withStore'] = (work) => stage.withStore(work);
  const cli = (...args: string[]) => stage.cli(...args);

  before(async () => {
    stage = await openCliStage(DELIS_ID);
    const id = await stage.accountId();
    await withStore((store) => store.shipments.saveOrders(id, [ORDER], new Date()));
  });
  after(() => stage.dispose());

  it('lists the parcels newest first, with state, ship date, product, recipient and reference; narrows by reference and limit', async () => {
    const rows = (await cli('parcels', 'list', '--delis-id', DELIS_ID)).trimEnd().split('\n');
    assert.equal(rows.length, 2, rows.join('\n'));
    for (const [row, number, reference] of [
      [rows[0], NUMBERS[1], 'REF-TWO'],
      [rows[1], NUMBERS[0], 'REF-ONE'],
    ]) {
      assert.match(row, new RegExp(`^${number} {2}transferred +${SHIP_DATE} {2}B2B +Jan Jansen, Utrecht, NL +${reference}$`));
    }
    assert.match(
      await cli('parcels', 'list', '--delis-id', DELIS_ID, '--reference', 'ref-one'),
      new RegExp(`^${NUMBERS[0]} .*REF-ONE\\n$`),
    );
    const limited = await cli('parcels', 'list', '--delis-id', DELIS_ID, '--limit', '1');
    assert.match(limited, new RegExp(`^${NUMBERS[1]} `));
    assert.match(limited, /more than 1: give a larger --limit/);
  });

  it('shows one parcel: its facts, states and tracking', async () => {
    const out = await cli('parcels', 'show', '--delis-id', DELIS_ID, NUMBERS[0]);
    assert.match(out, new RegExp(`^parcelLabelNumber +${NUMBERS[0]}$`, 'm'));
    assert.match(out, /^state +transferred$/m);
    assert.match(out, /^parcel +1 of 2$/m);
    assert.match(out, /^recipient +Jan Jansen, Dorpsstraat 1, 1234AB, Utrecht, NL$/m);
    assert.match(out, /^states:\n {2}\S+Z {2}created\n {2}\S+Z {2}transferred\ntracking:\n {2}\S+Z {2}DataReceived +\S/m);
  });

  it('refuses an unknown account or parcel with a clear error and a non-zero exit', async () => {
    await assert.rejects(cli('parcels', 'list', '--delis-id', 'KDNOBODY1'), /exited 1: error: no account KDNOBODY1 in stage/);
    await assert.rejects(cli('parcels', 'show', '--delis-id', DELIS_ID, '05229999999999'), /exited 1: error: .*05229999999999/);
    await assert.rejects(cli('parcels', 'list', '--delis-id', DELIS_ID, '--limit', '101'), /exited 1: error: limit .*100/);
  });

  it("closes the account's day as startOrdersConsolidation does, and prints what it closed", async () => {
    assert.equal(
      await cli('consolidate', '--delis-id', DELIS_ID, '--date', '2026-11-02'),
      `closed (stage): ${DELIS_ID}  day ${SHIP_DATE}  2 parcels\n  ${NUMBERS[0]}\n  ${NUMBERS[1]}\n`,
    );
    assert.match(await cli('parcels', 'show', '--delis-id', DELIS_ID, NUMBERS[1]), /^state +consolidated$/m);
    await assert.rejects(cli('consolidate', '--delis-id', DELIS_ID, '--date', '2999-01-01'), /exited 1: error: .*29990101/);
    await assert.rejects(cli('consolidate', '--delis-id', DELIS_ID, '--date', '2026-02-30'), /exited 1: error: .*20260230/);
    await assert.rejects(cli('consolidate', '--delis-id', DELIS_ID, '--date', 'tomorrow'), /give a day such as 2026-11-23/);
  });

  it("injects a fault into the account's next calls (sandbox faults inject), with the operation's checks", async () => {
    assert.match(
      await cli(
        'sandbox',
        'faults',
        'inject',
        '--delis-id',
        DELIS_ID,
        '--operation',
        'storeOrders',
        '--http-status',
        '503',
        '--count',
        '2',
      ),
      /^injected: \d+ {2}storeOrders +any {2}2× {2}\{"httpStatus":503\}\n$/,
    );
    await assert.rejects(
      cli('sandbox', 'faults', 'inject', '--operation', 'getTrackingData', '--delis-id', DELIS_ID, '--delay-ms', '5', '--drop-connection'),
      /exited 1: error: injectFault: give exactly one of fault/,
    );
    await assert.rejects(
      cli('sandbox', 'faults', 'inject', '--delis-id', DELIS_ID, '--operation', 'nope', '--fault-code', 'X'),
      /exited 1: error: operation nope is not an operation a fault can be injected into/,
    );
    await assert.rejects(
      cli('sandbox', 'faults', 'inject', '--operation', 'storeOrders'),
      /required option '--delis-id <delisId>' not specified/,
    );
    const faults = await withStore(async (store) => store.sandbox.listInjectedFaults((await store.accounts.findAccount(DELIS_ID))!.id));
    assert.deepEqual(
      faults.map(({ operation, binding, remaining, behaviour }) => ({ operation, binding, remaining, behaviour })),
      [{ operation: 'storeOrders', binding: 'any', remaining: 2, behaviour: { httpStatus: 503 } }],
    );
  });
});
