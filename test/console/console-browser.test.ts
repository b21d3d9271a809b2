// The web console in Chromium, on stage, against the service as `npm start` builds and runs it: the
// login (and a wrong password), the header naming the one time zone of every time shown, a parcel stored through the API found in the list and opened with its
// order data, tracking timeline and label (PDF, ZPL with its rendered preview, e-label), a hostile name
// shown as text, the Requests page with the logged calls and readable validation messages, a parcel's
// call found from its page and by its printed number, copied as curl and replayed after a confirmation, the Sandbox
// page moving a parcel on, the clock, an injected fault seen in Requests, a reset after a confirmation
// that empties the lists, Dutch, the accessibility rules of axe-core on every page, and not one CSP
// violation or script error on the way.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { computeCheckCharacter } from '../../src/labels/check-character.ts';
import { edit, minimumRequest, set } from '../fixtures/requests.ts';
import { checkAccessibility } from '../support/accessibility.ts';
import { buildBundle, logIn, pdfViewerOpened, startConsole, type ConsoleHarness } from '../support/console-harness.ts';

/** A recipient name that would run script if the console put it into the page as HTML. */
export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

describe('the web console (stage)', () => {
  let bundle: string;
  let h: ConsoleHarness;
  const numbers: Record<'pdf' | 'zpl' | 'hostile', string> = { pdf: '', zpl: '', hostile: '' };

  /** Opens a page of the console afresh (a new load, as a reader's reload does, even when only the fragment differs). */
  const visit = async (fragment: string) => {
    await h.page.goto(`${h.url}/console${fragment}`);
    await h.page.reload();
  };

  /**
   * Presses Requests' Refresh until a listed call's row matches `row` (a pattern): the stage log writes
   * a call off the request path, a moment after its answer.
   */
  const refreshUntil = (row: RegExp) =>
    h.page.waitForFunction(
      (source) => {
        const pattern = new RegExp(source);
        const rows = [...document.querySelectorAll<HTMLElement>('table.requests tbody tr:not([hidden])')];
        if (rows.some((candidate) => pattern.test(candidate.innerText))) return true;
        const refresh = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Refresh');
        if (refresh?.getAttribute('aria-busy') !== 'true') refresh?.click();
        return false;
      },
      row.source,
      { polling: 250 },
    );

  const store = async (request: unknown): Promise<string> => {
    const stored = await h.call('storeOrders', request);
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    return stored.body.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber as string;
  };

  before(async () => {
    bundle = buildBundle(`console-test-${process.pid}`);
    h = await startConsole(bundle);
  });
  after(async () => {
    await h?.close();
    await rm(dirname(bundle), { recursive: true, force: true });
  });

  it('serves its page with a strict Content-Security-Policy and its own files only', async () => {
    const response = await fetch(`${h.url}/console`);
    assert.equal(response.status, 200);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    assert.match(csp, /style-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|https?:/);
    const html = await response.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)|<style|\sstyle=|https?:\/\//, 'no inline script or style, nothing from elsewhere');
  });

  it('shows the service’s error for a wrong password, and keeps no token', async () => {
    await logIn(h.page, h.url, h.delisId, 'not the password');
    const alert = h.page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Authentication failed: unknown delisId or wrong password/);
    assert.equal(await h.page.evaluate(() => sessionStorage.getItem('parcel-console.session')), null);
    await checkAccessibility(h.page, 'login with an error');
  });

  it('logs in through getAuth; the token lives in this tab’s session storage only, no cookie', async () => {
    await logIn(h.page, h.url, h.delisId);
    await h.page.getByRole('heading', { level: 1, name: 'Parcels' }).waitFor();
    // One zone for every time the console shows, the service's (SERVICE_TIME_ZONE, by default), named once.
    assert.equal(await h.page.locator('header.top .time-zone').innerText(), 'Times in Europe/Amsterdam');
    const stored = await h.page.evaluate(() => ({
      session: Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)]),
      local: localStorage.length,
      cookie: document.cookie,
    }));
    assert.ok(stored.session.some(([key, value]) => key === 'parcel-console.session' && value?.includes('"authToken"')));
    assert.equal(stored.local, 0);
    assert.equal(stored.cookie, '');
    assert.deepEqual(await h.context.cookies(), []);
  });

  it('finds a parcel stored through the API in the list, by its number and by its reference', async () => {
    numbers.pdf = await store(
      edit(
        minimumRequest(),
        set('printOptions', { printerLanguage: 'PDF', paperFormat: 'A6', dropOffType: 'BOTH' }),
        set('order[0].parcels[0].customerReferenceNumber1', 'SHOP-ORDER-77'),
      ),
    );
    numbers.zpl = await store(
      edit(minimumRequest(), set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6', printerResolution: 300 })),
    );
    await visit('#/parcels');
    const rows = h.page.locator('tbody tr');
    await h.page.getByRole('link', { name: numbers.zpl }).waitFor();
    assert.deepEqual(await rows.locator('td:first-child').allInnerTexts(), [numbers.zpl, numbers.pdf], 'newest first');

    await h.page.getByLabel('Parcel number or reference').fill('shop-order-77');
    await h.page.getByRole('button', { name: 'Apply' }).click();
    await h.page.waitForFunction((hidden) => !document.body.innerText.includes(hidden), numbers.zpl);
    assert.deepEqual(await rows.locator('td:first-child').allInnerTexts(), [numbers.pdf]);

    await h.page.getByLabel('Parcel number or reference').fill(numbers.zpl);
    await h.page.getByRole('button', { name: 'Apply' }).click();
    await h.page.waitForFunction((hidden) => !document.body.innerText.includes(hidden), numbers.pdf);
    assert.deepEqual(await rows.locator('td:first-child').allInnerTexts(), [numbers.zpl]);

    await h.page.getByRole('link', { name: 'Clear' }).click();
    await h.page.selectOption('#filter-state', 'delivered');
    await h.page.getByRole('button', { name: 'Apply' }).click();
    await h.page.getByText('No parcels match.').waitFor();
    await checkAccessibility(h.page, 'parcels');
  });

  it('opens a parcel: its order data, tracking timeline and label, the PDF in the page and the e-label, both downloadable', async () => {
    await visit('#/parcels');
    await h.page.getByRole('link', { name: numbers.pdf }).click();
    await h.page.getByRole('heading', { level: 1, name: `Parcel ${numbers.pdf}` }).waitFor();
    const recipient = h.page.locator('.address', { has: h.page.getByRole('heading', { name: 'Recipient' }) });
    assert.match(await recipient.innerText(), /Ontvanger BV\s+Coolsingel 40\s+3011AD Rotterdam/);
    assert.match(await h.page.locator('dl.facts').innerText(), /SHOP-ORDER-77/);
    assert.deepEqual(await h.page.locator('ol.timeline .timeline-state').allInnerTexts(), ['DataReceived']);
    assert.deepEqual(await h.page.locator('ol.timeline .timeline-place').allInnerTexts(), ['Best (NL)']);
    assert.deepEqual(
      (await h.page.locator('ol.states li').allInnerTexts()).map((text) => text.split(' ')[0]),
      ['Created', 'Transferred'],
    );

    const pdf = h.page.locator('object[type="application/pdf"]');
    await pdf.waitFor();
    assert.match((await pdf.getAttribute('data')) ?? '', /^blob:/);
    // Shown in the page: the browser's own viewer opens on it (the CSP lets the blob be embedded).
    await pdfViewerOpened(h.page);
    const downloaded = async (name: string) => {
      const download = h.page.waitForEvent('download');
      await h.page.getByRole('link', { name: `Download ${name}` }).click();
      const file = await download;
      assert.equal(file.suggestedFilename(), name);
      return readFile(await file.path());
    };
    assert.equal((await downloaded(`label-${numbers.pdf}.pdf`)).subarray(0, 5).toString(), '%PDF-');

    const eLabel = h.page.getByRole('img', { name: `E-label of parcel ${numbers.pdf}: a QR code` });
    await eLabel.waitFor();
    await h.page.waitForFunction(() => (document.querySelector<HTMLImageElement>('img.e-label')?.naturalWidth ?? 0) > 0);
    assert.ok(await eLabel.evaluate((image: HTMLImageElement) => image.naturalWidth > 0 && image.complete));
    assert.deepEqual([...(await downloaded(`e-label-${numbers.pdf}.png`)).subarray(1, 4)], [...Buffer.from('PNG')]);
    await checkAccessibility(h.page, 'parcel with a PDF label');
  });

  it('shows a ZPL label as its text and as a preview rendered in the page', async () => {
    await visit(`#/parcels/${numbers.zpl}`);
    await h.page.getByRole('heading', { level: 3, name: 'The label as ZPL' }).waitFor();
    const text = await h.page.locator('pre.code').innerText();
    assert.match(text, /^\^XA/);
    assert.match(text, new RegExp(`\\^FD[^^]*${numbers.zpl.slice(0, 4)}`));
    const preview = h.page.getByRole('img', { name: 'Rendered preview of the ZPL label' });
    await preview.waitFor();
    // 105 × 148 mm at 300 dpi (12 dots per mm), as the label's print options say.
    assert.deepEqual(
      await preview.evaluate(async (image: HTMLImageElement) => {
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }),
      [1260, 1776],
    );
    await checkAccessibility(h.page, 'parcel with a ZPL label');
  });

  it('shows a hostile recipient name as text: nothing of it runs', async () => {
    numbers.hostile = await store(edit(minimumRequest(), set('order[0].generalShipmentData.recipient.name1', HOSTILE_NAME)));
    await visit('#/parcels');
    const row = h.page.locator('tr', { has: h.page.getByRole('link', { name: numbers.hostile }) });
    await row.waitFor();
    assert.match(await row.innerText(), /<img src=x onerror=alert\(1\)>, Rotterdam, NL/);
    await row.getByRole('link').click();
    const recipient = h.page.locator('.address', { has: h.page.getByRole('heading', { name: 'Recipient' }) });
    await recipient.waitFor();
    assert.equal(await recipient.locator('.line').first().innerText(), HOSTILE_NAME);
    assert.equal(await h.page.locator('img[src="x"]').count(), 0);
    assert.deepEqual(
      h.problems.filter((problem) => problem.startsWith('dialog')),
      [],
    );
  });

  it('lists the account’s calls in Requests, masked, with validation messages readable', async () => {
    const refused = await h.call('validateOrders', edit(minimumRequest(), set('order[0].generalShipmentData.recipient.zipCode', '99999X')));
    assert.equal(refused.body.orderResult.success, false);
    await visit('#/requests');
    await refreshUntil(/validateOrders/);
    const first = h.page.locator('table.requests tbody tr:not([hidden])', { hasText: 'validateOrders' }).first();
    assert.match(await first.innerText(), /REST\s+validateOrders\s+Failed\s+error_invalid_dest_zip/);
    await first.getByRole('button', { name: /Show/ }).click();
    const details = h.page.locator('.request-details');
    await details.waitFor();
    assert.match(await details.getByRole('list').innerText(), /error_invalid_dest_zip .*zipCode/);
    const request = await details.locator('pre').first().innerText();
    assert.match(request, /"name1": "\*\*\*"/, 'personal fields masked');
    assert.doesNotMatch(request, /Ontvanger BV/);
    assert.match(await details.locator('pre').nth(1).innerText(), /"success": false/);
    // The login and the stored parcels are there too; the console's own reads are not, unless asked for.
    const operations = await h.page.locator('table.requests tbody tr:not([hidden]) td:nth-child(3)').allInnerTexts();
    assert.ok(operations.includes('getAuth') && operations.includes('storeOrders'), operations.join());
    assert.ok(!operations.includes('findParcels'), operations.join());
    await checkAccessibility(h.page, 'requests with details');
  });

  it('finds the call that stored a parcel from its page and by the printed number, copies it as curl and replays it after a confirmation', async () => {
    // The parcel's page links the call that stored it: Requests filtered to storeOrders and the number.
    await visit(`#/parcels/${numbers.pdf}`);
    await h.page.getByRole('link', { name: 'The call that stored it' }).click();
    await refreshUntil(/storeOrders/);
    const storedBy = async () => h.page.locator('table.requests tbody tr:not([hidden]) td:nth-child(3)').allInnerTexts();
    assert.deepEqual(await storedBy(), ['storeOrders']);
    // The same call found by the number as a label prints it: spaces and the check character.
    await visit('#/requests');
    const printed = `${numbers.pdf.slice(0, 4)} ${numbers.pdf.slice(4, 8)} ${numbers.pdf.slice(8, 12)} ${numbers.pdf.slice(12)} ${computeCheckCharacter(numbers.pdf)}`;
    await h.page.getByLabel('Parcel number or reference').fill(printed);
    await h.page.getByRole('button', { name: 'Apply' }).click();
    await h.page.waitForFunction(() => /search=/.test(location.hash));
    await refreshUntil(/storeOrders/);
    assert.deepEqual(await storedBy(), ['storeOrders']);
    const row = h.page.locator('table.requests tbody tr:not([hidden])', { hasText: 'storeOrders' }).first();
    await row.getByRole('button', { name: /Show/ }).click();
    const details = h.page.locator('.request-details');
    await details.getByRole('button', { name: 'As curl' }).click();
    const curl = await details.locator('pre.curl').innerText();
    assert.match(curl, new RegExp(`^curl -sS -X POST '${h.url}/rest/services/ShipmentService/V3_5/storeOrders'`));
    assert.match(curl, /--data-binary '\{"authentication":\{"delisId":"[^"]+","authToken":"(?!\*\*\*)[^"]+"/, 'the console’s own token');
    // Replay asks first; cancelled, nothing is sent.
    await details.getByRole('button', { name: 'Replay' }).click();
    const dialog = h.page.getByRole('dialog', { name: 'Send this call again?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await details.locator('.replayed').count(), 0);
    const parcels = async () => (await h.call('findParcels', {})).body.findParcelsResponse.parcel.length as number;
    const before = await parcels();
    await details.getByRole('button', { name: 'Replay' }).click();
    await dialog.getByRole('button', { name: 'Send again' }).click();
    const answered = await details.locator('.replayed').innerText();
    const [, status, requestId] = /^Answered HTTP (\d{3}), request id (\S+)\.$/.exec(answered) ?? [];
    assert.equal(status, '200', answered);
    assert.equal(await parcels(), before + 1, 'the replayed storeOrders stored its parcel again (personal fields as the log masked them)');
    // Logged anew under the request id its answer carried.
    await visit(`#/requests?requestId=${encodeURIComponent(requestId)}`);
    await refreshUntil(/storeOrders/);
    assert.match(await h.page.locator('table.requests tbody tr:not([hidden])').first().innerText(), new RegExp(requestId));
    await checkAccessibility(h.page, 'requests found by request id');
  });

  it('advances a parcel from the Sandbox page, and its timeline shows the carrier’s events where they happened', async () => {
    const shipDate = (await h.call('getParcelData', { parcelLabelNumber: numbers.pdf })).body.getParcelDataResponse.parcel.shipDate;
    assert.equal((await h.call('startOrdersConsolidation', { consolidationDate: shipDate })).status, 200);
    await visit(`#/parcels/${numbers.pdf}`);
    await h.page.getByRole('link', { name: 'Move it on in the sandbox' }).click();
    await h.page.getByRole('heading', { level: 1, name: 'Sandbox' }).waitFor();
    assert.equal(await h.page.getByLabel('Parcel number').inputValue(), numbers.pdf);
    await h.page.getByLabel('To status').selectOption('Courier');
    await h.page.getByRole('button', { name: 'Advance' }).click();
    await h.page.getByText(`Parcel ${numbers.pdf} moved from DataReceived to Courier.`).waitFor();
    await checkAccessibility(h.page, 'sandbox');
    await visit(`#/parcels/${numbers.pdf}`);
    await h.page.locator('ol.timeline').waitFor();
    assert.deepEqual(await h.page.locator('ol.timeline .timeline-state').allInnerTexts(), [
      'DataReceived',
      'PickedUp',
      'BetweenDepots',
      'BetweenDepots',
      'Depot',
      'Courier',
    ]);
    assert.deepEqual(await h.page.locator('ol.timeline .timeline-place').allInnerTexts(), [
      'Best (NL)',
      'Best (NL)',
      'Best (NL)',
      'Best (NL)',
      'Berkel en Rodenrijs (NL)',
      'Berkel en Rodenrijs (NL)',
    ]);
    assert.equal(await h.page.locator('ol.timeline li[aria-current="step"] .timeline-state').innerText(), 'Courier');
  });

  it('sets the account’s clock from the Sandbox page, and puts it back', async () => {
    // Two hours on: within the 24 hours of the login, which a later time would end.
    const fixed = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 3600 * 1000);
    await visit('#/sandbox');
    // Read in the service's zone: its wall-clock time there, as sv-SE writes it (YYYY-MM-DD hh:mm:ss).
    const amsterdam = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', dateStyle: 'short', timeStyle: 'medium' });
    await h.page.getByLabel('Fix the clock at (Europe/Amsterdam)').fill(amsterdam.format(fixed).replace(' ', 'T'));
    await h.page.getByRole('button', { name: 'Fix', exact: true }).click();
    await h.page.getByText('It stands still.').waitFor();
    assert.equal((await h.call('getSandboxState', {})).body.getSandboxStateResponse.clock.now, fixed.toISOString().replace('Z', '000Z'));
    await h.page.getByRole('button', { name: 'Back to the real time' }).click();
    await h.page.getByText('It runs on the real time.').waitFor();
  });

  it('chooses the scenario and lets time move the parcels from the Sandbox page, and stops it again', async () => {
    await visit('#/sandbox');
    await h.page.getByText('Parcels stored from now on walk the scenario delivered.').waitFor();
    await h.page.getByLabel('Scenario').selectOption('not_home_to_parcel_shop');
    await h.page.getByRole('button', { name: 'Set scenario' }).click();
    await h.page.getByText('Parcels stored from now on walk not_home_to_parcel_shop.').waitFor();
    await h.page.getByRole('button', { name: 'Let time move the parcels' }).click();
    await h.page
      .getByRole('status')
      .getByText(/Time moves the parcels/)
      .waitFor();
    const state = (await h.call('getSandboxState', {})).body.getSandboxStateResponse;
    assert.deepEqual([state.scenario, state.journeyClock], ['not_home_to_parcel_shop', { running: true }]);
    await checkAccessibility(h.page, 'sandbox journeys');
    await h.page.getByRole('button', { name: 'Stop', exact: true }).click();
    await h.page
      .getByRole('status')
      .getByText(/Time no longer moves the parcels/)
      .waitFor();
    await h.page.getByLabel('Scenario').selectOption('delivered');
    await h.page.getByRole('button', { name: 'Set scenario' }).click();
    await h.page.getByText('Parcels stored from now on walk delivered.').waitFor();
  });

  it('injects a fault from the Sandbox page; the call it fails shows in Requests', async () => {
    await visit('#/sandbox');
    await h.page.getByLabel('Operation').selectOption('storeOrders');
    await h.page.getByLabel('Fault code', { exact: true }).fill('CARRIER_DOWN');
    await h.page.getByLabel('Message (optional)').fill('The carrier is down.');
    await h.page.getByRole('button', { name: 'Inject' }).click();
    await h.page.getByText(/^Fault \d+ waits for the next 1 matching calls\.$/).waitFor();
    const pending = h.page.getByRole('table', { name: 'Pending faults' });
    assert.match(await pending.innerText(), /storeOrders\s+any\s+fault CARRIER_DOWN\s+1/);
    const refused = await h.call('storeOrders', minimumRequest());
    assert.deepEqual([refused.status, refused.body.status.code], [400, 'CARRIER_DOWN']);
    await visit('#/requests');
    await refreshUntil(/storeOrders\s+Failed/);
    // The newest storeOrders, the one refused (the Sandbox page's own reads may be logged around it).
    const failed = h.page.locator('table.requests tbody tr:not([hidden])', { hasText: 'storeOrders' }).first();
    assert.match(await failed.innerText(), /REST\s+storeOrders\s+Failed\s+ERR_INJECTED_FAULT/);
    await failed.getByRole('button', { name: /Show/ }).click();
    assert.match(await h.page.locator('.request-details ul.messages').innerText(), /CARRIER_DOWN The carrier is down\./);
    // Used up: nothing is pending any more.
    await visit('#/sandbox');
    await h.page.getByText('No faults are pending.').waitFor();
  });

  it('resets the account after asking, and the lists are empty', async () => {
    await visit('#/sandbox');
    await h.page.getByRole('button', { name: 'Reset…' }).click();
    const dialog = h.page.getByRole('dialog', { name: 'Reset the account?' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), new RegExp(`Everything of ${h.delisId} listed above is removed for good`));
    await checkAccessibility(h.page, 'reset confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await h.call('findParcels', {})).body.findParcelsResponse.parcel.length, 4, 'cancelled: nothing removed');
    await h.page.getByRole('button', { name: 'Reset…' }).click();
    await dialog.getByRole('button', { name: 'Yes, remove everything' }).click();
    await h.page.getByText(/^Removed: 4 parcels, 4 orders, 1 consolidations/).waitFor();
    await visit('#/parcels');
    await h.page.getByText('No parcels match.').waitFor();
    assert.equal(await h.page.locator('table tbody tr').count(), 0);
    // The log is empty but for what came after the reset: the reset itself and the Sandbox page's reads.
    await visit('#/requests');
    await refreshUntil(/resetAccount/);
    const operations = await h.page.locator('table.requests tbody tr:not([hidden]) td:nth-child(3)').allInnerTexts();
    assert.deepEqual([...new Set(operations)].sort(), ['getSandboxState', 'resetAccount']);
  });

  it('says there is no such page for a fragment whose percent-encoding is not UTF-8, and goes on working', async () => {
    await visit('#/parcels/%E0%A4%A');
    await h.page.getByRole('heading', { level: 1, name: 'There is no such page.' }).waitFor();
    await h.page.getByRole('link', { name: 'Parcels' }).click();
    await h.page.getByRole('heading', { level: 1, name: 'Parcels' }).waitFor();
  });

  it('speaks Dutch, and asks the service for Dutch messages', async () => {
    await h.page.getByLabel('Language').selectOption('nl');
    await h.page.getByRole('link', { name: 'Pakketten' }).click();
    await h.page.getByRole('heading', { level: 1, name: 'Pakketten' }).waitFor();
    assert.equal(await h.page.evaluate(() => document.documentElement.lang), 'nl');
    await visit('#/parcels/05229999999999');
    const alert = h.page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Het verzoek is niet geldig: parcelLabelNumber 05229999999999 is geen pakket van dit account/);
    await checkAccessibility(h.page, 'Dutch');
    await h.page.getByLabel('Taal').selectOption('en');
  });

  it('logs out: the token is gone from the tab', async () => {
    await h.page.getByRole('button', { name: 'Log out' }).click();
    await h.page.getByText('You have logged out.').waitFor();
    assert.equal(await h.page.evaluate(() => sessionStorage.getItem('parcel-console.session')), null);
  });

  it('met no CSP violation, script error or dialog on the way', () => {
    assert.deepEqual(h.problems, []);
  });
});
