// `parcel-service depots import|export|reset` as a real process on a stage store, and the directory
// file format (docs/depots.json): the built-in directory is the documented file, an import replaces it
// whole and tracking's places follow, a file with problems is refused whole with each problem's path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUILT_IN_DEPOTS } from '../../src/domain/parcel-life-cycle/built-in-depots.ts';
import { checkDepotDirectory } from '../../src/domain/parcel-life-cycle/depot-directory-file.ts';
import { readParcelJourney } from '../../src/domain/parcel-life-cycle/parcel-journey.ts';
import { openStore } from '../../src/store/open-database.ts';
import { runCli } from '../support/server-process.ts';

const DOCUMENTED = JSON.parse(readFileSync(new URL('../../docs/depots.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('the depot directory file', () => {
  it('docs/depots.json is the built-in directory, and a file import takes', () => {
    const checked = checkDepotDirectory(DOCUMENTED);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.problems));
    assert.deepEqual(checked.directory, JSON.parse(JSON.stringify(BUILT_IN_DEPOTS)));
  });

  it('names every problem of a file with its path', () => {
    const checked = checkDepotDirectory({
      format: 'parcel-service-depots/1',
      depots: [
        { code: '0522', town: 'Best', country: 'NL' },
        { code: '0522', town: 'Ede', country: 'NL' },
        { code: '05-2', town: '', country: 'XX' },
        { code: '0530', town: 'Mechelen', country: 'BE' },
      ],
      hubs: [{ country: 'NL', depot: '0999' }, { country: 'BE' }],
      routes: [
        { country: 'NL', from: '1000', to: '2199', depot: '0522' },
        { country: 'NL', from: '2000', to: '2999', depot: '0522' },
        { country: 'NL', from: '30000', to: '39999', depot: '0522' },
        { country: 'BE', from: '2000', to: '1000', depot: '0530' },
        { country: 'BE', from: '3000', to: '3999', depot: '0522' },
      ],
    });
    assert.equal(checked.ok, false);
    assert.deepEqual(!checked.ok && checked.problems, [
      'depots[1].code 0522 is the code of depots[0] too',
      'depots[2].code must be 4 letters or digits, as sendingDepot',
      'depots[2].town must be a town name of 1 to 35 characters',
      'depots[2].country must be an ISO 3166-1 alpha-2 country code',
      'hubs[0].depot must be a code of depots',
      'hubs[1] must name either depot or town',
      'routes[3]: from 2000 is after to 1000',
      'routes[4].depot 0522 is a depot of NL, not BE',
      'routes of NL must all have bounds of one length (4 and 5 digits found)',
      'routes[1] overlaps routes[0] (NL 2000–2199)',
    ]);
    assert.deepEqual(checkDepotDirectory([]), { ok: false, problems: ['the file must hold a JSON object with depots, hubs and routes'] });
  });
});

describe('parcel-service depots', () => {
  const AT = new Date('2027-01-05T10:00:00Z');
  let dataDir: string;
  let env: Record<string, string>;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'parcel-depots-cli-'));
    env = { DATA_DIR: dataDir };
    await runCli(['accounts', 'add', '--delis-id', 'KDDEPOTS1', '--password', 'secret-pass', '--depot', '0522'], env);
    const store = await openStore({ sqlitePath: join(dataDir, 'stage.sqlite') });
    try {
      const { id } = (await store.accounts.findAccount('KDDEPOTS1'))!;
      const order = {
        orderType: 'consignment' as const,
        mpsId: 'MPS0522900000000120270105',
        sendingDepot: '0522',
        product: 'B2B',
        shipDate: 20270105,
        data: {
          generalShipmentData: {
            sender: { city: 'Amsterdam', country: 'NL', zipCode: '1015CJ' },
            recipient: { city: 'Rotterdam', country: 'NL', zipCode: '3011AD' },
          },
        },
        parcels: [{ parcelLabelNumber: '05229000000001', position: 0, returns: false, weight: 100, serviceCode: '101', data: {} }],
        parcelState: 'transferred' as const,
        expiresAt: new Date(AT.getTime() + 28 * 86_400_000),
      };
      await store.shipments.saveOrders(id, [order], AT);
      await store.shipments.consolidate(id, 20270105, AT);
    } finally {
      await store.close();
    }
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  /** Where the parcel stored above (0522 to Rotterdam) is picked up and delivered, by the directory in use. */
  const places = async () => {
    const store = await openStore({ sqlitePath: join(dataDir, 'stage.sqlite') });
    try {
      const { id } = (await store.accounts.findAccount('KDDEPOTS1'))!;
      const deps = { ...store, settings: { timeZone: 'Europe/Amsterdam', holidays: new Set<number>() } };
      const journey = await readParcelJourney(deps, id, '05229000000001', AT, undefined);
      const townOf = (status: string) => journey!.planned.find((event) => event.status === status)!.place.town;
      return [townOf('PickedUp'), townOf('Depot')];
    } finally {
      await store.close();
    }
  };

  it('exports the built-in directory as the documented file, imports another whole, and tracking follows it', async () => {
    const exported = JSON.parse(await runCli(['depots', 'export'], env)) as Record<string, unknown>;
    assert.deepEqual(exported, {
      format: DOCUMENTED.format,
      depots: BUILT_IN_DEPOTS.depots,
      hubs: BUILT_IN_DEPOTS.hubs,
      routes: BUILT_IN_DEPOTS.routes,
    });
    assert.deepEqual(await places(), ['Best', 'Berkel en Rodenrijs']);
    const own = {
      format: 'parcel-service-depots/1',
      depots: [
        { code: '0522', town: 'Eindhoven', country: 'NL', note: 'ignored' },
        { code: '0600', town: 'Rotterdam-Waalhaven', country: 'NL' },
      ],
      hubs: [{ country: 'NL', town: 'Nieuwegein' }],
      routes: [{ country: 'NL', from: '3000', to: '3199', depot: '0600' }],
    };
    const file = join(dataDir, 'depots.json');
    await writeFile(file, `\uFEFF${JSON.stringify(own)}`);
    assert.match(await runCli(['depots', 'import', file], env), /imported 2 depots, 1 hubs and 1 routes: the stage depot directory/);
    assert.deepEqual(await places(), ['Eindhoven', 'Rotterdam-Waalhaven']);
    assert.deepEqual((JSON.parse(await runCli(['depots', 'export'], env)) as { depots: unknown[] }).depots[0], {
      code: '0522',
      town: 'Eindhoven',
      country: 'NL',
    });
    await writeFile(file, JSON.stringify({ ...own, routes: [{ country: 'NL', from: '3000', to: '3199', depot: '0700' }] }));
    await assert.rejects(runCli(['depots', 'import', file], env), /error: routes\[0\]\.depot must be a code of depots\nnothing imported/);
    assert.deepEqual(await places(), ['Eindhoven', 'Rotterdam-Waalhaven']);
    assert.match(await runCli(['depots', 'reset'], env), /the stage depot directory is the built-in one/);
    assert.deepEqual(await places(), ['Best', 'Berkel en Rodenrijs']);
  });
});
