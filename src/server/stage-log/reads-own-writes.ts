// The request log reads its own writes: a call whose answer has gone out is in its account's
// findStageRequests when that is asked next. Calls reach the store in batches, off the request path
// (stage-log-thread.ts); a read for an account first waits until every call recorded for it so far is
// written — at once when none is still on its way, which is the case for accounts not calling now.
import type { StageLogReader } from '../../domain/ports/stage-log-ports.ts';

/** A stage log that can tell when an account's calls recorded so far are written. */
export interface SettlingStageLog {
  /** Resolves once every call recorded for `delisId` before this call is written (or failed to be). */
  settled(delisId: string): Promise<void>;
}

/** `reader`, each of whose reads first waits for the calls recorded for its account so far. */
export function readingOwnWrites<Reader extends StageLogReader>(reader: Reader, log: SettlingStageLog): Reader {
  return {
    ...reader,
    async findStageRequests(delisId, query) {
      await log.settled(delisId);
      return reader.findStageRequests(delisId, query);
    },
  };
}

/**
 * What is written of the calls recorded so far, by their sequence numbers (1, 2, … in the order they
 * were recorded): the last number recorded for each account, and how far the writes have come.
 */
export class WriteMarks {
  private recorded = 0;
  private writtenUpTo = 0;
  private readonly lastOf = new Map<string, number>();

  /** Numbers a call recorded for `delisId` (any string; '' for none). */
  record(delisId: string): void {
    this.lastOf.set(delisId, ++this.recorded);
  }

  /** The number of the last call recorded. */
  get last(): number {
    return this.recorded;
  }

  /** Every call up to number `upTo` is written (or failed to be). */
  written(upTo: number): void {
    if (upTo <= this.writtenUpTo) return;
    this.writtenUpTo = upTo;
    // The accounts whose calls are all written are forgotten: the map holds only accounts calling now.
    if (upTo === this.recorded) this.lastOf.clear();
  }

  /** Whether a call recorded for `delisId` is still to be written. */
  pending(delisId: string): boolean {
    return (this.lastOf.get(delisId) ?? 0) > this.writtenUpTo;
  }
}
