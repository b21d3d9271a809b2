// The API reference page at /docs, opened in Chromium (Debian's, driven by playwright-core): Swagger UI
// from the server itself renders the served document, every REST operation listed at its path.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { operationList } from '../../src/contract/operation-table.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.ts';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';

describe('the API reference page (/docs)', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  before(async () => {
    t = await startTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] });
  });
  after(async () => {
    await browser?.close();
    await t.close();
  });

  it('lists every REST operation at its path, with everything loaded from the server itself', async () => {
    const page = await browser.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${origin}/docs`);
    assert.equal(response?.status(), 200);
    const summaries = page.locator('.opblock-summary-path');
    // Every operation the server has a REST route for (on stage: every service's).
    const served = operationList.map(restPath).filter((url) => t.app.hasRoute({ method: 'POST', url }));
    assert.equal(served.length, operationList.length);
    await summaries.nth(served.length - 1).waitFor({ timeout: 30_000 });
    const paths = await summaries.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-path')));
    assert.deepEqual(paths.sort(), served.sort());
    assert.equal(await page.locator('.opblock-post').count(), served.length);
    assert.deepEqual(foreign, []);
    assert.deepEqual(errors, []);
  });

  it('serves the page and Swagger UI from the package, refusing other methods', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    const script = await t.app.inject({ method: 'GET', url: '/docs/swagger-ui-bundle.js' });
    assert.equal(script.statusCode, 200);
    assert.ok(script.body.length > 100_000);
    const post = await t.app.inject({ method: 'DELETE', url: '/docs' });
    assert.equal(post.statusCode, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });
});
