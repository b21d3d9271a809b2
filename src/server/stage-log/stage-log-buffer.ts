// Buffers stage requests in memory and writes them in batches, so keeping metrics costs a request no
// disk write of its own. Personal fields of the request and the answer are masked as a call is
// buffered, so nothing unmasked is ever stored. What is still buffered at a crash is lost: metrics, never shipment data.
import type { StageLog, StageLogRepository, StageRequest } from '../../domain/ports/stage-log-ports.ts';
import { createStageLogBounds, type StageLogBounds } from './stage-log-bounds.ts';
import { WriteMarks, type SettlingStageLog } from './reads-own-writes.ts';
import { createCallMasker } from './stage-texts.ts';

export interface StageLogBuffer extends StageLog, SettlingStageLog {
  /** Writes what is buffered. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/** Options of a buffer: how often it writes, how much it keeps, the key of its search digests. */
export interface StageLogBufferOptions {
  /** How long a call waits at most before it is written. Default 1 s. */
  readonly intervalMs?: number;
  /** Default 20,000. */
  readonly maxBuffered?: number;
  readonly onError?: (error: unknown) => void;
  /** Default stage-log-bounds.ts's. */
  readonly bounds?: StageLogBounds;
  /** The key of the references' digests (domain/operator/stage-log-search.ts); without one, none are kept. */
  readonly searchKey?: string;
  /** Told after each batch is written (or failed to be): the count of calls recorded up to its last. */
  readonly onWritten?: (upTo: number) => void;
}

/**
 * Flushes `intervalMs` after the first call it buffers, or sooner when `maxBuffered` requests wait: one transaction per flush,
 * committed without a sync of its own. Each text is kept within `bounds`.
 */
export function createStageLogBuffer(repository: StageLogRepository, options: StageLogBufferOptions = {}): StageLogBuffer {
  const { intervalMs = 1000, maxBuffered = 20_000, onError = () => {}, onWritten = () => {} } = options;
  const bound = createStageLogBounds(options.bounds);
  const stored = createCallMasker(options.searchKey);
  const marks = new WriteMarks();
  let buffer: StageRequest[] = [];
  let writing: Promise<void> = Promise.resolve();
  // A timer only while calls wait: an idle log thread is not woken every `intervalMs` for nothing.
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (buffer.length === 0) return writing;
    const batch = buffer;
    const upTo = marks.last;
    buffer = [];
    writing = writing
      .then(() => repository.recordMany(batch))
      .catch(onError)
      .then(() => {
        marks.written(upTo);
        onWritten(upTo);
      });
    return writing;
  };
  return {
    record(call) {
      marks.record(call.delisId ?? '');
      buffer.push(bound(stored(call)));
      if (buffer.length >= maxBuffered) void flush();
      else if (timer === undefined && !closed) {
        timer = setTimeout(() => void flush(), intervalMs);
        timer.unref();
      }
    },
    settled(delisId) {
      return marks.pending(delisId) ? flush() : Promise.resolve();
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}

/** The sink of a live server: nothing is kept. */
export const discardStageLog: StageLog = Object.freeze({ record: () => {} });
