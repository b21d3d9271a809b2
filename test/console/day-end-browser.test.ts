// The console's Day end page in Chromium, on stage, against the service as `npm start` builds and runs
// it: the account's last seven days at first, today's parcels, orders and weight as the manifest lists
// them, the day startOrdersConsolidation closed, the manifest of the day made by endOfDay and downloaded
// as its PDF, another period chosen in the form, a malformed one refused in the service's words,
// axe-core's rules, and not one CSP violation or script error on the way.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { duplicate, edit, minimumRequest } from '../fixtures/requests.ts';
import { checkAccessibility } from '../support/accessibility.ts';
import { buildBundle, logIn, startConsole, type ConsoleHarness } from '../support/console-harness.ts';
import { extractPdfText } from '../support/label-reading.ts';

describe('the console’s Day end (stage)', () => {
  let bundle: string;
  let h: ConsoleHarness;
  let day = 0;

  const visit = async (fragment: string) => {
    await h.page.goto(`${h.url}/console${fragment}`);
    await h.page.reload();
  };

  before(async () => {
    bundle = buildBundle(`day-end-test-${process.pid}`);
    h = await startConsole(bundle, { delisId: 'KDDAYEND1' });
    // Today: an order of one parcel and an order of three, the day then closed.
    for (const request of [minimumRequest(), edit(minimumRequest(), duplicate('order[0].parcels[0]', 2))]) {
      const stored = await h.call('storeOrders', request);
      assert.equal(stored.status, 200, JSON.stringify(stored.body));
      day = Number((stored.body.orderResult.shipmentResponses[0].mpsId as string).slice(-8));
    }
    const closed = await h.call('startOrdersConsolidation', { consolidationDate: day });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    await logIn(h.page, h.url, h.delisId);
    await h.page.getByRole('link', { name: 'Day end' }).waitFor();
  });
  after(async () => {
    await h?.close();
    await rm(dirname(bundle), { recursive: true, force: true });
  });

  it('shows the last seven days, today’s parcels, orders and weight, and that the day is closed', async () => {
    await h.page.getByRole('link', { name: 'Day end' }).click();
    const table = h.page.getByRole('table', { name: /^Parcels transferred per day/ });
    await table.locator('tfoot tr').waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    assert.equal(rows.length, 7, rows.join('\n'));
    assert.match(rows[6], /\s4\s+2\s+20\.00 kg\s+Closed .+ \(4 parcels\)\s+Make manifest/);
    for (const row of rows.slice(0, 6)) assert.match(row, /\s0\s+0\s+0\.00 kg\s+Open/);
    assert.match(await table.locator('tfoot tr').innerText(), /^Period\s+4\s+2\s+20\.00 kg/);
    await checkAccessibility(h.page, 'Day end');
  });

  it('makes the day’s manifest with endOfDay and offers its PDF to download', async () => {
    const table = h.page.getByRole('table', { name: /^Parcels transferred per day/ });
    await table
      .locator('tbody tr')
      .nth(6)
      .getByRole('button', { name: /^Make manifest of / })
      .click();
    const link = h.page.getByRole('link', { name: `Download manifest-${day}.pdf` });
    await link.waitFor();
    await h.page.getByText(/^Manifest .+: 4 parcels\.$/).waitFor();
    assert.equal(await link.getAttribute('download'), `manifest-${day}.pdf`);
    const download = h.page.waitForEvent('download');
    await link.click();
    const file = await (await download).path();
    const text = await extractPdfText(await readFile(file));
    assert.match(text, /Parcels: 4\b/);
    assert.match(text, /Orders: 2\b/);
    await checkAccessibility(h.page, 'Day end with a manifest');
  });

  it('shows another period chosen in the form, and refuses one longer than a week in the service’s words', async () => {
    const iso = (value: number) => `${String(value).slice(0, 4)}-${String(value).slice(4, 6)}-${String(value).slice(6, 8)}`;
    await h.page.getByLabel('From').fill(iso(day));
    await h.page.getByLabel('To (at most 7 days)').fill(iso(day));
    await h.page.getByRole('button', { name: 'Show' }).click();
    const table = h.page.getByRole('table', { name: /^Parcels transferred per day/ });
    await h.page.waitForFunction(() => document.querySelectorAll('table.day-end tbody tr').length === 1);
    assert.match(await table.locator('tbody tr').innerText(), /\s4\s+2\s+20\.00 kg\s+Closed/);
    await visit(`#/day-end?from=20261101&to=20261120`);
    const alert = h.page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /is longer than 7 days/);
  });

  it('met no CSP violation, script error or dialog on the way', () => {
    assert.deepEqual(h.problems, []);
  });
});
