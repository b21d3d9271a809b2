// The push queue's tables as Kysely sees them (migrations 015–017), in schema.ts's representation.
import type { Generated } from 'kysely';
import type { PushState } from '../contract/push-codes.ts';
import type { EpochMillis, Flag } from './schema.ts';

/** One push: its pushid is `id`. */
export interface PushesTable {
  id: Generated<number>;
  account_id: number;
  parcel_label_number: string;
  /** `<index>:<status word>` of the event in the parcel's journey. */
  event_key: string;
  code: string;
  /** The account's time of the event. */
  event_at: EpochMillis;
  /** The parameters after pushid, JSON `[[name, value], …]`. */
  parameters: string;
  state: PushState;
  /** Waiting (and while sending): when it is due, the account's time. */
  next_try_at: EpochMillis | null;
  sort_key: Generated<number>;
  sends_left: Generated<number>;
  /** The token of the try under way, and when its lease ends (the real time). */
  lease: string | null;
  lease_until: EpochMillis | null;
  /** Given up: why. */
  reason: string | null;
  created_at: EpochMillis;
}

/** One try of a push. */
export interface PushAttemptsTable {
  id: Generated<number>;
  push_id: number;
  /** The account's time. */
  at: EpochMillis;
  http_status: number | null;
  answer: string;
  duration_ms: number;
  acknowledged: Flag;
}
