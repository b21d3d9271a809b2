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
export interface JourneySource {
  journeyOf(account: JourneyAccount, parcelLabelNumber: string): Promise<ParcelJourney>;
  /** The account's parcels whose events time may still move (none while its journeys never ran). */
  movingParcels(account: JourneyAccount): Promise<string[]>;
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
    readonly delivery: DeliveryChannels;
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
  if (email ? settings.delivery.email : settings.delivery.phone) return { status: 'queued' };
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

/** Keeps the messages (and, where the account has a push URL, the pushes) of each parcel's events so far; returns how many messages were new. */
export async function notifyParcels(
  deps: NotifyDependencies,
  parcels: ReadonlyArray<{ readonly account: JourneyAccount; readonly parcelLabelNumber: string }>,
): Promise<number> {
  const made: NewNotification[] = [];
  const pushes: NewPush[] = [];
  const shops = new Map<number, ShopView | undefined>();
  for (const { account, parcelLabelNumber } of parcels) {
    const accountId = account.id;
    const parcel = await deps.notificationSources.notifiedParcel(accountId, parcelLabelNumber);
    if (parcel === undefined) continue;
    const journey = await deps.journeys.journeyOf(account, parcelLabelNumber);
    if (journey.happened.length === 0) continue;
    for (const id of shopIds(journey, parcel.order.productAndServiceData?.parcelShopDelivery?.parcelShopId)) {
      if (!shops.has(id)) shops.set(id, await deps.notificationSources.parcelShop(id));
    }
    const drafts = planNotifications(parcel, journey, { timeZone: deps.settings.timeZone, shop: (id) => shops.get(id) });
    const createdAt = deps.clock.now();
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
  if (deps.pushes !== undefined) await keepPushes({ pushes: deps.pushes, ...(deps.pushQueued === undefined ? {} : { queued: deps.pushQueued }) }, pushes);
  if (made.length === 0) return 0;
  const added = await deps.outbox.addNotifications(made);
  if (added > 0 && made.some((message) => message.status === 'queued')) deps.queued?.();
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
    );
    await deps.notificationSources.writeCursor(batch.lastEventId);
    if (batch.lastEventId <= cursor) return added;
    cursor = batch.lastEventId;
  }
}

/**
 * Keeps the messages of the account's parcels that time moves (its journeys run): their planned
 * events its clock has passed. Bounded by the account's own parcels on their way, never by all stored.
 */
export async function notifyMovingParcels(deps: NotifyDependencies, account: JourneyAccount): Promise<number> {
  const numbers = await deps.journeys.movingParcels(account);
  return numbers.length === 0
    ? 0
    : notifyParcels(
        deps,
        numbers.map((parcelLabelNumber) => ({ account, parcelLabelNumber })),
      );
}

/** One round over every account whose journeys run (stage): their parcels' planned events the clocks passed. */
export async function notifyRunningJourneys(deps: NotifyDependencies, stop?: AbortSignal): Promise<number> {
  let added = 0;
  for (const account of await deps.notificationSources.runningJourneyAccounts()) {
    if (stop?.aborted) break;
    added += await notifyMovingParcels(deps, account);
  }
  return added;
}
