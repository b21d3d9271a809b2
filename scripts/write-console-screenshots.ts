// Writes docs/console/*.png: a screenshot of each page of the web console, taken in Chromium against
// the service as `npm start` builds it, with a few parcels stored through the API first.
// `npm run docs:console` (needs /usr/bin/chromium: sh scripts/ensure-debian-packages.sh chromium).
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { edit, minimumRequest, set } from '../test/fixtures/requests.ts';
import { buildBundle, logIn, pdfViewerOpened, startConsole, type ConsoleHarness } from '../test/support/console-harness.ts';
import { startPushReceiver } from '../test/support/push-receiver.ts';

const OUT = 'docs/console';

async function store(h: ConsoleHarness, request: unknown): Promise<string> {
  const stored = await h.call('storeOrders', request);
  if (stored.status !== 200) throw new Error(`storeOrders: ${JSON.stringify(stored.body)}`);
  const answer = stored.body as { orderResult: { shipmentResponses: Array<{ parcelInformation: Array<{ parcelLabelNumber: string }> }> } };
  return answer.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber;
}

async function shoot(h: ConsoleHarness, fragment: string, ready: string, file: string, pdf = false): Promise<void> {
  // The PDF viewer's frame is drawn only within the viewport: a PDF page is taken in one tall enough for all of it.
  await h.page.setViewportSize({ width: 1280, height: pdf ? 1960 : 900 });
  await h.page.goto(`${h.url}/console${fragment}`);
  await h.page.reload();
  await h.page.locator(ready).first().waitFor();
  // Nothing in flight: the pages are drawn from their answers.
  await h.page.waitForFunction(() => document.querySelector('[aria-busy="true"], [role="status"]:not(.message)') === null);
  if (pdf) {
    // The browser's PDF viewer draws its page a moment after it opens; nothing in the page tells when.
    await pdfViewerOpened(h.page);
    await h.page.waitForTimeout(4000);
  }
  await h.page.screenshot({ path: `${OUT}/${file}`, fullPage: !pdf });
  console.log(`wrote ${OUT}/${file}`);
}

const bundle = buildBundle(`console-screenshots-${process.pid}`);
const h = await startConsole(bundle, { delisId: 'KD123456' });
// A shop's receiver on loopback: every push of the parcels below is delivered to it.
const receiver = await startPushReceiver('acknowledge');
try {
  await h.call('setPushUrl', { url: receiver.url });
  await mkdir(OUT, { recursive: true });
  const recipient = (name1: string, street: string, zipCode: string, city: string) =>
    set('order[0].generalShipmentData.recipient', { name1, street, country: 'NL', zipCode, city });
  const reference = (value: string) => set('order[0].parcels[0].customerReferenceNumber1', value);
  await store(h, edit(minimumRequest(), recipient('Bakkerij de Vries', 'Markt 12', '3511AB', 'Utrecht'), reference('WEB-10231')));
  await store(h, edit(minimumRequest(), recipient('Jansen Fietsen', 'Stationsweg 4', '2312AV', 'Leiden'), reference('WEB-10232')));
  const zpl = await store(
    h,
    edit(
      minimumRequest(),
      recipient('Ana Kovač', 'Vondelstraat 88', '1054GN', 'Amsterdam'),
      reference('WEB-10233'),
      set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6' }),
    ),
  );
  const pdf = await store(
    h,
    edit(
      minimumRequest(),
      recipient('Müller & Söhne GmbH', 'Coolsingel 40', '3011AD', 'Rotterdam'),
      reference('WEB-10234'),
      set('printOptions', { printerLanguage: 'PDF', paperFormat: 'A6', dropOffType: 'BOTH' }),
    ),
  );
  await h.call(
    'validateOrders',
    edit(minimumRequest(), set('order[0].generalShipmentData.recipient.zipCode', '99999X'), set('order[0].parcels[0].weight', 4000)),
  );

  await h.page.goto(`${h.url}/console`);
  await h.page.getByLabel('delisId').waitFor();
  await h.page.screenshot({ path: `${OUT}/login.png`, fullPage: true });
  console.log(`wrote ${OUT}/login.png`);
  await logIn(h.page, h.url, h.delisId);
  await h.page.getByRole('button', { name: 'Log out' }).waitFor();
  await shoot(h, '#/parcels', 'tbody tr', 'parcels.png');
  await shoot(h, `#/parcels/${pdf}`, 'img.e-label', 'parcel-pdf.png', true);
  await shoot(h, `#/parcels/${zpl}`, '.zpl-preview img', 'parcel-zpl.png');
  await h.page.goto(`${h.url}/console#/requests?failed=1`);
  await h.page.reload();
  await h.page.locator('table.requests tbody tr').first().waitFor();
  await h.page.getByRole('button', { name: /Show/ }).first().click();
  await h.page.locator('.request-details').waitFor();
  await h.page.screenshot({ path: `${OUT}/requests.png`, fullPage: true });
  console.log(`wrote ${OUT}/requests.png`);
  await h.call('injectFault', {
    operation: 'storeOrders',
    binding: 'SOAP',
    count: 3,
    fault: { faultCode: 'CARRIER_DOWN', message: 'The carrier is down.' },
  });
  await h.call('injectFault', { operation: 'getTrackingData', httpStatus: 503 });
  await shoot(h, `#/sandbox?parcel=${pdf}`, 'table', 'sandbox.png');
  // The day closed, for the Day end page; the pushes its parcels' data transfer made, one opened.
  const day = Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' }).replaceAll('-', ''));
  await h.call('startOrdersConsolidation', { consolidationDate: day });
  await shoot(h, '#/day-end', 'table.day-end tfoot tr', 'day-end.png');
  const [first] = await receiver.arrived(4);
  await h.page.goto(`${h.url}/console#/pushes`);
  await h.page.reload();
  await h.page.waitForFunction(
    () =>
      document.querySelectorAll('table.pushes tbody tr').length >= 4 &&
      !/Waiting/.test(document.querySelector('table.pushes tbody')?.textContent ?? ''),
  );
  await shoot(h, `#/pushes?push=${first.get('pushid') ?? ''}`, 'table.push-attempts tbody tr', 'pushes.png');
} finally {
  await receiver.close();
  await h.close();
  await rm(dirname(bundle), { recursive: true, force: true });
}
