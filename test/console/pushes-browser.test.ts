// The console's tracking push in Chromium, on stage, against the service as `npm start` builds and
// runs it, with a shop's receiver started by the test: the push URL set from the Sandbox page, a
// receiver that answers 500 — its push listed on the Pushes page waiting for its next try, opened with
// its parameters and tries, copied as curl (the very GET the receiver got) — given up after 48 hours of
// the account's clock, sent again from the page and delivered with the same pushid; the parcel page
// listing its pushes; paging; axe-core's rules, and not one CSP violation or script error on the way.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { duplicate, edit, minimumRequest } from '../fixtures/requests.ts';
import { checkAccessibility } from '../support/accessibility.ts';
import { buildBundle, logIn, startConsole, type ConsoleHarness } from '../support/console-harness.ts';
import { startPushReceiver, type PushReceiver } from '../support/push-receiver.ts';

describe('the console’s Pushes (stage)', () => {
  let bundle: string;
  let h: ConsoleHarness;
  let receiver: PushReceiver;
  let number = '';
  let pushid = '';

  /** Opens a page of the console afresh. */
  const visit = async (fragment: string) => {
    await h.page.goto(`${h.url}/console${fragment}`);
    await h.page.reload();
  };
  /** Presses the Pushes page's Refresh until the first row of the list matches `row`: a try is recorded a moment after the receiver answers. */
  const refreshUntil = (row: RegExp) =>
    h.page.waitForFunction(
      (source) => {
        const pattern = new RegExp(source);
        const rows = [...document.querySelectorAll<HTMLElement>('table.pushes tbody tr')];
        if (rows.some((candidate) => pattern.test(candidate.innerText))) return true;
        const refresh = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Refresh');
        if (refresh?.getAttribute('aria-busy') !== 'true') refresh?.click();
        return false;
      },
      row.source,
      { polling: 250 },
    );

  before(async () => {
    receiver = await startPushReceiver('status500');
    bundle = buildBundle(`pushes-test-${process.pid}`);
    h = await startConsole(bundle, { delisId: 'KDPUSHES1' });
    await logIn(h.page, h.url, h.delisId);
    await h.page.getByRole('link', { name: 'Pushes' }).waitFor();
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
    await rm(dirname(bundle), { recursive: true, force: true });
  });

  it('sets the push URL and mode from the Sandbox page, and switches pushing off and on', async () => {
    await visit('#/sandbox');
    const panel = h.page.getByRole('region', { name: 'Tracking push' });
    // A new account: not pushed to, mode immediate, as getSandboxState reads it.
    await panel.locator('p.push-setting', { hasText: 'Pushing is off (mode immediate).' }).waitFor();
    await panel.getByLabel('Push URL').fill('ftp://127.0.0.1/push');
    await panel.getByRole('button', { name: 'Set', exact: true }).click();
    // The browser's own check of a URL field lets an ftp URL through: the service refuses it in its words.
    await panel.getByRole('alert').waitFor();
    assert.match(await panel.getByRole('alert').innerText(), /http|https/);
    await panel.getByLabel('Push URL').fill(receiver.url);
    await panel.getByRole('button', { name: 'Set', exact: true }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: `Pushes go to ${receiver.url}, mode immediate.` })
      .waitFor();
    await panel.getByLabel('Mode').selectOption('duplicated');
    await panel.getByRole('button', { name: 'Set mode' }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: `Pushes go to ${receiver.url}, mode duplicated.` })
      .waitFor();
    await panel.getByRole('button', { name: 'Switch pushing off' }).click();
    await panel.getByRole('status').filter({ hasText: 'Pushing is off (mode duplicated).' }).waitFor();
    await panel.getByLabel('Mode').selectOption('immediate');
    await panel.getByRole('button', { name: 'Set mode' }).click();
    await panel.getByRole('status').filter({ hasText: 'Pushing is off (mode immediate).' }).waitFor();
    await panel.getByLabel('Push URL').fill(receiver.url);
    await panel.getByRole('button', { name: 'Set', exact: true }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: `Pushes go to ${receiver.url}, mode immediate.` })
      .waitFor();
    // Read again on a new visit.
    await visit('#/sandbox');
    await h.page.locator('p.push-setting', { hasText: `Pushes go to ${receiver.url}, mode immediate.` }).waitFor();
    await checkAccessibility(h.page, 'sandbox with the push panel');
  });

  it('lists a push its receiver refused as waiting for its next try, and opens it with its parameters and tries', async () => {
    const stored = await h.call('storeOrders', minimumRequest());
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    number = stored.body.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber as string;
    const [first] = await receiver.arrived(1);
    assert.equal(first.get('pnr'), number);
    assert.equal(first.get('status'), 'start_order');
    pushid = first.get('pushid') ?? '';
    await visit('#/pushes');
    await refreshUntil(new RegExp(`${number}\\s+start_order\\s+Waiting for its next try\\s+${pushid}\\s+1\\s+\\d`));
    await checkAccessibility(h.page, 'Pushes');
    await h.page.getByRole('link', { name: pushid, exact: true }).click();
    const details = h.page.getByRole('region', { name: `Push ${pushid}` });
    await details.waitFor();
    const parameters = await details.getByRole('table', { name: 'Parameters' }).locator('tbody tr').allInnerTexts();
    // The receiver's own query (its token) first, then the push's parameters in order, pushid first.
    assert.deepEqual(
      parameters.map((row) => row.split('\t')),
      first.parameters.filter(([name]) => name !== 'token').map(([name, value]) => [name, value]),
    );
    const attempts = await details
      .getByRole('table', { name: `Every try of push ${pushid}` })
      .locator('tbody tr')
      .allInnerTexts();
    assert.equal(attempts.length, 1);
    assert.match(attempts[0], /500\s+no\s+\d+ ms\s+down for maintenance/);
    await checkAccessibility(h.page, 'a push opened');
  });

  it('copies a push as curl: the very GET its receiver got, with the same headers', async () => {
    const details = h.page.getByRole('region', { name: `Push ${pushid}` });
    await details.getByRole('button', { name: 'Copy as curl' }).click();
    const curl = await details.locator('pre.curl').innerText();
    const [, address] = /^curl -sS '([^']+)'/.exec(curl) ?? [];
    assert.ok(address !== undefined, curl);
    const sent = new URL(address);
    const [first] = receiver.received;
    assert.equal(`${sent.origin}${sent.pathname}`, receiver.url.split('?')[0]);
    assert.deepEqual([...sent.searchParams.entries()], first.parameters);
    assert.match(curl, /-H 'user-agent: parcel-service tracking push'/);
    assert.match(curl, /-H 'accept: application\/xml, text\/xml, \*\/\*'/);
    // Run as it stands, it reaches the receiver with the same query.
    const replayed = receiver.arrived(receiver.received.length + 1);
    const before = receiver.received.length;
    await fetch(address, { headers: { 'user-agent': 'parcel-service tracking push' } });
    const got = (await replayed)[before];
    assert.deepEqual(got.parameters, first.parameters);
  });

  it('pages the list, 20 pushes a page, newest first', async () => {
    // Another order's 21 parcels, their pushes acknowledged at once (the first push waits an hour for its next try).
    receiver.behaviour = 'acknowledge';
    const delivered = receiver.received.length;
    const stored = await h.call('storeOrders', edit(minimumRequest(), duplicate('order[0].parcels[0]', 20)));
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    await receiver.arrived(delivered + 21);
    await visit('#/pushes');
    await h.page.locator('table.pushes tbody tr').nth(19).waitFor();
    assert.equal(await h.page.locator('table.pushes tbody tr').count(), 20);
    assert.doesNotMatch(await h.page.locator('table.pushes tbody').innerText(), new RegExp(number));
    await h.page.getByRole('link', { name: 'Older' }).click();
    await h.page.locator('table.pushes tbody tr', { hasText: number }).waitFor();
    assert.equal(await h.page.locator('table.pushes tbody tr').count(), 2);
    await h.page.getByRole('link', { name: 'Newer' }).click();
    await h.page.locator('table.pushes tbody tr').nth(19).waitFor();
    receiver.behaviour = 'status500';
  });

  it('gives a push up after 48 hours of the account’s clock, sends it again from the page, and it is delivered with the same pushid', async () => {
    const moved = await h.call('setClock', { advanceBy: 'P3D' });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    // Three days on, the console's login (a day of the account's time) has ended: log in again.
    await h.page.evaluate(() => sessionStorage.clear());
    await logIn(h.page, h.url, h.delisId);
    await h.page.getByRole('link', { name: 'Pushes' }).waitFor();
    await visit(`#/pushes?parcel=${number}&push=${pushid}`);
    await refreshUntil(new RegExp(`${number}\\s+start_order\\s+Given up\\s+${pushid}\\s+2\\s+—\\s+Send again`));
    receiver.behaviour = 'acknowledge';
    const resent = receiver.arrived(receiver.received.length + 1);
    await h.page.locator('table.pushes tbody tr', { hasText: pushid }).getByRole('button', { name: 'Send again' }).click();
    await h.page.getByText(`Push ${pushid} is queued again, due now, with the same pushid.`).first().waitFor();
    const again = (await resent).at(-1)!;
    assert.equal(again.get('pushid'), pushid);
    await refreshUntil(new RegExp(`${number}\\s+start_order\\s+Delivered\\s+${pushid}\\s+3\\s+—`));
    const details = h.page.getByRole('region', { name: `Push ${pushid}` });
    await details
      .getByRole('table', { name: `Every try of push ${pushid}` })
      .locator('tbody tr')
      .nth(2)
      .waitFor();
    const attempts = await details
      .getByRole('table', { name: `Every try of push ${pushid}` })
      .locator('tbody tr')
      .allInnerTexts();
    assert.match(attempts[2], /200\s+yes/);
  });

  it('lists a parcel’s pushes on its page, each opening on the Pushes page', async () => {
    await visit(`#/parcels/${number}`);
    const section = h.page.getByRole('region', { name: 'Pushes' });
    await section.locator('li').first().waitFor();
    const items = await section.locator('li').allInnerTexts();
    assert.equal(items.length, 1, items.join('\n'));
    assert.match(items[0], new RegExp(`start_order · Push ${pushid} · Delivered`));
    await section.getByRole('link', { name: `Push ${pushid}` }).click();
    await h.page.getByRole('heading', { level: 1, name: `Pushes of parcel ${number}` }).waitFor();
    await h.page.getByRole('region', { name: `Push ${pushid}` }).waitFor();
    await checkAccessibility(h.page, 'a parcel with its pushes');
  });

  it('met no CSP violation, script error or dialog on the way', () => {
    assert.deepEqual(h.problems, []);
  });
});
