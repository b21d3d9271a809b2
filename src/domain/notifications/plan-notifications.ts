// Which messages a parcel's journey produces, and what each says: pure, from the order's notification
// fields, the events that happened and the planned journey (for the delivery window). The same events
// give the same messages, each with a key (parcel, event, source, channel) the outbox stores once.
import { ruleCovers } from '../../contract/proactive-rules.ts';
import type {
  NotificationChannel,
  NotificationDraft,
  NotificationSource,
  NotifiedParcel,
  NotificationTopic,
  ShopView,
} from '../ports/notification-ports.ts';
import { writeMessage } from './notification-texts.ts';

export type { NotificationDraft, NotificationSource, NotifiedParcel };

/**
 * A tracking event as notifications read it: the shape of the journey's events
 * (parcel-life-cycle's JourneyEvent), of which a message needs these fields.
 */
export interface NotifyingEvent {
  /** The carrier's status word (`PickedUp`, `Depot`, `Courier`, `DeliveryFailure`, `ParcelShop`, `Delivered`, …). */
  readonly status: string;
  readonly at: Date;
  /** `depot`: the depot's code, where the directory names one (a push's `depot`). */
  readonly place: { readonly town: string; readonly country: string; readonly depot?: string };
  readonly reason?: 'not_home' | 'refused' | 'not_collected';
  /** The shop of a `ParcelShop` event, and of a `Delivered` event there (collected). */
  readonly parcelShopId?: number | string;
  /** `Delivered` only, when not at the receiver's door: collected at the `shop`, or a return parcel back at its `sender`. */
  readonly deliveredTo?: 'shop' | 'sender';
  /** The event's place in the planned journey (its identity); undefined for a forced event the plan does not have. */
  readonly index?: number;
}

/** A parcel's journey: the events that happened, oldest first, and the whole plan they follow. */
export interface ParcelJourney {
  /** Each with its `index` in `planned` (a forced event the plan does not have: none). */
  readonly happened: readonly NotifyingEvent[];
  /** Past and future. */
  readonly planned: readonly NotifyingEvent[];
}

/** How long a shop keeps a parcel for its receiver (calendar days from its arrival). */
export const SHOP_KEEPING_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const QUARTER_MS = 15 * 60 * 1000;

interface Contact {
  readonly source: NotificationSource;
  readonly sourceIndex: number;
  readonly channel: NotificationChannel;
  readonly value: string;
  readonly language: string;
  readonly rule?: number;
}

function contactOf(
  notification: { channel?: number; value?: string; language?: string; rule?: number } | undefined,
  source: NotificationSource,
  sourceIndex: number,
): Contact | undefined {
  const { channel, value } = notification ?? {};
  if ((channel !== 1 && channel !== 2 && channel !== 3) || value === undefined || value === '') return undefined;
  return { source, sourceIndex, channel, value, language: notification?.language ?? '', rule: notification?.rule };
}

/** A `Delivered` at a shop: the receiver collected it. */
const isCollected = (event: NotifyingEvent) =>
  event.deliveredTo === 'shop' || (event.deliveredTo === undefined && event.parcelShopId !== undefined);

/** A door delivery attempt: a `Delivered` at the receiver's door, or a failed attempt. */
const isDoorAttempt = (event: NotifyingEvent) =>
  (event.status === 'Delivered' && event.deliveredTo === undefined && event.parcelShopId === undefined) ||
  event.status === 'DeliveryFailure';

/**
 * The planned door attempt after planned[index], unless the plan turns to a shop or back to the
 * sender first: what a predict announces.
 */
function nextAttempt(planned: readonly NotifyingEvent[], index: number): NotifyingEvent | undefined {
  for (const event of planned.slice(index + 1)) {
    if (isDoorAttempt(event)) return event;
    if (event.status === 'ParcelShop' || event.status === 'ReturningToSender' || event.status === 'ReturnedToSender') return undefined;
  }
  return undefined;
}

/**
 * The one-hour window around an attempt: from its planned time rounded down to the quarter, less half
 * an hour, to an hour later. An event recorded later than planned (live, `parcels advance`) moves the
 * window by as many whole days as it is late.
 */
function windowOf(attempt: NotifyingEvent, trigger: NotifyingEvent, plannedTrigger: NotifyingEvent | undefined): { from: Date; to: Date } {
  const late = plannedTrigger === undefined ? 0 : Math.max(0, Math.ceil((trigger.at.getTime() - plannedTrigger.at.getTime()) / DAY_MS));
  const at = attempt.at.getTime() + late * DAY_MS;
  const from = Math.floor(at / QUARTER_MS) * QUARTER_MS - 2 * QUARTER_MS;
  return { from: new Date(from), to: new Date(from + 4 * QUARTER_MS) };
}

