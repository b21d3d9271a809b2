// The outbox of receiver notifications: every message a parcel's journey produced, kept with the
// parcel's data, and on live the durable queue the messages are sent from.
import type { OrderData } from '../../contract/shipment-service/shipment-requests.ts';
import type { Account } from './account-ports.ts';

/** The languages messages are written in. */
export type TextLanguage = 'en' | 'nl';

/** Why a message is sent. */
export type NotificationTopic = 'delivery_planned' | 'delivery_replanned' | 'at_parcel_shop' | 'status';

/** Which body a channel carries: 1 e-mail, 2 telephone (a voice call), 3 SMS (spec "notification"). */
export type NotificationChannel = 1 | 2 | 3;

/** A parcel shop as a message describes it. */
export interface ShopView {
  readonly company: string;
  readonly street: string;
  readonly houseNo?: string;
  readonly zipCode: string;
  readonly city: string;
  readonly country: string;
  readonly openingHours: readonly {
    readonly day: number;
    readonly fromTime1: number;
    readonly toTime1: number;
    readonly fromTime2?: number;
    readonly toTime2?: number;
  }[];
}

/** Where a message's recipient comes from in the order. */
export type NotificationSource = 'predict' | 'parcelShopNotification' | 'proactiveNotification';

/** What the planner reads of a parcel. */
export interface NotifiedParcel {
  readonly parcelLabelNumber: string;
  readonly mpsId?: string;
  readonly returns: boolean;
  readonly order: OrderData;
  /** What its pushes say of it (README "Tracking push"): its service code, weight (decagrams), sending depot and first reference. */
  readonly serviceCode?: string;
  readonly weight?: number;
  readonly sendingDepot?: string;
  readonly ref?: string;
}

