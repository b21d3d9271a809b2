// Buffers stage requests in memory and writes them in batches, so keeping metrics costs a request no
// disk write of its own. Personal fields of the request and the answer are masked as a call is
// buffered, so nothing unmasked is ever stored. What is still buffered at a crash is lost: metrics, never shipment data.
import { maskRequestText } from '../../bindings/stage-log/mask-request-text.ts';
import { stageAnswerText } from '../../bindings/stage-log/stage-answer.ts';
import type { StageCall, StageLog, StageLogRepository, StageRequest } from '../../domain/ports/stage-log-ports.ts';
import { createStageLogBounds, type StageLogBounds } from './stage-log-bounds.ts';

export interface StageLogBuffer extends StageLog {
  /** Writes what is buffered. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/** The stored form of a call: its text with personal fields masked. */
export function maskCall(call: StageCall): StageRequest {
  // Written out: object rest and spread copied the fields for every call at half the masking's cost.
  return {
    at: call.at,
    binding: call.binding,
    operation: call.operation,
    delisId: call.delisId,
    errorCode: call.errorCode,
    // A call refused before authentication is kept without its text (run-call.ts).
    body: call.refusedBeforeAuthentication === true ? '' : maskRequestText(call.binding, call.text),
    answer: call.answer === undefined ? undefined : stageAnswerText(call.operation, call.answer.result, call.answer.language),
    status: call.status,
    durationMs: call.durationMs,
    requestId: call.requestId,
    clientAddress: call.clientAddress,
    path: call.path,
    refusedBeforeAuthentication: call.refusedBeforeAuthentication,
  };
}

/**
 * Flushes every `intervalMs` (default 1 s), or sooner when `maxBuffered` (default 20,000) requests
 * wait: one transaction per flush, committed without a sync of its own. Each text is kept within
 * `bounds` (stage-log-bounds.ts; default its defaults).
 */
export function createStageLogBuffer(
  repository: StageLogRepository,
  options: { intervalMs?: number; maxBuffered?: number; onError?: (error: unknown) => void; bounds?: StageLogBounds } = {},
): StageLogBuffer {
  const { intervalMs = 1000, maxBuffered = 20_000, onError = () => {} } = options;
  const bound = createStageLogBounds(options.bounds);
  let buffer: StageRequest[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    if (buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    writing = writing.then(() => repository.recordMany(batch)).catch(onError);
    return writing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    record(call) {
      buffer.push(bound(maskCall(call)));
      if (buffer.length >= maxBuffered) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** The sink of a live server: nothing is kept. */
export const discardStageLog: StageLog = Object.freeze({ record: () => {} });
