// The console's page at /console on live: it names the environment, under a strict
// Content-Security-Policy, and takes GET and HEAD only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('the console page on live', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PARCEL_ENV: 'live' } });
  });
  after(() => t.close());

  it('serves the console page, which names the environment', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/console' });
    // Built or not (a run from source before `npm run build`), the page says which, never a 404.
    assert.ok([200, 503].includes(page.statusCode), String(page.statusCode));
    if (page.statusCode === 200) assert.match(page.body, /data-environment="live"/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
    const post = await t.app.inject({ method: 'POST', url: '/console' });
    assert.equal(post.statusCode, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });
});
