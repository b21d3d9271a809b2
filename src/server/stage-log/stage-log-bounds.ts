// How much request text the stage log keeps: at most so many bytes of each request, and of each
// account's requests per day. A call beyond either is still recorded (its operation and error code
// count for the stage metrics), with its text cut or replaced by a note saying so.
import type { StageRequest } from '../../domain/ports/stage-log-ports.ts';

/** The stage log's bounds (STAGE_LOG_MAX_ENTRY_BYTES, STAGE_LOG_MAX_ACCOUNT_BYTES). */
export interface StageLogBounds {
  /** Most bytes (UTF-8) of one request's masked text kept, and of its answer's. Default 65,536. */
  readonly maxEntryBytes: number;
  /** Most bytes of request and answer text kept per account and UTC day, in one process. Default 8 MiB. */
  readonly maxAccountBytesPerDay: number;
}

export const DEFAULT_STAGE_LOG_BOUNDS: StageLogBounds = Object.freeze({ maxEntryBytes: 64 * 1024, maxAccountBytesPerDay: 8 * 1024 * 1024 });

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first `maxBytes` bytes of `text`, whole characters only, and a note of what was left out. */
function cut(text: string, what: 'request' | 'answer', bytes: number, maxBytes: number): string {
  const kept = Buffer.from(text, 'utf8')
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  return `${kept}\n[cut: the ${what} was ${bytes} bytes; the stage log keeps ${maxBytes} of each]`;
}

/**
 * A function bounding each request as it is stored: its body and its answer each cut to
 * `maxEntryBytes`, or both replaced by a note once its account has had `maxAccountBytesPerDay` kept on
 * the request's UTC day. The counts are this process's (each server process, and each restart, counts afresh).
 */
export function createStageLogBounds(bounds: StageLogBounds = DEFAULT_STAGE_LOG_BOUNDS): (request: StageRequest) => StageRequest {
  const { maxEntryBytes, maxAccountBytesPerDay } = bounds;
  // The UTC day counted, as a day number and as text (the note names it); the text is made once a day.
  let dayNumber = Number.NaN;
  let today = '';
  let keptToday = new Map<string, number>();
  return (request) => {
    // A refused call keeps no text and is counted, not logged (store/stage-refusal-rows.ts): it spends nothing of its account's.
    if (request.refusedBeforeAuthentication === true) return request;
    const bytes = Buffer.byteLength(request.body, 'utf8');
    const answerBytes = request.answer === undefined ? 0 : Buffer.byteLength(request.answer, 'utf8');
    let body = bytes > maxEntryBytes ? cut(request.body, 'request', bytes, maxEntryBytes) : request.body;
    let answer =
      request.answer !== undefined && answerBytes > maxEntryBytes
        ? cut(request.answer, 'answer', answerBytes, maxEntryBytes)
        : request.answer;
    const number = Math.floor(request.at.getTime() / DAY_MS);
    if (number !== dayNumber) {
      dayNumber = number;
      today = request.at.toISOString().slice(0, 10);
      keptToday = new Map();
    }
    const account = request.delisId ?? '';
    const kept = keptToday.get(account) ?? 0;
    const adding = Math.min(bytes, maxEntryBytes) + Math.min(answerBytes, maxEntryBytes);
    if (kept + adding > maxAccountBytesPerDay) {
      body = `[not kept: this account's requests of ${today} reached the ${maxAccountBytesPerDay} bytes the stage log keeps per day]`;
      answer = answer === undefined ? undefined : body;
    } else {
      keptToday.set(account, kept + adding);
    }
    return body === request.body && answer === request.answer ? request : { ...request, body, answer };
  };
}
