// The label pool draws PDF and PNG labels on worker threads, byte for byte what the event loop draws,
// each answer to its own job; plain ZPL stays on the event loop.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { renderLabels, type RenderedLabels } from '../../src/labels/render-labels.ts';
import { SAMPLE_PARCELS, SAMPLE_RETURN_PARCEL, sampleLabelJob } from '../../src/labels/sample-label-job.ts';
import { createLabelPool } from '../../src/server/label-threads/label-pool.ts';

const bytes = (value: Uint8Array | null) => (value === null ? null : Buffer.from(value));

describe('label pool', () => {
  const pool = createLabelPool(2);
  after(() => pool.close());

  it('draws PDF labels and the PNG e-label on a thread, the same bytes as on the event loop', async () => {
    const job = sampleLabelJob(SAMPLE_PARCELS, { printerLanguage: 'PDF', paperFormat: 'A4' });
    const [threaded, direct] = await Promise.all([pool.render(job, 'BOTH'), renderLabels(job, 'BOTH')]);
    assert.ok(threaded.labels !== null && threaded.eLabel !== null);
    assert.deepEqual(bytes(threaded.labels), bytes(direct.labels));
    assert.deepEqual(bytes(threaded.eLabel), bytes(direct.eLabel));
  });

  it('answers concurrent jobs each with its own labels', async () => {
    const jobs = SAMPLE_PARCELS.flatMap((parcel) => [
      sampleLabelJob([parcel], { printerLanguage: 'PDF', paperFormat: 'A6' }),
      sampleLabelJob([parcel], { printerLanguage: 'ZPL' }),
    ]);
    const threaded = await Promise.all(jobs.map((job) => pool.render(job, 'QR_CODE')));
    const direct = await Promise.all(jobs.map((job) => renderLabels(job, 'QR_CODE')));
    threaded.forEach((rendered, i) => assert.deepEqual(bytes(rendered.eLabel), bytes(direct[i].eLabel), `job ${i}`));
    // Different parcels, different e-labels: the answers did not cross.
    assert.equal(new Set(threaded.map((r) => bytes(r.eLabel)!.toString('base64'))).size, SAMPLE_PARCELS.length);
  });

  it('rejects a job the renderers refuse, naming the LabelError', async () => {
    const job = sampleLabelJob([SAMPLE_RETURN_PARCEL, SAMPLE_PARCELS[0]], { paperFormat: 'A7' });
    await assert.rejects(pool.render(job), /LabelError: .*/);
  });

  it('keeps plain ZPL on the event loop, and refuses threaded work once closed', async () => {
    const closed = createLabelPool(1);
    await closed.close();
    const zpl = await closed.render(sampleLabelJob(SAMPLE_PARCELS.slice(0, 1), { printerLanguage: 'ZPL' }));
    assert.match(Buffer.from(zpl.labels!).toString('latin1'), /^\^XA/);
    await assert.rejects(closed.render(sampleLabelJob(SAMPLE_PARCELS.slice(0, 1), { printerLanguage: 'PDF' })), /closed/);
  });

  it('a thread that dies fails its own jobs only, not those of the thread that replaces it', async () => {
    const single = createLabelPool(1);
    const job = sampleLabelJob(SAMPLE_PARCELS.slice(0, 1), { printerLanguage: 'PDF', paperFormat: 'A6' });
    // The pool's thread is the worker it posts jobs to (the loader of tsx has a worker of its own).
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with the worker as `this`, and put back
    const { postMessage } = Worker.prototype;
    const posted = new Set<Worker>();
    Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      posted.add(this);
      return postMessage.apply(this, args);
    };
    try {
      await single.render(job);
    } finally {
      Worker.prototype.postMessage = postMessage;
    }
    const [thread] = [...posted].filter((worker) => worker.listenerCount('message') > 0);
    // A message the thread cannot read kills it with an uncaught error: 'error', then, a moment
    // later, 'exit'. A request arriving in between gets a new thread, and must get its labels.
    const replacement = new Promise<Promise<RenderedLabels>>((resolve) => thread.once('error', () => resolve(single.render(job))));
    thread.ref();
    thread.postMessage(null);
    const rendered = await replacement;
    assert.ok(rendered.labels !== null);
    await single.close();
  });

  it('rejects the jobs a thread still had when the pool closes', async () => {
    const closing = createLabelPool(1);
    const pending = closing.render(sampleLabelJob(SAMPLE_PARCELS, { printerLanguage: 'PDF', paperFormat: 'A4' }));
    await closing.close();
    await assert.rejects(pending, /label thread exited/);
  });
});
