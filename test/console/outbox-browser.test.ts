// The console's Outbox in Chromium, on stage, against the service as `npm start` builds and runs it:
// the messages a parcel's journey produced, listed newest first and each shown as its receiver gets it
// — the e-mail's HTML in a sandboxed frame that runs nothing, an SMS as its text — a hostile shipper's
// name shown as text, the parcel page listing its messages, axe-core's rules, and not one CSP violation
// or script error on the way.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { edit, minimumRequest, set } from '../fixtures/requests.ts';
import { checkAccessibility } from '../support/accessibility.ts';
import { buildBundle, logIn, startConsole, type ConsoleHarness } from '../support/console-harness.ts';

/**
 * A shipper's name that would run script if the console put it into the page as HTML: every message's
 * subject and text carry it. (A receiver's phone number or e-mail address can no longer hold it: both
 * are validated.)
 */
const HOSTILE_VALUE = '<img src=x onerror=alert(1)>';
const PHONE = '+31612345678';

describe('the console’s Outbox (stage)', () => {
  let bundle: string;
  let h: ConsoleHarness;
  let number = '';

  before(async () => {
    bundle = buildBundle(`outbox-test-${process.pid}`);
    h = await startConsole(bundle, { delisId: 'KDOUTBOX1' });
    const order = edit(
      minimumRequest(),
      set('order[0].productAndServiceData.predict', { channel: 1, value: 'jan.jansen@example.nl', language: 'EN' }),
      set('order[0].generalShipmentData.sender.name1', HOSTILE_VALUE),
      set('order[0].productAndServiceData.proactiveNotification', [{ channel: 3, value: PHONE, rule: 16, language: 'NL' }]),
    );
    const stored = await h.call('storeOrders', order);
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    const response = stored.body.orderResult.shipmentResponses[0];
    number = response.parcelInformation[0].parcelLabelNumber as string;
    const day = Number((response.mpsId as string).slice(-8));
    assert.equal((await h.call('startOrdersConsolidation', { consolidationDate: day })).status, 200);
    const advanced = await h.call('advanceParcel', { parcelLabelNumber: number, to: 'delivered' });
    assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
    await logIn(h.page, h.url, h.delisId);
    await h.page.getByRole('link', { name: 'Outbox' }).waitFor();
  });
  after(async () => {
    await h?.close();
    await rm(dirname(bundle), { recursive: true, force: true });
  });

  it('lists the messages the journey produced, newest first, the hostile receiver value as text', async () => {
    await h.page.getByRole('link', { name: 'Outbox' }).click();
    const table = h.page.getByRole('table', { name: 'Messages to receivers, newest first' });
    await table.locator('tbody tr').nth(1).waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    assert.equal(rows.length, 2, rows.join('\n'));
    assert.match(
      rows[0],
      /Proactive \(rule 16\)\s+Delivered\s+SMS\s+\+31612345678\s+Je pakket van <img src=x onerror=alert\(1\)>: bezorgd\s+Captured, not sent/,
    );
    assert.match(rows[1], /Predict\s+Depot\s+E-mail\s+jan\.jansen@example\.nl\s+Your parcel from <img src=x onerror=alert\(1\)> arrives/);
    assert.equal(await h.page.locator('img[src="x"]').count(), 0);
    await checkAccessibility(h.page, 'Outbox');
  });

  it('shows an e-mail as its receiver sees it: the HTML in a sandboxed frame, and its text part', async () => {
    await h.page.getByRole('link', { name: /^Your parcel from <img src=x onerror=alert\(1\)> arrives/ }).click();
    const heading = h.page.getByRole('heading', { level: 2, name: /^Your parcel from <img src=x onerror=alert\(1\)> arrives/ });
    await heading.waitFor();
    const frame = h.page.locator('iframe.message-frame');
    assert.equal(await frame.getAttribute('sandbox'), '', 'no script, no origin of its own');
    const body = h.page.frameLocator('iframe.message-frame').locator('body');
    await body.waitFor();
    const shown = await body.innerText();
    assert.match(
      shown,
      /Your parcel from <img src=x onerror=alert\(1\)> will be delivered on \w+ \d+ \w+ between \d\d:\d\d and \d\d:\d\d\./,
    );
    assert.match(shown, new RegExp(`Parcel number\\s+${number}`));
    assert.match(shown, /Tracking reference\s+MPS\d{22}/);
    const summary = h.page.locator('section.message details > summary');
    assert.equal(await summary.innerText(), 'The e-mail’s text part');
    await summary.press('Enter');
    await h.page.locator('details[open] pre.message-text').waitFor();
    assert.match(
      await h.page.locator('pre.message-text').innerText(),
      /^Hello,\n\nYour parcel from <img src=x onerror=alert\(1\)> will be delivered/,
    );
    await checkAccessibility(h.page, 'an e-mail in the Outbox');
  });

  it('shows an SMS as its text, the hostile shipper name in it as text', async () => {
    await h.page.getByRole('link', { name: `Je pakket van ${HOSTILE_VALUE}: bezorgd` }).click();
    const sms = h.page.locator('p.sms');
    await sms.waitFor();
    assert.match(await sms.innerText(), new RegExp(`^Pakket ${number} van <img src=x onerror=alert\\(1\\)>: bezorgd\\. Ref MPS\\d{22}$`));
    const to = h.page.locator('.message dl.facts div', { has: h.page.getByText('To', { exact: true }) }).locator('dd');
    assert.equal(await to.innerText(), PHONE);
    assert.equal(await h.page.locator('img[src="x"]').count(), 0);
  });

  it('lists a parcel’s messages on its page, each opening in the outbox', async () => {
    await h.page.goto(`${h.url}/console#/parcels/${number}`);
    await h.page.reload();
    const section = h.page.getByRole('region', { name: 'Notifications' });
    await section.locator('li').nth(1).waitFor();
    const items = await section.locator('li').allInnerTexts();
    assert.equal(items.length, 2);
    assert.match(items.join('\n'), /Predict · Depot · E-mail jan\.jansen@example\.nl/);
    await section.getByRole('link', { name: /^Your parcel from <img src=x onerror=alert\(1\)> arrives/ }).click();
    await h.page.getByRole('heading', { level: 1, name: `Outbox of parcel ${number}` }).waitFor();
    await h.page.locator('iframe.message-frame').waitFor();
    await checkAccessibility(h.page, 'a parcel with its messages');
  });

  it('met no CSP violation, script error or dialog on the way', () => {
    assert.deepEqual(h.problems, []);
  });
});
