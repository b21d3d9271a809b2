// GET /health: what a load balancer or an orchestrator asks before sending traffic.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { DurabilityLostError } from '../../src/store/open-database.ts';
import { startTestApp } from '../support/app.ts';
import { STORE_DIALECTS } from '../support/databases.ts';

for (const dialect of STORE_DIALECTS) {
  describe(`GET /health [${dialect}]`, () => {
    it('answers 200 with the environment while the database answers', async () => {
      const t = await startTestApp({ dialect });
      try {
        const response = await t.app.inject({ method: 'GET', url: '/health' });
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json(), {
          status: 'ok',
          environment: 'stage',
          details: { notifications: { queued: 0, sending: 0, oldestAgeSeconds: 0 } },
        });
      } finally {
        await t.close();
      }
    });

    it('takes GET and HEAD only: other methods get 405 with Allow in the REST error shape, before their body is read', async () => {
      const t = await startTestApp({ dialect });
      try {
        assert.equal((await t.app.inject({ method: 'HEAD', url: '/health' })).statusCode, 200);
        // PUT and DELETE have routes in Fastify; PROPFIND reaches the not-found handler. A broken body changes nothing.
        for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND']) {
          const response = await t.app.inject({
            method: method as InjectOptions['method'],
            url: '/health?x=1',
            headers: { 'content-type': 'application/json' },
            payload: '{',
          });
          assert.equal(response.statusCode, 405, method);
          assert.equal(response.headers.allow, 'GET, HEAD', method);
          const body = response.json();
          assert.equal(body.status.code, 'ERR_METHOD_NOT_ALLOWED', method);
          assert.match(body.status.message, /GET, HEAD/, method);
        }
      } finally {
        await t.close();
      }
    });

    it('answers 503 once writes can no longer be made durable, saying a restart is needed', async () => {
      const t = await startTestApp({
        dialect,
        repositories: (store) => ({
          ...store,
          ping: async () => {
            throw new DurabilityLostError('writes can no longer be made durable', { cause: new Error('EIO at /secret/wal') });
          },
        }),
      });
      try {
        const response = await t.app.inject({ method: 'GET', url: '/health' });
        assert.equal(response.statusCode, 503);
        assert.deepEqual(response.json(), {
          status: 'unavailable',
          reason: 'the database cannot make writes durable; restart the service',
        });
      } finally {
        await t.close();
      }
    });

    it("answers 503 when the database does not, without the error's details", async () => {
      const t = await startTestApp({
        dialect,
        repositories: (store) => ({
          ...store,
          ping: async () => {
            throw new Error('connection refused at /secret/socket');
          },
        }),
      });
      try {
        const response = await t.app.inject({ method: 'GET', url: '/health' });
        assert.equal(response.statusCode, 503);
        assert.deepEqual(response.json(), { status: 'unavailable', reason: 'the database does not answer' });
      } finally {
        await t.close();
      }
    });

    it('answers 503 while the database disk has less than HEALTH_MIN_FREE_MB free, and 200 again once it has more', async () => {
      let free = 63 * 1024 * 1024;
      let looks = 0;
      const t = await startTestApp({
        dialect,
        repositories: (store) => ({
          ...store,
          freeSpace: async () => {
            looks += 1;
            return free;
          },
        }),
      });
      try {
        const full = await t.app.inject({ method: 'GET', url: '/health' });
        assert.equal(full.statusCode, 503);
        assert.deepEqual(full.json(), { status: 'unavailable', reason: 'the disk of the database has less than 64 MB free' });
        // A flood of checks looks at the disk once a second at most.
        for (let i = 0; i < 20; i++) await t.app.inject({ method: 'GET', url: '/health' });
        assert.equal(looks, 1);
        free = 65 * 1024 * 1024;
        await new Promise((resolve) => setTimeout(resolve, 1100));
        assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
      } finally {
        await t.close();
      }
    });

    it('does not look at the disk with HEALTH_MIN_FREE_MB=0', async () => {
      const t = await startTestApp({
        dialect,
        env: { HEALTH_MIN_FREE_MB: '0' },
        repositories: (store) => ({ ...store, freeSpace: async () => 0 }),
      });
      try {
        assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
      } finally {
        await t.close();
      }
    });

    it(`reads the free space of ${dialect === 'sqlite' ? "the SQLite file's disk" : 'no disk (PostgreSQL keeps its own)'}`, async () => {
      const t = await startTestApp({ dialect });
      try {
        const free = await t.store.freeSpace();
        if (dialect === 'sqlite') assert.ok(typeof free === 'number' && free > 0, String(free));
        else assert.equal(free, undefined);
      } finally {
        await t.close();
      }
    });
  });
}
