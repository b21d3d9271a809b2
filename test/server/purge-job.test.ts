// The server's purge job (server/purge-job.ts): a shutdown stops it at its next step and waits for
// the step under way, so the store is never closed under a running purge.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { createPurgeJob } from '../../src/server/jobs/purge-job.ts';

const log = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** A store whose parcel purge takes until `release()`, recording each step it is asked for. */
function slowStore() {
  const steps: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const step = (name: string, wait?: Promise<void>) => async () => {
    steps.push(name);
    await wait;
    steps.push(`${name} done`);
    return 0;
  };
  const store = {
    shipments: { purgeExpired: step('parcels', released) },
    stageRequests: { purgeBefore: step('stage requests') },
    tokens: { deleteTokensExpiredBefore: step('tokens') },
    loginFailures: { purgeBefore: step('login failures') },
    optimize: async () => void steps.push('optimize'),
  };
  return { store: store as unknown as Parameters<typeof createPurgeJob>[0], steps, release };
}

describe('the purge job', () => {
  it('is waited for by a shutdown: the step under way ends, the next ones are left for the next start', async () => {
    const { store, steps, release } = slowStore();
    const job = createPurgeJob(store, { intervalMinutes: 0, stageLogRetentionDays: 30, log });
    job.run();
    await new Promise((resolve) => setImmediate(resolve));
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(stopped, false, 'the shutdown went on while the purge was still writing');
    release();
    await stopping;
    assert.deepEqual(steps, ['parcels', 'parcels done']);
    job.run();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(steps, ['parcels', 'parcels done'], 'no run after the shutdown');
  });

  it('runs one purge at a time', async () => {
    const { store, steps, release } = slowStore();
    const job = createPurgeJob(store, { intervalMinutes: 0, stageLogRetentionDays: 30, log });
    job.run();
    job.run();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(steps, ['parcels']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(steps, [
      'parcels',
      'parcels done',
      'stage requests',
      'stage requests done',
      'tokens',
      'tokens done',
      'login failures',
      'login failures done',
      'optimize',
    ]);
    await job.stop();
  });
});
