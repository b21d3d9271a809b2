// The pushes a parcel's scan events make (README "Tracking push"): one per event, in event order, each
// with the parameters its receiver reads — the parcel, the code, the scan's wall-clock time in the
// service's time zone and its depot, the parcel's reference, service and weight, and on the delivery
// codes who took the parcel and a proof of delivery. Pure: the producer (push-parcels.ts) reads the
// parcel and its journey, the queue keeps what this returns.
import { DELIVERY_CODES, type PushMode } from '../../contract/push-codes.ts';
import { zonedFields } from '../../rules/calendar.ts';
import type { NewPush, PushDraft, PushParameters, PushTarget } from '../ports/push-ports.ts';
import { pushCodeOf, type CodedEvent } from './push-codes-of.ts';

/** What a push says of its parcel. */
export interface PushedParcel {
  readonly parcelLabelNumber: string;
  /** customerReferenceNumber1, when it has one. */
  readonly ref?: string;
  readonly serviceCode: string;
  /** Decagrams (10 g), as the order gave it. */
  readonly weight: number;
  /** The sending depot: the scans' depot where an event's place names none. */
  readonly sendingDepot: string;
  /** Who takes the parcel at the door: the recipient's name. */
  readonly recipientName?: string;
}

/** A scan event as a push reads it: the journey's event (its word, instant, place and details). */
export interface PushingEvent extends CodedEvent {
  readonly at: Date;
  readonly place: { readonly depot?: string };
  /** The event's place in the planned journey; undefined for a forced event the plan does not have. */
  readonly index?: number;
  /** The shop's name, on events at a parcel shop. */
  readonly shopName?: string;
}

/** An event's identity among a parcel's events: its place in the plan and its word (`x<n>` for one the plan does not have). */
export function eventKeyOf(event: { readonly status: string; readonly index?: number }, position: number): string {
  return event.index === undefined ? `x${position}:${event.status}` : `${event.index}:${event.status}`;
}

const two = (value: number) => String(value).padStart(2, '0');

/** `ddMMyyyyHHmmss`, the wall-clock time of `at` in `timeZone`. */
export function statusDate(at: Date, timeZone: string): string {
  const f = zonedFields(at, timeZone);
  return `${two(f.day)}${two(f.month)}${f.year}${two(f.hour)}${two(f.minute)}${two(f.second)}`;
}

/** The pushes of `events` (a parcel's events that happened, oldest first), those before `since` left out. */
export function planPushes(
  parcel: PushedParcel,
  events: readonly PushingEvent[],
  settings: { readonly timeZone: string; readonly since?: Date },
): PushDraft[] {
  const drafts: PushDraft[] = [];
  events.forEach((event, position) => {
    const code = pushCodeOf(event);
    if (code === undefined) return;
    if (settings.since !== undefined && event.at.getTime() < settings.since.getTime()) return;
    const date = statusDate(event.at, settings.timeZone);
    const parameters: Array<readonly [string, string]> = [
      ['pnr', parcel.parcelLabelNumber],
      ['status', code],
      ['statusdate', date],
      ['depot', event.place.depot ?? parcel.sendingDepot],
    ];
    if (parcel.ref !== undefined && parcel.ref !== '') parameters.push(['ref', parcel.ref]);
    if (DELIVERY_CODES.has(code)) {
      const receiver = code === 'delivery_shop' ? event.shopName : parcel.recipientName;
      if (receiver !== undefined && receiver !== '') parameters.push(['receiver', receiver]);
    }
    parameters.push(['services', parcel.serviceCode]);
    // The proof of delivery's identifier: the parcel and the instant of its scan.
    if (DELIVERY_CODES.has(code)) parameters.push(['pod', `${parcel.parcelLabelNumber}${date}`]);
    parameters.push(['weight', String(parcel.weight)]);
    drafts.push({
      parcelLabelNumber: parcel.parcelLabelNumber,
      eventKey: eventKeyOf(event, position),
      code,
      eventAt: event.at,
      parameters,
    });
  });
  return drafts;
}

const QUARTER_MS = 15 * 60 * 1000;

/** When a push of an event at `eventAt` is first due: at once, or (batched, shuffled) at the next quarter hour of the account's clock. */
export function firstDue(eventAt: Date, mode: PushMode): Date {
  if (mode !== 'batched' && mode !== 'shuffled') return eventAt;
  return new Date((Math.floor(eventAt.getTime() / QUARTER_MS) + 1) * QUARTER_MS);
}

/** The drafts as the queue keeps them, for the account's target. */
export function queuedPushes(
  accountId: number,
  target: PushTarget,
  drafts: readonly PushDraft[],
  createdAt: Date,
  random: () => number = Math.random,
): NewPush[] {
  return drafts.map((draft, order) => ({
    ...draft,
    accountId,
    dueAt: firstDue(draft.eventAt, target.mode),
    sends: target.mode === 'duplicated' ? 2 : 1,
    sortKey: target.mode === 'shuffled' ? Math.floor(random() * 1_000_000_000) : order,
    createdAt,
  }));
}

/** The query of a push to `url`: the URL's own query kept, `pushid` and the parameters appended. */
export function pushAddress(url: string, pushid: string, parameters: PushParameters): string {
  const encoded = [['pushid', pushid] as const, ...parameters].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${encoded}`;
}
