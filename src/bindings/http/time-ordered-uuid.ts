// The request ids the service makes itself: UUIDs of version 7 (RFC 9562), whose first 48 bits are the
// time in milliseconds, then a counter within the millisecond, then 62 random bits. Ids made later sort
// after ids made earlier, so the stage log's index of request ids (per account) grows at its end
// instead of taking each new id at a random place: with version 4 ids that index cost the log's thread
// more than the rest of the row's insert (docs/performance.md "The stage log's write path").
import { randomUUID } from 'node:crypto';

/** The last millisecond an id was made in, and the ids made in it so far (12 bits: 4,096 per millisecond). */
let lastMillis = 0;
let sequence = 0;

/** A new version-7 UUID, in lower-case hex: later than every id this process made before it. */
export function timeOrderedUuid(now: number = Date.now()): string {
  if (now > lastMillis) {
    lastMillis = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    // More than 4,096 ids in one millisecond, or the clock went back: the next millisecond's ids go on.
    lastMillis++;
    sequence = 0;
  }
  const time = lastMillis.toString(16).padStart(12, '0');
  // randomUUID's own variant and random bits from its fourth group on (`-yxxx-xxxxxxxxxxxx`).
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}${randomUUID().slice(18)}`;
}
