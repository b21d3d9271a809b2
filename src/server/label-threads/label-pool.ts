// Label rendering off the event loop. A PDF label costs a couple of milliseconds of CPU and a PNG
// e-label about as much; drawn on the event loop, one request of thirty such labels holds every other
// request for tens of milliseconds. The pool sends those jobs to worker threads (label-worker.ts),
// each job to the thread with the fewest waiting. ZPL labels cost less than the hand-over (tens of
// microseconds) and are drawn where they are asked for. End-of-day manifests (tens of milliseconds for
// a thousand parcels) go to the threads too.
import type { Worker } from 'node:worker_threads';
import type { LabelRenderer } from '../../domain/ports/call-ports.ts';
import type { LabelJob } from '../../labels/label-input.ts';
import type { ManifestJob } from '../../labels/manifest-input.ts';
import { renderLabels, type DropOffType, type RenderedLabels } from '../../labels/render-labels.ts';
import { renderManifest } from '../../labels/render-manifest.ts';
import { startWorker } from '../../threads/start-worker.ts';

/** A label job, or (`manifest`) an end-of-day manifest, whose PDF comes back as `labels`. */
export type LabelPoolRequest =
  | { readonly id: number; readonly job: LabelJob; readonly dropOffType?: DropOffType }
  | { readonly id: number; readonly manifest: ManifestJob };

/** Each member of a union without its `id`. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export type LabelPoolReply =
  | { readonly id: number; readonly labels: Uint8Array | null; readonly eLabel: Uint8Array | null }
  | { readonly id: number; readonly error: string };

export interface LabelPool extends LabelRenderer {
  /** Ends the threads; jobs still waiting are rejected. */
  close(): Promise<void>;
}

/** Renders on the event loop: what LABEL_THREADS=0 asks for, and what the pool keeps for ZPL. */
export const renderOnEventLoop: LabelRenderer = {
  render: renderLabels,
  renderManifest: (job) => Promise.resolve(renderManifest(job)),
};

/** Whether a job is worth a thread: anything but plain ZPL labels. */
function isCostly(job: LabelJob, dropOffType: DropOffType | undefined): boolean {
  return job.printerLanguage !== 'ZPL' || dropOffType === 'QR_CODE' || dropOffType === 'BOTH';
}

interface Thread {
  worker: Worker | undefined;
  /** The jobs of the thread's current worker; each worker has its own map. */
  waiting: Map<number, { resolve(rendered: RenderedLabels): void; reject(error: Error): void }>;
}

/** A pool of `size` label threads, each started with its first job. */
export function createLabelPool(size: number): LabelPool {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`a label pool needs at least one thread, not ${size}`);
  const threads: Thread[] = Array.from({ length: size }, () => ({ worker: undefined, waiting: new Map() }));
  let nextId = 0;
  let closed = false;

  const running = (thread: Thread): Worker => {
    if (thread.worker !== undefined) return thread.worker;
    const worker = startWorker(import.meta.url, 'label-worker', undefined);
    worker.unref();
    // A dying worker emits 'error' and then 'exit': a job sent in between goes to its replacement,
    // whose jobs the dead one's 'exit' must not fail.
    const waiting: Thread['waiting'] = new Map();
    thread.waiting = waiting;
    worker.on('message', (reply: LabelPoolReply) => {
      const job = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (waiting.size === 0) worker.unref();
      if ('error' in reply) job?.reject(new Error(`label rendering failed: ${reply.error}`));
      else job?.resolve({ labels: reply.labels, eLabel: reply.eLabel });
    });
    const fail = (error: Error) => {
      // A thread that died takes its waiting jobs with it; the next job starts a new one.
      if (thread.worker === worker) thread.worker = undefined;
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`label thread exited (code ${code})`)));
    thread.worker = worker;
    return worker;
  };

  /** Sends a request (without its id) to the thread with the fewest waiting. */
  const submit = (request: WithoutId<LabelPoolRequest>): Promise<RenderedLabels> => {
    if (closed) return Promise.reject(new Error('the label pool is closed'));
    const thread = threads.reduce((least, candidate) => (candidate.waiting.size < least.waiting.size ? candidate : least));
    const worker = running(thread);
    const id = nextId++;
    return new Promise<RenderedLabels>((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      // Referenced while it has work, so a job never waits on a thread the process would not wait for.
      worker.ref();
      worker.postMessage({ id, ...request });
    });
  };

  return {
    render(job, dropOffType) {
      if (!isCostly(job, dropOffType)) return renderOnEventLoop.render(job, dropOffType);
      return submit({ job, dropOffType });
    },
    async renderManifest(manifest) {
      const { labels } = await submit({ manifest });
      if (labels === null) throw new Error('the label thread answered no manifest');
      return labels;
    },
    async close() {
      closed = true;
      await Promise.all(
        threads.map(async (thread) => {
          const { worker } = thread;
          thread.worker = undefined;
          if (worker !== undefined) await worker.terminate();
        }),
      );
    },
  };
}
