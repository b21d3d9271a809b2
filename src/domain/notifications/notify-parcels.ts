// Makes the outbox hold every message the parcels' journeys produced so far: reads each parcel, its
// journey and the shops its events name, plans its messages and keeps those not kept yet (the key
// makes a second reader, or a second process, add nothing). On stage a message is captured; on live it
// is queued for its relay or webhook, or kept as not sent when none is configured for its channel.
import { randomUUID } from 'node:crypto';
import type { Environment } from '../core/environment.ts';
import type { Clock } from '../ports/clock-ports.ts';
import type { JourneyAccount, NewNotification, NotificationSources, NotifiedParcel, Outbox } from '../ports/notification-ports.ts';
import type { NewPush, PushQueue } from '../ports/push-ports.ts';
import type { PushedParcel } from '../push/plan-pushes.ts';
import { keepPushes, parcelPushes } from '../push/push-parcels.ts';

export type { JourneyAccount };
import type { ShopView } from './notification-texts.ts';
import { planNotifications, type NotificationDraft, type ParcelJourney } from './plan-notifications.ts';

/** A parcel's journey as tracking computes it: the events that happened by the account's time, and its plan. */
/** A journey, and when its next planned event falls due (none: it plans no more, or time does not move it). */
export type SourcedJourney = ParcelJourney & { readonly next?: Date };

export interface JourneySource {
  /** The journeys of those of the parcels that are the account's and keep their data. */
  journeysOf(account: JourneyAccount, parcelLabelNumbers: readonly string[]): Promise<Map<string, SourcedJourney>>;
  /**
   * Up to `limit` of the account's parcels on their way whose journey its clock has brought due,
   * earliest first, and whether there may be more (none while its journeys never ran).
   */
  dueParcels(account: JourneyAccount, limit: number): Promise<{ numbers: string[]; more: boolean }>;
  /** Notes when each of the account's parcels' journeys next falls due (none: never again by time alone). */
  setNextDue(account: JourneyAccount, due: ReadonlyArray<{ readonly parcelLabelNumber: string; readonly next?: Date }>): Promise<void>;
}

/** Which channels live can send on: e-mail through SMTP_URL, SMS and telephone through NOTIFY_WEBHOOK_URL. */
export interface DeliveryChannels {
  readonly email: boolean;
  readonly phone: boolean;
}

export interface NotifyDependencies {
  readonly outbox: Outbox;
  readonly notificationSources: NotificationSources;
  readonly journeys: JourneySource;
  readonly clock: Clock;
  readonly settings: {
    readonly environment: Environment;
    readonly timeZone: string;
    /**
     * The channels this process sends on (live). Absent where another process sends — the operator's
     * commands hand their messages to the running service: each is queued, and that service sends it,
     * or marks it unsent when it has no relay for its channel either.
     */
    readonly delivery?: DeliveryChannels;
  };
  /** Told when messages were queued (the sender then looks at once rather than at its next round). */
  readonly queued?: () => void;
  /** The push queue: the same events become pushes where the account has a push URL (README "Tracking push"). */
  readonly pushes?: PushQueue;
  /** Told when pushes were queued. */
  readonly pushQueued?: () => void;
}

/** Why a live message is not sent: no relay or webhook for its channel. */
export const NO_RELAY = {
  email: 'not sent: no relay configured (SMTP_URL)',
  phone: 'not sent: no relay configured (NOTIFY_WEBHOOK_URL)',
} as const;

/** The first status of a message made now. */
function firstStatus(draft: NotificationDraft, settings: NotifyDependencies['settings']): Pick<NewNotification, 'status' | 'statusReason'> {
  if (settings.environment === 'stage') return { status: 'captured' };
  const email = draft.channel === 1;
  if (settings.delivery === undefined || (email ? settings.delivery.email : settings.delivery.phone)) return { status: 'queued' };
  return { status: 'unsent', statusReason: email ? NO_RELAY.email : NO_RELAY.phone };
}

/** Shop ids the journey's events and the order name. */
function shopIds(journey: ParcelJourney, orderShopId: unknown): number[] {
  const ids = [...journey.happened.map((event) => event.parcelShopId), orderShopId].map(Number);
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
}

