// The push queue (the carrier's Tracking Push Service, README "Tracking push"): one row per push, kept
// with the parcel's data, and the durable queue several processes send from — each push leased to one
// of them at a time, so a push is sent by one process and a restart or a kill loses none.
import type { PushCode, PushMode, PushState } from '../../contract/push-codes.ts';
import type { AccountClockSetting } from './clock-ports.ts';

/** Where an account's pushes go: its URL (`accounts set --push-url`, SandboxService setPushUrl) and test mode. */
export interface PushTarget {
  readonly url: string;
  /** Stage only; `immediate` on live. */
  readonly mode: PushMode;
  /** The account's time when the URL was set: events before it are not pushed. */
  readonly since: Date;
}

/** The parameters after `pushid`, in the order the query carries them (README "Tracking push"). */
export type PushParameters = ReadonlyArray<readonly [name: string, value: string]>;

/** A push one scan event makes, before the queue keeps it. */
export interface PushDraft {
  readonly parcelLabelNumber: string;
  /** The event's identity in the parcel's journey (`<index>:<status word>`): one push per parcel and key. */
  readonly eventKey: string;
  readonly code: PushCode;
  /** When the event happened (the account's time): the 48 hours of retries count from it. */
  readonly eventAt: Date;
  readonly parameters: PushParameters;
}

/** A push to keep: its account, when it is first due (the account's time) and how it leaves. */
export interface NewPush extends PushDraft {
  readonly accountId: number;
  readonly dueAt: Date;
  /** 2 in the `duplicated` mode: sent again, with the same pushid, once acknowledged. */
  readonly sends: 1 | 2;
  /** Order among pushes due at the same time: the event's order, or a random one (`shuffled`). */
  readonly sortKey: number;
  /** The real time it was made. */
  readonly createdAt: Date;
}

/** One try of a push: when (the account's time), what came back, how long it took. */
export interface PushAttempt {
  readonly at: Date;
  /** The answer's HTTP status; undefined when none came (refused, timed out, cut off). */
  readonly httpStatus?: number;
  /** The answer's first bytes, or why there was none. */
  readonly answer: string;
  readonly durationMs: number;
  readonly acknowledged: boolean;
}

/** A push as the queue keeps it. */
export interface StoredPush extends PushDraft {
  /** Decimal, unique, the same on every try. */
  readonly pushid: string;
  readonly accountId: number;
  readonly state: PushState;
  /** Waiting: when its next try is due (the account's time). */
  readonly nextTryAt?: Date;
  readonly sendsLeft: number;
  /** Given up: why. */
  readonly reason?: string;
  readonly attempts: readonly PushAttempt[];
  readonly createdAt: Date;
}

/** A push leased to this process for one try, with where it goes and the account's clock. */
export interface LeasedPush {
  readonly pushid: string;
  readonly accountId: number;
  readonly parcelLabelNumber: string;
  readonly code: PushCode;
  readonly eventAt: Date;
  readonly parameters: PushParameters;
  readonly sendsLeft: number;
  /** Undefined when the account's URL was taken away meanwhile. */
  readonly url?: string;
  readonly clock?: AccountClockSetting;
  /** What only this lease may settle the push with. */
  readonly lease: string;
}

/** A due push as the sender sees it before leasing it. */
export interface DuePush {
  readonly pushid: string;
  readonly accountId: number;
  readonly parcelLabelNumber: string;
}

/** What came of a try: the push delivered (or due again, `duplicated`), waiting for `nextTryAt`, or given up. */
export type PushSettlement =
  | { readonly state: 'delivered' }
  | { readonly state: 'waiting'; readonly nextTryAt: Date }
  | { readonly state: 'given_up'; readonly reason: string };

/** What findPushes and `pushes list` ask for: newest first, a page after a pushid. */
export interface PushQuery {
  readonly accountId?: number;
  readonly parcelLabelNumber?: string;
  readonly state?: PushState;
  readonly pushid?: string;
  /** A page after this pushid (newest first). */
  readonly after?: string;
  readonly limit: number;
}

/** The queue as the operator watches it (metrics): the pushes still to be sent. */
export interface PushQueueStats {
  readonly queued: number;
  /** When the oldest push still to be sent was made (the real time). */
  readonly oldestQueuedAt?: Date;
}

/** A parcel whose data reached the carrier, with what its `start_order` push says (read by the producer's cursor). */
export interface PushTransfer {
  readonly id: number;
  readonly accountId: number;
  readonly target: PushTarget;
  readonly parcelLabelNumber: string;
  readonly transferredAt: Date;
  readonly sendingDepot: string;
  readonly serviceCode: string;
  readonly weight: number;
  readonly ref?: string;
}

export interface PushQueue {
  /** Keeps the pushes whose parcel and event key are not kept yet; returns how many were new. */
  addPushes(pushes: readonly NewPush[]): Promise<number>;
  /**
   * Pushes due at `realNow` (each by its account's clock: stage), and `sending` ones whose lease ran
   * out (their process stopped mid-try), first due first; none of `exceptAccounts`.
   */
  duePushes(realNow: Date, limit: number, exceptAccounts: readonly number[]): Promise<DuePush[]>;
  /** Leases one due push to the caller until `leaseUntil` (the real time); undefined when another took it. */
  lease(pushid: string, realNow: Date, leaseUntil: Date): Promise<LeasedPush | undefined>;
  /** Records a try of a leased push and what comes next; false when the lease was lost meanwhile (nothing written). */
  settle(push: LeasedPush, attempt: PushAttempt, next: PushSettlement): Promise<boolean>;
  /** Pushes matching `query`, newest first, each with its attempts; `more` when older ones follow. */
  listPushes(query: PushQuery): Promise<{ pushes: StoredPush[]; more: boolean }>;
  /** Puts given-up pushes matching the filter back in the queue, due at once (`dueAt`, the account's time); returns how many. */
  resend(
    filter: Pick<PushQuery, 'accountId' | 'pushid' | 'parcelLabelNumber'>,
    dueAt: (accountId: number) => Promise<Date>,
  ): Promise<number>;
  stats(): Promise<PushQueueStats>;
  /** Parcels whose data reached the carrier at storeOrders, after parcel id `after`, of accounts with a push URL. */
  transfersAfter(after: number, limit: number): Promise<{ readonly lastId: number; readonly parcels: readonly PushTransfer[] }>;
  readCursor(): Promise<number>;
  writeCursor(lastId: number): Promise<void>;
}

/** Whether a push URL may be set (README "Tracking push", address rules): scheme, host, and the addresses its host has now. */
export interface PushAddressCheck {
  check(url: string): Promise<{ readonly reason: 'scheme' | 'host' | 'address'; readonly detail: string } | undefined>;
}
