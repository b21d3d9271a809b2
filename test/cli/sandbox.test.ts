// `parcel-service sandbox reset|clock|scenario|journeys|advance|faults`, run as a real process on a stage store: the
// operator's side of SandboxService, with the operations' own checks and messages; refused on live.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { transferredOrder } from '../fixtures/stored-orders.ts';
import { openCliStage, type CliStage } from '../support/cli-stage.ts';
import { runCli } from '../support/server-process.ts';

const DELIS_ID = 'KDSANDBOX1';
const NUMBERS = ['05229000000001', '05229000000002'];

describe('parcel-service sandbox', () => {
  let stage: CliStage;
  const withStore: CliStage['withStore'] = (work) => stage.withStore(work);
  const accountId = () => stage.accountId();
  const sandbox = (...args: string[]) => stage.cli('sandbox', ...args, '--delis-id', DELIS_ID);

  before(async () => (stage = await openCliStage(DELIS_ID)));
  after(() => stage.dispose());

  it("shows, moves, fixes and resets the account's clock", async () => {
    assert.match(await sandbox('clock'), new RegExp(`^${DELIS_ID} {2}now=\\S+Z {2}running {2}offset=PT0S\\n$`));
    const ahead = await sandbox('clock', '--advance-by', 'P29D');
    const now = Date.parse(/now=(\S+)/.exec(ahead)![1]);
    assert.ok(Math.abs(now - (Date.now() + 29 * 86_400_000)) < 60_000, ahead);
    assert.match(ahead, /running {2}offset=P29D/);
    assert.equal(await sandbox('clock', '--fixed-time', '2027-01-05T10:00:00Z'), `${DELIS_ID}  now=2027-01-05T10:00:00.000Z  fixed\n`);
    assert.equal(await sandbox('clock', '--advance-by', 'PT25H'), `${DELIS_ID}  now=2027-01-06T11:00:00.000Z  fixed\n`);
    assert.equal(
      (await withStore(async (store) => store.accounts.findAccount(DELIS_ID)))?.clock?.fixedAt?.toISOString(),
      '2027-01-06T11:00:00.000Z',
    );
    assert.match(await sandbox('clock', '--reset'), /running {2}offset=PT0S/);
  });

  it("refuses a clock setting the API refuses, with the API's message", async () => {
    await assert.rejects(
      sandbox('clock', '--advance-by', 'P1M'),
      /error: advanceBy must contain an ISO 8601 duration of weeks, days, hours, minutes or seconds such as P29D or PT25H/,
    );
    await assert.rejects(
      sandbox('clock', '--fixed-time', '2027-02-30T10:00:00Z'),
      /error: fixedTime 2027-02-30T10:00:00Z is not a date and time that exists/,
    );
    await assert.rejects(sandbox('clock', '--fixed-time', '2027-01-05T10:00:00Z', '--reset'), /cannot be used with option '--reset'/);
  });

  it('moves a consolidated parcel on, recording each state', async () => {
    const id = await accountId();
    await withStore(async (store) => {
      await store.shipments.saveOrders(id, [transferredOrder(NUMBERS, 20261123)], new Date());
      await store.shipments.consolidate(id, 20261123, new Date());
    });
    assert.equal(
      await sandbox('advance', NUMBERS[0], '--to', 'out_for_delivery'),
      `${NUMBERS[0]}  DataReceived → Courier  (consolidated → out_for_delivery)\n`,
    );
    await assert.rejects(
      sandbox('advance', NUMBERS[0], '05229999999999', '--to', 'in_transit'),
      new RegExp(
        `error: parcelLabelNumber ${NUMBERS[0]} has passed in_transit already: its current status is Courier\\.\\nerror: parcelLabelNumber 05229999999999 is not a parcel of this account`,
      ),
    );
    const journey = await withStore((store) => store.parcelJourneys.journeyParcel(id, NUMBERS[0]));
    assert.deepEqual(
      journey?.recorded.map((event) => event.status),
      ['consolidated', 'PickedUp', 'BetweenDepots', 'BetweenDepots', 'Depot', 'Courier'],
    );
  });

  it("sets the account's scenario and a parcel's, and lets time move its parcels", async () => {
    assert.equal(await sandbox('scenario'), `${DELIS_ID}  scenario=delivered  journeys off\n`);
    assert.equal(await sandbox('scenario', 'not_home_then_delivered'), `${DELIS_ID}  scenario=not_home_then_delivered\n`);
    assert.equal(await sandbox('scenario', 'lost', '--parcel', NUMBERS[1]), `${NUMBERS[1]}  scenario=lost\n`);
    await assert.rejects(sandbox('scenario', 'stolen'), /error: scenario must be one of delivered, not_home_then_delivered/);
    await assert.rejects(
      sandbox('scenario', 'parcel_shop_delivery', '--parcel', NUMBERS[1]),
      /error: scenario parcel_shop_delivery does not fit parcel 05229000000002: it needs product PSD/,
    );
    assert.equal(await sandbox('journeys', 'on'), `${DELIS_ID}  journeys running\n`);
    assert.equal(await sandbox('scenario'), `${DELIS_ID}  scenario=not_home_then_delivered  journeys running\n`);
    assert.match(await sandbox('journeys', 'off'), new RegExp(`^${DELIS_ID} {2}journeys stopped at \\S+Z\\n$`));
    await assert.rejects(sandbox('journeys', 'maybe'), /error: give on or off, not maybe/);
    const id = await accountId();
    const account = await withStore((store) => store.accounts.findAccount(DELIS_ID));
    assert.equal(account?.scenario, 'not_home_then_delivered');
    assert.equal((await withStore((store) => store.parcelJourneys.journeyParcel(id, NUMBERS[1])))?.scenario, 'lost');
  });

  it('lists and clears the pending injected faults', async () => {
    const id = await accountId();
    const [first] = await withStore(async (store) => [
      await store.sandbox.addInjectedFault(
        id,
        { operation: 'storeOrders', binding: 'SOAP', count: 2, behaviour: { httpStatus: 503 } },
        new Date(),
        100,
      ),
      await store.sandbox.addInjectedFault(id, { operation: '*', binding: 'any', count: 1, behaviour: { delayMs: 200 } }, new Date(), 100),
    ]);
    const listed = await sandbox('faults');
    assert.match(listed, new RegExp(`^${first!.id} {2}storeOrders +SOAP 2× {2}\\{"httpStatus":503\\}$`, 'm'));
    assert.match(listed, /^\d+ {2}\* +any {2}1× {2}\{"delayMs":200\}$/m);
    assert.equal(await sandbox('faults', '--clear-id', String(first!.id)), `cleared 1 injected fault of ${DELIS_ID}\n`);
    await assert.rejects(
      sandbox('faults', '--clear-id', String(first!.id)),
      new RegExp(`error: id ${first!.id} is not a pending injected fault of this account`),
    );
    assert.equal(await sandbox('faults', '--clear'), `cleared 1 injected fault of ${DELIS_ID}\n`);
    assert.match(await sandbox('faults'), /no injected faults pending for KDSANDBOX1/);
  });

  it("resets the account's data, keeping the account", async () => {
    const out = await sandbox('reset');
    assert.match(
      out,
      /^reset: KDSANDBOX1 {2}parcels=2 {2}orders=1 {2}consolidations=1 {2}trackingEvents=7 {2}stageRequests=0 {2}faults=0\n$/,
    );
    const id = await accountId();
    assert.deepEqual(await withStore((store) => store.shipments.findParcels(id, NUMBERS)), []);
  });

  it('refuses every command on live, and an unknown account', async () => {
    await runCli(['accounts', 'add', '--delis-id', DELIS_ID, '--password', 'secret-pass', '--depot', '0522'], {
      ...stage.env,
      PARCEL_ENV: 'live',
    });
    await assert.rejects(
      runCli(['sandbox', 'reset', '--delis-id', DELIS_ID], { ...stage.env, PARCEL_ENV: 'live' }),
      /error: the sandbox is stage's; live has none \(PARCEL_ENV=stage\)/,
    );
    await assert.rejects(runCli(['sandbox', 'clock', '--delis-id', 'KDNOBODY1'], stage.env), /error: no account KDNOBODY1 in stage/);
  });
});