/** What a push says of a parcel, from what the producer read. */
function pushedParcelOf(parcel: NotifiedParcel): PushedParcel {
  const { recipient } = parcel.order.generalShipmentData;
  return {
    parcelLabelNumber: parcel.parcelLabelNumber,
    ...(parcel.ref === undefined ? {} : { ref: parcel.ref }),
    serviceCode: parcel.serviceCode ?? '',
    weight: parcel.weight ?? 0,
    sendingDepot: parcel.sendingDepot ?? parcel.order.generalShipmentData.sendingDepot,
    recipientName: recipient.name1,
  };
}

/** Parcels looked at before the work gives the event loop a turn: other clients' requests go in between. */
export const SLICE_PARCELS = 16;

/** Parcels of one account looked at in a round, at most: every other account's due parcels come before its next ones. */
export const ACCOUNT_SHARE = 400;

/** Lets the event loop answer what waits (I/O, timers) before the next slice of work. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Looked {
  readonly account: JourneyAccount;
  readonly parcelLabelNumber: string;
  readonly next?: Date;
}

/** Plans the messages of one slice of parcels' events so far and keeps the new ones. */
async function notifySlice(
  deps: NotifyDependencies,
  parcels: ReadonlyArray<{ readonly account: JourneyAccount; readonly parcelLabelNumber: string }>,
  shops: Map<number, ShopView | undefined>,
): Promise<{ added: number; looked: Looked[] }> {
  const made: NewNotification[] = [];
  const pushes: NewPush[] = [];
  const looked: Looked[] = [];
  // One account's slice (the recorded events' may mix accounts): each account's parcels read together.
  const byAccount = new Map<number, { account: JourneyAccount; numbers: string[] }>();
  for (const { account, parcelLabelNumber } of parcels) {
    const entry = byAccount.get(account.id) ?? { account, numbers: [] };
    entry.numbers.push(parcelLabelNumber);
    byAccount.set(account.id, entry);
  }
  for (const { account, numbers } of byAccount.values()) {
    const accountId = account.id;
    const notified = await deps.notificationSources.notifiedParcels(accountId, numbers);
    const journeys = await deps.journeys.journeysOf(account, numbers);
    for (const parcelLabelNumber of numbers) {
      const journey = journeys.get(parcelLabelNumber);
      looked.push({ account, parcelLabelNumber, ...(journey?.next === undefined ? {} : { next: journey.next }) });
      const parcel = notified.get(parcelLabelNumber);
      if (parcel === undefined || journey === undefined || journey.happened.length === 0) continue;
      for (const id of shopIds(journey, parcel.order.productAndServiceData?.parcelShopDelivery?.parcelShopId)) {
        if (!shops.has(id)) shops.set(id, await deps.notificationSources.parcelShop(id));
      }
      const drafts = planNotifications(parcel, journey, { timeZone: deps.settings.timeZone, shop: (id) => shops.get(id) });
      const createdAt = deps.clock.now();
      // The same events become pushes where the account has a push URL (README "Tracking push").
      if (deps.pushes !== undefined && account.push !== undefined) {
        const events = journey.happened.map((event) => {
          const shopName = event.parcelShopId === undefined ? undefined : shops.get(Number(event.parcelShopId))?.company;
          return shopName === undefined ? event : { ...event, shopName };
        });
        pushes.push(...parcelPushes(account, pushedParcelOf(parcel), events, deps.settings.timeZone, createdAt));
      }
      for (const draft of drafts) {
        made.push({ ...draft, accountId, ...firstStatus(draft, deps.settings), messageRef: randomUUID(), createdAt });
      }
    }
  }
  if (deps.pushes !== undefined)
    await keepPushes({ pushes: deps.pushes, ...(deps.pushQueued === undefined ? {} : { queued: deps.pushQueued }) }, pushes);
  if (made.length === 0) return { added: 0, looked };
  const added = await deps.outbox.addNotifications(made);
  if (added > 0 && made.some((message) => message.status === 'queued')) deps.queued?.();
  return { added, looked };
}

/**
 * Keeps the messages of each parcel's events so far, SLICE_PARCELS at a time with a turn of the event
 * loop between; `looked` is told each slice's parcels with when their journeys next fall due. Returns
 * how many messages were new.
 */
