// The landing page at `/` in Chromium, on stage and on live: it names the environment, links the
// console, the API reference, the OpenAPI document and every WSDL the environment serves (each link
// answered), passes axe-core's rules with not one CSP violation or script error, and the icon at
// /favicon.ico is an image the browser draws. Other methods on `/` are refused 405.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { checkAccessibility } from '../support/accessibility.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.ts';

const WSDLS = {
  stage: [
    'LoginService V2_1',
    'ShipmentService V3_5',
    'ShipmentService V3_3',
    'ParcelShopFinderService V5_0',
    'ParcelLifeCycleService V2_0',
    'SandboxService V1_0',
    'EndOfDayService V1_0',
    'ConsoleService V1_0',
  ],
  live: [
    'LoginService V2_1',
    'ShipmentService V3_5',
    'ShipmentService V3_3',
    'ParcelShopFinderService V5_0',
    'ParcelLifeCycleService V2_0',
    'EndOfDayService V1_0',
    'ConsoleService V1_0',
  ],
} as const;

for (const environment of ['stage', 'live'] as const) {
  describe(`the landing page (${environment})`, () => {
    let t: TestApp;
    let origin: string;
    let dir: string;
    let context: BrowserContext;
    let page: Page;
    const problems: string[] = [];

    before(async () => {
      t = await startTestApp({ env: { PARCEL_ENV: environment } });
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      dir = await mkdtemp(join(tmpdir(), 'parcel-landing-'));
      context = await chromium.launchPersistentContext(join(dir, 'profile'), {
        executablePath: CHROMIUM,
        headless: true,
        args: [...CHROMIUM_FLAGS],
        locale: 'en-GB',
      });
      page = context.pages()[0] ?? (await context.newPage());
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      const response = await page.goto(`${origin}/`);
      assert.equal(response?.status(), 200);
    });
    after(async () => {
      await context?.close();
      await t?.close();
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    it('says what the service is and which environment it serves', async () => {
      assert.equal(await page.title(), `Parcel shipment service (${environment})`);
      assert.equal(await page.getAttribute('html', 'data-environment'), environment);
      await page.getByRole('heading', { level: 1, name: 'Parcel shipment service' }).waitFor();
      const banner = await page.getByRole('banner').innerText();
      assert.match(banner, new RegExp(`Environment: ${environment}, the ${environment === 'stage' ? 'test' : 'production'} environment`));
      assert.match(await page.getByRole('main').innerText(), /Shipment Service V3\.5/);
    });

    it('links the console, the API reference, the OpenAPI document and every WSDL of the environment, each answered', async () => {
      const links = await page
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((a) => [a.textContent ?? '', (a as HTMLAnchorElement).href] as const));
      assert.deepEqual(
        links.map(([name]) => name),
        ['Console', 'API reference', 'OpenAPI document (JSON)', 'OpenAPI document (YAML)', ...WSDLS[environment]],
      );
      for (const [name, href] of links) {
        assert.ok(href.startsWith(`${origin}/`), `${name}: ${href}`);
        const { status } = await fetch(href);
        // The console answers 503 until `npm run build` has built it (npm start always does).
        assert.ok(status === 200 || (name === 'Console' && status === 503), `${name}: ${href} answered ${status}`);
      }
      await page.getByRole('link', { name: 'API reference' }).click();
      await page.waitForURL(`${origin}/docs`);
      await page.goBack();
    });

    it('passes axe-core’s WCAG 2.1 A and AA rules, with no CSP violation or script error', async () => {
      await checkAccessibility(page, `the landing page (${environment})`);
      assert.deepEqual(problems, []);
    });

    it('has an icon at /favicon.ico that the browser draws, 16 by 16', async () => {
      const response = await page.goto(`${origin}/favicon.ico`);
      assert.equal(response?.status(), 200);
      assert.equal(response?.headers()['content-type'], 'image/x-icon');
      const size = await page.locator('img').evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      });
      assert.deepEqual(size, [16, 16]);
    });

    it('refuses other methods on / and /favicon.ico with 405 and the methods it takes', async () => {
      for (const url of ['/', '/favicon.ico'])
        for (const method of ['POST', 'PUT', 'DELETE', 'PROPFIND']) {
          const response = await t.app.inject({ method: method as 'POST', url });
          assert.equal(response.statusCode, 405, `${method} ${url}`);
          assert.equal(response.headers.allow, 'GET, HEAD');
          assert.equal(response.json().status.code, 'ERR_METHOD_NOT_ALLOWED');
        }
    });
  });
}
