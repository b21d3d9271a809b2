// JourneyRepository, the journey settings of SandboxRepository and the depot directory on both
// databases: a parcel with its journey's inputs, its own scenario (stored only when not the default),
// forced events checked against concurrent forcing, the account's parcels on their way, an account's
// default scenario and journey clock on its row, and an imported directory replacing the built-in one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NewOrder } from '../../src/domain/ports/shipment-ports.ts';
import type { ScenarioName } from '../../src/contract/parcel-states.ts';
import { openStore } from '../../src/store/open-database.ts';
import { forEachStore } from '../support/databases.ts';

const T0 = new Date('2027-01-05T10:00:00.000Z');
const DAY = 86_400_000;

let serial = 0;
const nextNumber = () => `0522${String((serial += 1)).padStart(10, '0')}`;

function order(count: number, options: { scenario?: ScenarioName; product?: string } = {}): NewOrder {
  const numbers = Array.from({ length: count }, nextNumber);
  return {
    orderType: 'consignment',
    mpsId: `MPS${numbers[0]}20270105`,
    sendingDepot: '0522',
    product: options.product ?? 'B2B',
    shipDate: 20270105,
    data: {
      generalShipmentData: {
        sender: { name1: 'S', zipCode: '1015CJ', city: 'Amsterdam', country: 'NL' },
        recipient: { name1: 'R', zipCode: '3011AD', city: 'Rotterdam', country: 'NL', type: 'P' },
      },
      productAndServiceData: { orderType: 'consignment', saturdayDelivery: true, parcelShopDelivery: { parcelShopId: '104' } },
    },
    parcels: numbers.map((parcelLabelNumber, position) => ({
      parcelLabelNumber,
      position,
      returns: position === 1,
      weight: 100,
      serviceCode: '101',
      data: { parcelLabelNumber },
    })),
    parcelState: 'transferred',
    expiresAt: new Date(T0.getTime() + 28 * DAY),
    ...(options.scenario === undefined ? {} : { scenario: options.scenario }),
  };
}