export interface PlanSettings {
  readonly timeZone: string;
  /** The shop of a parcel-shop id, from the directory; undefined when it has none. */
  readonly shop: (parcelShopId: number) => ShopView | undefined;
}

/** Every message the journey's events so far produce for the parcel, in event order. */
export function planNotifications(parcel: NotifiedParcel, journey: ParcelJourney, settings: PlanSettings): NotificationDraft[] {
  // A return parcel travels from the receiver back to the sender: the receiver's messages are the outbound parcel's.
  if (parcel.returns) return [];
  const psd = parcel.order.productAndServiceData ?? {};
  const predict = contactOf(psd.predict, 'predict', 0);
  const shopContact = contactOf(psd.parcelShopDelivery?.parcelShopNotification, 'parcelShopNotification', 0);
  const proactive = (psd.proactiveNotification ?? []).flatMap((entry, index) => {
    const contact = contactOf(entry, 'proactiveNotification', index);
    return contact === undefined ? [] : [contact];
  });
  if (predict === undefined && shopContact === undefined && proactive.length === 0) return [];
  const senderName = parcel.order.generalShipmentData.sender.name1;
  const trackingReference = parcel.mpsId ?? parcel.parcelLabelNumber;
  const orderShopId = psd.parcelShopDelivery?.parcelShopId;
  const drafts: NotificationDraft[] = [];
  const add = (
    contact: Contact,
    event: NotifyingEvent,
    key: string,
    topic: NotificationTopic,
    extra: Partial<Parameters<typeof writeMessage>[0]>,
  ) => {
    const message = writeMessage(
      {
        topic,
        parcelLabelNumber: parcel.parcelLabelNumber,
        trackingReference,
        senderName,
        status: event.status,
        reason: event.reason,
        timeZone: settings.timeZone,
        town: event.place.town,
        ...extra,
      },
      contact.channel,
      contact.language,
    );
    drafts.push({
      parcelLabelNumber: parcel.parcelLabelNumber,
      eventKey: key,
      eventStatus: event.status,
      eventAt: event.at,
      source: contact.source,
      sourceIndex: contact.sourceIndex,
      rule: contact.rule,
      channel: contact.channel,
      recipient: contact.value,
      language: contact.language,
      textLanguage: message.language,
      topic,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  };
  const shopOf = (event: NotifyingEvent) => {
    const id = Number(event.parcelShopId ?? orderShopId);
    return Number.isSafeInteger(id) && id > 0 ? settings.shop(id) : undefined;
  };
  let returning = false;
  journey.happened.forEach((event, position) => {
    const index = event.index;
    const key = index === undefined ? `x${position}:${event.status}` : `${index}:${event.status}`;
    const plannedEvent = index === undefined ? undefined : journey.planned[index];
    // What the plan says comes next: nothing, for a forced event the plan does not have.
    const attemptAfter = () => (index === undefined ? undefined : nextAttempt(journey.planned, index));
    if (event.status === 'ReturningToSender') returning = true;
    // Predict: the morning of the delivery day, when the parcel reaches the delivery depot.
    if (predict !== undefined && event.status === 'Depot' && !returning) {
      const attempt = attemptAfter();
      if (attempt !== undefined) add(predict, event, key, 'delivery_planned', { window: windowOf(attempt, event, plannedEvent) });
    }
    // After a failed attempt with nobody at home: the new day, when the plan comes again.
    if (predict !== undefined && event.status === 'DeliveryFailure' && event.reason !== 'refused') {
      const attempt = attemptAfter();
      if (attempt !== undefined) add(predict, event, key, 'delivery_replanned', { window: windowOf(attempt, event, plannedEvent) });
    }
    // At the shop: the shop's notification, or else the predict's receiver, told where and until when.
    if (event.status === 'ParcelShop') {
      const to = shopContact ?? predict;
      if (to !== undefined)
        add(to, event, key, 'at_parcel_shop', {
          shop: shopOf(event),
          keptUntil: new Date(event.at.getTime() + SHOP_KEEPING_DAYS * DAY_MS),
        });
    }
    for (const contact of proactive) {
      if (contact.rule === undefined || !ruleCovers(contact.rule, event.status)) continue;
      add(contact, event, key, 'status', {
        shop: event.status === 'ParcelShop' ? shopOf(event) : undefined,
        collected: event.status === 'Delivered' && isCollected(event),
        returning,
      });
    }
  });
  return drafts;
}