export async function notifyParcels(
  deps: NotifyDependencies,
  parcels: ReadonlyArray<{ readonly account: JourneyAccount; readonly parcelLabelNumber: string }>,
  options: { readonly stop?: AbortSignal; readonly looked?: (looked: Looked[]) => Promise<void> } = {},
): Promise<number> {
  const shops = new Map<number, ShopView | undefined>();
  let added = 0;
  for (let start = 0; start < parcels.length; start += SLICE_PARCELS) {
    if (start > 0) {
      if (options.stop?.aborted) break;
      await yieldTurn();
    }
    const slice = await notifySlice(deps, parcels.slice(start, start + SLICE_PARCELS), shops);
    added += slice.added;
    await options.looked?.(slice.looked);
  }
  return added;
}

/** Event ids read again behind the cursor: events of transactions that committed after a later id was read (PostgreSQL). */
export const CURSOR_OVERLAP = 100;
/** Events read per round. */
const EVENT_BATCH = 500;

/**
 * Looks at the tracking events recorded since the last round, by any process (`parcel-service parcels
 * advance`, SandboxService advanceParcel), and keeps their parcels' messages; returns how many were new.
 * A round that finds no new event costs one query.
 */
export async function notifyRecordedEvents(deps: NotifyDependencies, stop?: AbortSignal): Promise<number> {
  let cursor = await deps.notificationSources.readCursor();
  let added = 0;
  for (;;) {
    const fresh = await deps.notificationSources.parcelsWithEventsAfter(cursor, 1);
    if (fresh.parcels.length === 0 || stop?.aborted) return added;
    // From a little behind the cursor: a transaction that took a lower id but committed later is not missed.
    const batch = await deps.notificationSources.parcelsWithEventsAfter(Math.max(0, cursor - CURSOR_OVERLAP), EVENT_BATCH);
    const accounts = await deps.notificationSources.journeyAccounts([...new Set(batch.parcels.map((parcel) => parcel.accountId))]);
    added += await notifyParcels(
      deps,
      batch.parcels.flatMap(({ accountId, parcelLabelNumber }) => {
        const account = accounts.get(accountId);
        return account === undefined ? [] : [{ account, parcelLabelNumber }];
      }),
      { stop },
    );
    await deps.notificationSources.writeCursor(batch.lastEventId);
    if (batch.lastEventId <= cursor) return added;
    cursor = batch.lastEventId;
  }
}

/**
 * Keeps the messages of up to `limit` of the account's parcels whose journeys its clock has brought
 * due (their planned events it passed), and notes when each falls due next; `more` when the account
 * may have others due.
 */
async function notifyDueParcels(
  deps: NotifyDependencies,
  account: JourneyAccount,
  limit: number,
  stop?: AbortSignal,
): Promise<{ added: number; more: boolean }> {
  const due = await deps.journeys.dueParcels(account, limit);
  const added = await notifyParcels(
    deps,
    due.numbers.map((parcelLabelNumber) => ({ account, parcelLabelNumber })),
    { stop, looked: (looked) => deps.journeys.setNextDue(account, looked) },
  );
  return { added, more: due.more && !stop?.aborted };
}

/**
 * Keeps the messages of every parcel of the account whose journey its clock has brought due (its
 * journeys run): the account's own call (the console's list of messages), in proportion to the
 * events falling due, with the event loop served between slices.
 */
export async function notifyMovingParcels(deps: NotifyDependencies, account: JourneyAccount): Promise<number> {
  let added = 0;
  for (;;) {
    const round = await notifyDueParcels(deps, account, ACCOUNT_SHARE);
    added += round.added;
    if (!round.more) return added;
  }
}

/**
 * One round over every account whose journeys run (stage): up to ACCOUNT_SHARE of each one's parcels
 * whose planned events its clock has passed, in slices that give the event loop a turn between them.
 * `more` when an account had more due: the caller runs another round, so that each account gets its
 * share before any gets more.
 */
export async function notifyRunningJourneys(deps: NotifyDependencies, stop?: AbortSignal): Promise<{ added: number; more: boolean }> {
  let added = 0;
  let more = false;
  for (const account of await deps.notificationSources.runningJourneyAccounts()) {
    if (stop?.aborted) break;
    const round = await notifyDueParcels(deps, account, ACCOUNT_SHARE, stop);
    added += round.added;
    more ||= round.more;
  }
  return { added, more };
}