forEachStore('journeys', ({ store, dialect, options }) => {
  let accounts = 0;
  const newAccount = async () => {
    accounts += 1;
    return store().accounts.addAccount({
      delisId: `JRN${dialect.slice(0, 2)}${String(accounts).padStart(4, '0')}`,
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    });
  };

  test('reads a parcel with its journey’s inputs, and its own scenario only when one was stored', async () => {
    const { shipments, parcelJourneys } = store();
    const account = await newAccount();
    const plain = order(2);
    const chosen = order(1, { scenario: 'not_home_to_parcel_shop' });
    const defaulted = order(1, { scenario: 'delivered' });
    await shipments.saveOrders(account.id, [plain, chosen, defaulted], T0);
    const [first, second] = plain.parcels.map((parcel) => parcel.parcelLabelNumber);
    const parcel = await parcelJourneys.journeyParcel(account.id, first);
    assert.deepEqual(parcel, {
      parcelLabelNumber: first,
      orderType: 'consignment',
      state: 'transferred',
      product: 'B2B',
      sendingDepot: '0522',
      returns: false,
      shipDate: 20270105,
      createdAt: T0,
      transferredAt: T0,
      expiresAt: new Date(T0.getTime() + 28 * DAY),
      order: {
        sender: { zipCode: '1015CJ', city: 'Amsterdam', country: 'NL' },
        recipient: { zipCode: '3011AD', city: 'Rotterdam', country: 'NL' },
        recipientType: 'P',
        saturdayDelivery: true,
        parcelShopId: 104,
      },
      recorded: [],
      forcedCount: 0,
    });
    assert.equal((await parcelJourneys.journeyParcel(account.id, second))?.returns, true);
    assert.equal(
      (await parcelJourneys.journeyParcel(account.id, chosen.parcels[0].parcelLabelNumber))?.scenario,
      'not_home_to_parcel_shop',
    );
    assert.equal((await parcelJourneys.journeyParcel(account.id, defaulted.parcels[0].parcelLabelNumber))?.scenario, undefined);
    // Another account's parcel is not this one's.
    assert.equal(await parcelJourneys.journeyParcel((await newAccount()).id, first), undefined);
  });

  test('sets a parcel’s scenario, `delivered` by removing it', async () => {
    const { shipments, parcelJourneys } = store();
    const account = await newAccount();
    const stored = order(1);
    await shipments.saveOrders(account.id, [stored], T0);
    const number = stored.parcels[0].parcelLabelNumber;
    assert.equal(await parcelJourneys.setParcelScenario(account.id, number, 'lost'), true);
    assert.equal((await parcelJourneys.journeyParcel(account.id, number))?.scenario, 'lost');
    assert.equal(await parcelJourneys.setParcelScenario(account.id, number, 'delivered'), true);
    assert.equal((await parcelJourneys.journeyParcel(account.id, number))?.scenario, undefined);
    assert.equal(await parcelJourneys.setParcelScenario((await newAccount()).id, number, 'lost'), false);
  });

  test('records forced events once: of two calls that read the same parcel, only one writes', async () => {
    const { shipments, parcelJourneys } = store();
    const account = await newAccount();
    const stored = order(1);
    await shipments.saveOrders(account.id, [stored], T0);
    const number = stored.parcels[0].parcelLabelNumber;
    await shipments.consolidate(account.id, 20270105, T0);
    const events = [
      { status: 'PickedUp', at: T0 },
      { status: 'BetweenDepots', at: T0 },
    ];
    const results = await Promise.all(
      [0, 1].map(() => parcelJourneys.recordJourneyEvents(account.id, number, events, { forcedCount: 0, state: 'in_transit' })),
    );
    assert.deepEqual(results.sort(), [false, true]);
    const parcel = await parcelJourneys.journeyParcel(account.id, number);
    assert.equal(parcel?.state, 'in_transit');
    assert.equal(parcel?.forcedCount, 1);
    assert.equal(parcel?.consolidatedAt?.getTime(), T0.getTime());
    assert.deepEqual(
      parcel?.recorded.map((event) => event.status),
      ['consolidated', 'PickedUp', 'BetweenDepots'],
    );
    // The life-cycle history leaves the status words to the journey.
    assert.deepEqual(
      (await shipments.parcelEvents(account.id, number)).map((event) => event.state),
      ['created', 'transferred', 'consolidated'],
    );
  });

  test('lists the account’s parcels on their way: consolidated to out for delivery, data not expired', async () => {
    const { shipments, parcelJourneys } = store();
    const account = await newAccount();
    const open = order(1);
    const closed = order(2);
    await shipments.saveOrders(account.id, [open], T0);
    await shipments.saveOrders(account.id, [closed], T0);
    await shipments.consolidate(account.id, 20270105, T0);
    const [moving, delivered] = closed.parcels.map((parcel) => parcel.parcelLabelNumber);
    await parcelJourneys.recordJourneyEvents(account.id, delivered, [{ status: 'Delivered', at: T0 }], {
      forcedCount: 0,
      state: 'delivered',
    });
    const numbers = async (now: Date) => (await parcelJourneys.movingParcels(account.id, now)).map((p) => p.parcelLabelNumber).sort();
    assert.deepEqual(await numbers(T0), [open.parcels[0].parcelLabelNumber, moving].sort());
    assert.deepEqual(await numbers(new Date(T0.getTime() + 28 * DAY)), []);
  });

  test('keeps an account’s default scenario and journey clock on its row, read with the account', async () => {
    const { sandbox, accounts } = store();
    const account = await newAccount();
    assert.equal((await accounts.findAccount(account.delisId))?.scenario, undefined);
    assert.equal((await accounts.findAccount(account.delisId))?.journeyClock, undefined);
    await sandbox.setAccountScenario(account.id, 'refused_returned');
    await sandbox.setJourneyClock(account.id, { running: true });
    let found = await accounts.findAccount(account.delisId);
    assert.equal(found?.scenario, 'refused_returned');
    assert.deepEqual(found?.journeyClock, { running: true });
    await sandbox.setJourneyClock(account.id, { running: false, stoppedAt: T0 });
    await sandbox.setAccountScenario(account.id, undefined);
    found = await accounts.findAccount(account.delisId);
    assert.equal(found?.scenario, undefined);
    assert.deepEqual(found?.journeyClock, { running: false, stoppedAt: T0 });
    await sandbox.setJourneyClock(account.id, undefined);
    assert.equal((await accounts.findAccount(account.delisId))?.journeyClock, undefined);
  });

  test('resetAccount removes the account’s parcels’ scenarios with them', async () => {
    const { shipments, sandbox, parcelJourneys } = store();
    const account = await newAccount();
    const stored = order(1, { scenario: 'lost' });
    await shipments.saveOrders(account.id, [stored], T0);
    const removed = await sandbox.resetAccount(account.id, account.delisId);
    assert.equal(removed.parcels, 1);
    assert.equal(await parcelJourneys.journeyParcel(account.id, stored.parcels[0].parcelLabelNumber), undefined);
  });

  test('an imported depot directory replaces the built-in one, and another store on the database reads the new one', async () => {
    const { depots } = store();
    const other = await openStore(options());
    try {
      assert.equal(await other.depots.readDepotDirectory(), undefined);
      const first = { depots: [{ code: '0522', town: 'Eindhoven', country: 'NL' }], hubs: [], routes: [] };
      await depots.replaceDepotDirectory(first, T0);
      assert.deepEqual(await other.depots.readDepotDirectory(), first);
      const second = { ...first, depots: [{ code: '0522', town: 'Veldhoven', country: 'NL' }] };
      await depots.replaceDepotDirectory(second, T0);
      assert.deepEqual(await other.depots.readDepotDirectory(), second);
      await depots.replaceDepotDirectory(undefined, T0);
      assert.equal(await other.depots.readDepotDirectory(), undefined);
    } finally {
      await other.close();
    }
  });
});