/** A message the journey produced, before the outbox keeps it. */
export interface NotificationDraft {
  readonly parcelLabelNumber: string;
  /**
   * `<index>:<status>`: the event's place in the planned journey and its word (`x<n>:<status>` for a
   * forced event the plan does not have, `n` its place among the events that happened); with source,
   * entry and channel, the message's key.
   */
  readonly eventKey: string;
  readonly eventStatus: string;
  /** When the event happened (the account's time): when the message is (or would have been) sent. */
  readonly eventAt: Date;
  readonly source: NotificationSource;
  /** The entry of proactiveNotification (0 for predict and parcelShopNotification). */
  readonly sourceIndex: number;
  readonly rule?: number;
  readonly channel: NotificationChannel;
  readonly recipient: string;
  /** The notification's `language` as the order gave it. */
  readonly language: string;
  readonly textLanguage: TextLanguage;
  readonly topic: NotificationTopic;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** An account as a journey reads it: its own clock (setClock) and its journey clock (setJourneyClock). */
export type JourneyAccount = Pick<Account, 'id' | 'clock' | 'journeyClock' | 'push'>;

/**
 * Where a message stands. `captured`: stage, kept and never sent. Live: `queued` (waiting for its
 * next attempt) → `sending` (an attempt under way, leased to one process) → `sent`, or back to
 * `queued` for a retry, or `failed` (refused for good, or out of attempts); `unsent` when no relay
 * or webhook was configured for its channel.
 */
export type NotificationStatus = 'captured' | 'queued' | 'sending' | 'sent' | 'failed' | 'unsent';

export const NOTIFICATION_STATUSES: readonly NotificationStatus[] = Object.freeze([
  'captured',
  'queued',
  'sending',
  'sent',
  'failed',
  'unsent',
]);

/** A message to keep: the draft with its account, first status and stable reference. */
export interface NewNotification extends NotificationDraft {
  readonly accountId: number;
  readonly status: NotificationStatus;
  readonly statusReason?: string;
  /** Random, fixed at creation: the e-mail's Message-ID and the webhook's id are made from it, so a retry is the same message. */
  readonly messageRef: string;
  /** The real time it was made. */
  readonly createdAt: Date;
}

/** A message as the outbox keeps it. */
export interface StoredNotification extends NewNotification {
  readonly id: number;
  /** Attempts made to send it (live). */
  readonly attempts: number;
  /** When the next attempt is due (queued) or the lease of the one under way ends (sending). */
  readonly nextAttemptAt?: Date;
  /** When the relay or webhook accepted it (the real time). */
  readonly sentAt?: Date;
}

/** What findNotifications asks for: newest first (by the event's time), a page after a message id. */
export interface NotificationQuery {
  readonly parcelLabelNumber?: string;
  readonly after?: number;
  readonly limit: number;
}

/** What the operator's command line lists, resends or removes: every filter optional. */
export interface NotificationFilter {
  readonly id?: number;
  readonly accountId?: number;
  readonly parcelLabelNumber?: string;
  readonly status?: NotificationStatus;
  /** Only messages made before this (the real time). */
  readonly createdBefore?: Date;
}

/** The queue as the operator watches it (metrics, /health): only the messages still to be sent. */
export interface OutboxStats {
  readonly queued: number;
  readonly sending: number;
  /** When the oldest message still waiting to be sent (queued or sending) was made. */
  readonly oldestWaitingAt?: Date;
}

export interface Outbox {
  /** Keeps the messages whose key (parcel, event, source and entry, channel) is not kept yet; returns how many were new. */
  addNotifications(notifications: readonly NewNotification[]): Promise<number>;
  /** The account's messages, newest event first; `more` when older ones follow. */
  listNotifications(accountId: number, query: NotificationQuery): Promise<{ notifications: StoredNotification[]; more: boolean }>;
  /**
   * Takes up to `limit` queued messages due at `now` (and `sending` ones whose lease ran out: their
   * process stopped mid-attempt), leasing them to the caller until `leaseUntil`; each is taken by one
   * caller only, also across processes. The attempt count goes up by one. `channels`: only messages of
   * these channels (every channel when absent).
   */
  claimDue(now: Date, leaseUntil: Date, limit: number, channels?: readonly number[]): Promise<StoredNotification[]>;
  /** Records that the relay or webhook accepted a leased message. */
  markSent(id: number, at: Date): Promise<void>;
  /** Puts a leased message back in the queue for an attempt at `nextAttemptAt`. */
  markRetry(id: number, nextAttemptAt: Date, reason: string): Promise<void>;
  /** Ends a leased message without sending: `failed` or `unsent`, with the reason. */
  markEnded(id: number, status: 'failed' | 'unsent', reason: string): Promise<void>;
  /** Operator: the messages matching `filter`, newest first, at most `limit`. */
  findForOperator(filter: NotificationFilter, limit: number): Promise<StoredNotification[]>;
  /** Operator: queues the matching messages again (attempts from 0, due now); returns how many. Captured ones (stage) stay. */
  requeue(filter: NotificationFilter, now: Date): Promise<number>;
  /** Operator: removes the matching messages; returns how many. */
  removeNotifications(filter: NotificationFilter): Promise<number>;
  /** The queue's size and age (read through the queue's index, never the whole outbox). */
  stats(): Promise<OutboxStats>;
}

/** What the outbox's producer reads: a parcel as the planner needs it, and the shops messages name. */
export interface NotificationSources {
  /** Those of the parcels that are the account's, with their orders' data; none for a collection request's, or once its data is gone. */
  notifiedParcels(accountId: number, parcelLabelNumbers: readonly string[]): Promise<Map<string, NotifiedParcel>>;
  /** A shop of the directory as a message describes it. */
  parcelShop(parcelShopId: number): Promise<ShopView | undefined>;
  /**
   * Parcels with tracking events recorded after the event id `after` (in id order, at most `limit`
   * events): what the producer looks at for events written by any process (`parcels advance`).
   */
  parcelsWithEventsAfter(
    after: number,
    limit: number,
  ): Promise<{
    readonly lastEventId: number;
    readonly parcels: ReadonlyArray<{ readonly accountId: number; readonly parcelLabelNumber: string }>;
  }>;
  /** The accounts of `accountIds` with their clocks (what a journey is read with); missing ones left out. */
  journeyAccounts(accountIds: readonly number[]): Promise<ReadonlyMap<number, JourneyAccount>>;
  /** Every account whose journeys run (SandboxService setJourneyClock): time moves their parcels. */
  runningJourneyAccounts(): Promise<JourneyAccount[]>;
  /** The producer's place in the events (0 before any), kept across restarts. */
  readCursor(): Promise<number>;
  writeCursor(lastEventId: number): Promise<void>;
}
