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
    // A CSP violation is written to the page's console as an error; a failed load ("Failed to load
    // resource") is told by its URL instead, below (the browser's own favicon request is not the page's).
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
    });
    page.on('response', (answer) => {
      if (answer.status() >= 400) errors.push(`${answer.status()} ${answer.url()}`);
    });
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
    // An operation opened: its example body highlighted, with no inline style refused on the way.
    await summaries.first().click();
    await page.locator('.opblock-body .microlight, .opblock-body pre').first().waitFor({ timeout: 30_000 });
    assert.deepEqual(foreign, []);
    assert.deepEqual(errors, []);
  });

  it('serves the page and Swagger UI from the package, refusing other methods', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    assert.doesNotMatch(
      page.body,
      /<script(?![^>]*\bsrc=)|<style|\sstyle=|https?:\/\//,
      'no inline script or style, nothing from elsewhere',
    );
    const script = await t.app.inject({ method: 'GET', url: '/docs/swagger-ui-bundle.js' });
    assert.equal(script.statusCode, 200);
    assert.ok(script.body.length > 100_000);
    for (const url of ['/docs', '/docs/start.js', '/docs/swagger-ui.css']) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      const csp = String(headers['content-security-policy']);
      assert.match(csp, /(^|; )default-src 'none'(;|$)/, url);
      assert.match(csp, /(^|; )style-src 'self'(;|$)/, url);
      assert.match(csp, /(^|; )script-src 'self'(;|$)/, url);
      assert.match(csp, /(^|; )frame-ancestors 'none'(;|$)/, url);
      assert.doesNotMatch(csp, /unsafe-inline|https?:/, url);
      assert.equal(headers['x-frame-options'], 'DENY', url);
      assert.equal(headers['referrer-policy'], 'no-referrer', url);
    }
    const post = await t.app.inject({ method: 'DELETE', url: '/docs' });
    assert.equal(post.statusCode, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });
});
