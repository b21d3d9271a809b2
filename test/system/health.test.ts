// GET /health: what a load balancer or an orchestrator asks before sending traffic.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';

for (const dialect of STORE_DIALECTS) {
  describe(`GET /health [${dialect}]`, () => {
    it('answers 200 with the environment while the database answers', async () => {
      const t = await startTestApp({ dialect });
      try {
        const response = await t.app.inject({ method: 'GET', url: '/health' });
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json(), { status: 'ok', environment: 'stage' });
      } finally {
        await t.close();
      }
    });

    it('answers 503 when the database does not, without the error\'s details', async () => {
      const t = await startTestApp({ dialect, repositories: (store) => ({ ...store, ping: async () => { throw new Error('connection refused at /secret/socket'); } }) });
      try {
        const response = await t.app.inject({ method: 'GET', url: '/health' });
        assert.equal(response.statusCode, 503);
        assert.deepEqual(response.json(), { status: 'unavailable', reason: 'the database does not answer' });
      } finally {
        await t.close();
      }
    });
  });
}
