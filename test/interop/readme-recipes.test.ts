// The README's "Testing your integration" recipes run as written, against a listening stage server
// with the recipe's account: the CI job with curl (bash, curl, node), the zeep script (Debian
// python3-zeep, run with /usr/bin/python3) and the CI job that drives not_home_to_parcel_shop, with
// the sample parcel shops imported as the README says. Only the server's address is put in. Each runs
// alone, and after each other one: the README's promise that they pass in any order (issue 38).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { readParcelShopFile } from '../../src/cli/parcel-shop-file.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const run = promisify(execFile);
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The address the recipes are written for. */
const RECIPE_ORIGIN = 'http://127.0.0.1:8080';

/** The code block marked `<!-- recipe: name -->` in the README's "Testing your integration" section. */
function recipe(name: string, language: 'sh' | 'python'): string {
  const start = README.indexOf('\n## Testing your integration\n');
  assert.notEqual(start, -1, 'the README has a "Testing your integration" section');
  const section = README.slice(start, README.indexOf('\n## ', start + 1));
  const block = new RegExp(`<!-- recipe: ${name} -->\\n\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(section);
  assert.ok(block !== null, `the section has the ${language} block ${name}`);
  assert.ok(block[1].includes(RECIPE_ORIGIN), `the ${name} block calls ${RECIPE_ORIGIN}`);
  return block[1];
}

type RecipeName = 'ci-job' | 'zeep' | 'parcel-shop-job';

/** Each recipe: its block's language, what it shows, and what its output must hold. */
const RECIPES: Readonly<Record<RecipeName, { language: 'sh' | 'python'; what: string; check: (stdout: string) => void }>> = {
  'ci-job': {
    language: 'sh',
    what: 'reset, a parcel delivered, a 503, the 28 days run out',
    check(stdout) {
      assert.match(stdout, /"resetAccountResponse":\{"parcels":[0-9]+,/);
      assert.match(stdout, /"setClockResponse":\{"now":"2027-01-05T10:00:00\.000000Z","fixed":true\}/);
      assert.match(
        stdout,
        /"advanceParcelResponse":\{"parcelLabelNumber":"[0-9]{14}","previousState":"consolidated","state":"delivered","previousStatus":"DataReceived","status":"Delivered","clockMovedTo":"[0-9T:.-]+Z"\}/,
      );
      assert.match(stdout, /^Delivered$/m);
      assert.match(
        stdout,
        /"injectFaultResponse":\{"id":[0-9]+,"operation":"storeOrders","binding":"any","remaining":1,"httpStatus":503\}/,
      );
      assert.match(
        stdout,
        /"getSandboxStateResponse":\{"clock":\{"now":"2027-02-04T[0-9:.]+Z","fixed":true\},"scenario":"delivered","journeyClock":\{"running":false\},"parcels":\[\{"state":"expired","count":1\}\],"fault":\[\],"push":\{"mode":"immediate"\}\}/,
      );
    },
  },
  zeep: {
    language: 'python',
    what: "a parcel's events read, an injected faults fault, then an injected HTTP 503",
    check(stdout) {
      assert.deepEqual(stdout.trim().split('\n'), [
        'DataReceived Best (NL) 2027-01-05T11:00:00',
        'PickedUp Best (NL) 2027-01-05T18:34:07',
        'BetweenDepots Best (NL) 2027-01-05T20:11:26',
        'BetweenDepots Best (NL) 2027-01-05T20:48:00',
        'Depot Berkel en Rodenrijs (NL) 2027-01-06T04:09:55',
        'Courier Berkel en Rodenrijs (NL) 2027-01-06T07:34:34',
        'Delivered Berkel en Rodenrijs (NL) 2027-01-06T13:22:48',
        'soap:Client The carrier is down. CARRIER_DOWN',
        '503',
      ]);
    },
  },
  'parcel-shop-job': {
    language: 'sh',
    what: 'nobody at home, the shop, collected, by the clock alone',
    check(stdout) {
      // The README's listing of the parcel's whole way, as the job prints it.
      const listing = /It ends with the parcel's whole way \(with the sample shops\):\n\n```\n([\s\S]*?)```/.exec(README);
      assert.ok(listing !== null, 'the README shows what the job prints');
      assert.ok(stdout.endsWith(listing[1]), stdout);
      assert.match(stdout, /"setScenarioResponse":\{"scenario":"not_home_to_parcel_shop"\}/);
      assert.match(stdout, /"setJourneyClockResponse":\{"running":true\}/);
    },
  },
};

describe('README "Testing your integration"', () => {
  let t: TestApp;
  let origin: string;
  before(async () => {
    t = await startTestApp({ env: { PARCEL_ENV: 'stage' } });
    await t.addAccount({ delisId: 'KD123456', password: 'secret-pass' });
    // `npx parcel-service shops import docs/parcel-shops.sample.json`, as the README says.
    const sample = await readParcelShopFile(fileURLToPath(new URL('../../docs/parcel-shops.sample.json', import.meta.url)));
    assert.ok(sample.ok);
    await t.store.parcelShops.saveParcelShops(sample.shops);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => t.close());

  /** Runs a recipe as the README writes it, against this server; what it printed. */
  async function runRecipe(name: RecipeName): Promise<string> {
    const { language } = RECIPES[name];
    const script = recipe(name, language).replaceAll(RECIPE_ORIGIN, origin);
    const { stdout } = await (language === 'sh'
      ? run('bash', ['-c', script], { timeout: 120_000 })
      : run('/usr/bin/python3', ['-c', script], { timeout: 120_000 }));
    return stdout;
  }

  for (const [name, { what }] of Object.entries(RECIPES) as Array<[RecipeName, (typeof RECIPES)[RecipeName]]>) {
    it(`runs ${name} to its end: ${what}`, async () => {
      RECIPES[name].check(await runRecipe(name));
    });
  }

  // Each recipe starts with resetAccount, which leaves the account as a new one: whatever ran before
  // (another recipe's scenario, running journeys, clock, faults, parcels) changes nothing it prints.
  for (const first of Object.keys(RECIPES) as RecipeName[]) {
    for (const second of Object.keys(RECIPES) as RecipeName[]) {
      if (first === second) continue;
      it(`runs ${second} after ${first} as it runs alone`, async () => {
        await runRecipe(first);
        RECIPES[second].check(await runRecipe(second));
      });
    }
  }
});
