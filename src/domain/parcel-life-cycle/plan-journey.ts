// A parcel's journey, computed rather than stored (docs/decisions.md "Journeys"): `planJourney` gives
// every event of its scenario, past and future, from what the store keeps of it (its consolidation
// instant, product, options, places and scenario), the service's calendar and the places its scans
// happen at; `visibleEvents` gives the events that have happened: those advanceParcel forced (stored
// as rows) and the planned ones up to the account's journey horizon (its clock while its journeys
// run, the instant they were stopped at, none before they ever ran). Nothing is written as time passes.
//
// For a consumer that acts on events as they happen (the receiver notifications' outbox): an event's
// identity is its place in the planned journey (`index`, with its status word); the events visible at
// an account time T are `visibleEvents(plan, parcel.recorded, horizonAt(account, T))`, so the events
// that became visible between T1 and T2 are those of the second list past the first's length. A
// forced event is written to parcel_events (a row with the status word) by recordJourneyEvents; a
// time-driven one is written nowhere, so a consumer computes it: `readParcelJourney`
// (parcel-journey.ts) reads one parcel's inputs and answers both lists.
import type { ScenarioName } from '../../contract/parcel-states.ts';
import { addDays, isBusinessDay, nthDayAfter, weekday, zonedFields, zonedInstant } from '../../rules/calendar.ts';
import { crossesCustomsBorder } from '../../rules/reference-data.ts';
import { scenarioMisfitOf, type ScenarioMisfit } from '../../rules/sandbox-magic.ts';
import type { JourneyParcel, RecordedEvent } from '../ports/journey-ports.ts';
import type { JourneyEvent, JourneyPlace, StatusWord } from './journey-event.ts';

/** The service's calendar: its time zone and the days that are not business days besides weekends. */
export interface JourneyCalendar {
  readonly timeZone: string;
  /** YYYYMMDD. */
  readonly holidays: ReadonlySet<number>;
}

/** A shop a journey passes, from the parcel-shop directory: where it is, and its id. */
export interface JourneyShop {
  readonly place: JourneyPlace;
  readonly parcelShopId?: number;
}

/** Where a parcel's scans happen (parcel-journey.ts resolves them from the directories). */
export interface JourneyPlaces {
  /** The sending depot: first scans, and where a parcel going back to its sender arrives. */
  readonly sending: JourneyPlace;
  /** The origin country's hub; undefined: no hub scans there. */
  readonly sendingHub?: JourneyPlace;
  /** The delivery depot of the recipient's postcode: depot and courier scans. */
  readonly delivery: JourneyPlace;
  /** The destination country's hub; undefined: no hub scans there. */
  readonly deliveryHub?: JourneyPlace;
  /**
   * The shop of the journey: a PSD order's shop, the one nearest the recipient after a failed attempt,
   * or where a return parcel is handed in. Undefined when the journey passes none, or none was found
   * (the delivery depot stands in).
   */
  readonly shop?: JourneyShop;
}

/** The wall-clock times of the scans (the service's time zone): seconds included, as real scans are. */
const TIMES = Object.freeze({
  collection: '17:00:00',
  pickedUp: '18:34:07',
  hubIn: '20:11:26',
  hubOut: '20:48:00',
  destinationHubIn: '01:22:13',
  destinationHubOut: '01:58:40',
  depot: '04:09:55',
  courier: '07:34:34',
  delivered: '13:22:48',
  notHome: '14:43:31',
  refused: '11:02:17',
  backAtDepot: '17:11:26',
  shopAfterFailure: '16:09:35',
  shopDelivery: '10:48:12',
  shopCollected: '15:27:09',
  returningToSender: '19:40:05',
  returnHubIn: '21:15:30',
  returnHubOut: '21:52:04',
  backAtSender: '12:05:44',
  returnHandedIn: '11:20:41',
  customsHold: '09:12:44',
  customsCleared: '14:05:37',
  damaged: '06:40:12',
  investigation: '12:00:00',
  lost: '10:15:00',
  pickupFailure: '17:12:40',
  shopUncollected: '18:30:22',
});

/** Shop days a parcel waits at its shop for its receiver before it goes back to its sender (`no_pickup_by_consignee`). */
const SHOP_WAIT_DAYS = 7;

/** Express products' courier round and delivery: earlier than the day's round. */
const EXPRESS_TIMES: Readonly<Record<string, { readonly courier: string; readonly delivered: string }>> = Object.freeze({
  E830: { courier: '06:02:10', delivered: '08:12:40' },
  AM0: { courier: '06:02:10', delivered: '08:12:40' },
  E10: { courier: '07:01:15', delivered: '09:41:05' },
  AM1: { courier: '07:01:15', delivered: '09:41:05' },
  E12: { courier: TIMES.courier, delivered: '11:37:52' },
  AM2: { courier: TIMES.courier, delivered: '11:37:52' },
  PM2: { courier: TIMES.courier, delivered: '16:48:19' },
});

/** Business days a search for a lost parcel takes before it is given up. */
const SEARCH_DAYS = 5;

/** The countries whose depots exchange parcels overnight with their neighbours' (two days door to door). */
const NEIGHBOURS: ReadonlySet<string> = new Set(['NL', 'BE', 'LU', 'DE']);

/** Delivery days after the collection day: same country 1, neighbours 2, elsewhere 3. */
export function transitDays(from: string, to: string): number {
  if (from === to) return 1;
  if (NEIGHBOURS.has(from) && NEIGHBOURS.has(to)) return 2;
  return 3;
}

/** Whether the parcel comes back to its sender: a return label (`returns`), or the shop-return product. */
export const isReturnParcel = (parcel: Pick<JourneyParcel, 'returns' | 'product'>) => parcel.returns || parcel.product === 'RET';

/** Whether the parcel's way crosses the EU customs border (its order's sender and recipient countries). */
export function crossesCustoms(parcel: JourneyParcel): boolean {
  return parcel.order !== undefined && crossesCustomsBorder(parcel.order.sender.country, parcel.order.recipient.country);
}

export type { ScenarioMisfit };

/** Whether `scenario` can be a parcel's own (SandboxService setScenario with a parcel number): rules/sandbox-magic.ts decides. */
export function scenarioMisfit(parcel: JourneyParcel, scenario: ScenarioName): ScenarioMisfit | undefined {
  return scenarioMisfitOf({ product: parcel.product, returns: parcel.returns, crossesCustoms: crossesCustoms(parcel) }, scenario);
}

/**
 * The scenario a parcel walks: its own, or in place of one that does not fit it (an account's default
 * applies to every parcel stored): a PSD parcel goes to its shop, a parcel that crosses no customs
 * border is delivered, a return parcel goes back to its sender.
 */
export function effectiveScenario(parcel: JourneyParcel): ScenarioName {
  const scenario = parcel.scenario ?? 'delivered';
  if (scenarioMisfit(parcel, scenario) === undefined)
    return parcel.product === 'PSD' && scenario === 'delivered' ? 'parcel_shop_delivery' : scenario;
  if (isReturnParcel(parcel)) return 'delivered';
  return parcel.product === 'PSD' ? 'parcel_shop_delivery' : 'delivered';
}

/** The shop a journey needs found: a PSD order's own, the nearest one that takes deliveries, or one that takes returns. */
export function shopNeeded(parcel: JourneyParcel): 'order' | 'delivery' | 'return' | undefined {
  if (isReturnParcel(parcel)) return 'return';
  const scenario = effectiveScenario(parcel);
  if (scenario === 'parcel_shop_delivery') return 'order';
  if (scenario === 'no_pickup_by_consignee') return parcel.product === 'PSD' ? 'order' : 'delivery';
  return scenario === 'not_home_to_parcel_shop' ? 'delivery' : undefined;
}

/**
 * Every event of the parcel's journey, oldest first: `DataReceived` once its data reached the carrier,
 * and from its consolidation on the events of its scenario (README "Testing your integration" has the
 * tables). Before its data reached the carrier (created, queued) it has none; a parcel not yet
 * consolidated has only `DataReceived`.
 */
export function planJourney(parcel: JourneyParcel, places: JourneyPlaces, calendar: JourneyCalendar): JourneyEvent[] {
  if (parcel.transferredAt === undefined) return [];
  const events: JourneyEvent[] = [{ status: 'DataReceived', at: parcel.transferredAt, place: places.sending }];
  if (parcel.consolidatedAt === undefined || parcel.order === undefined) return events;
  const plan = new Planner(events, places, calendar, parcel.order.saturdayDelivery);
  const collection = plan.collectionDay(parcel.consolidatedAt);
  const transit = transitDays(places.sending.country, parcel.order.recipient.country);
  if (isReturnParcel(parcel)) plan.returnParcel(collection, transit, effectiveScenario(parcel) === 'lost');
  else plan.outward(collection, transit, effectiveScenario(parcel), EXPRESS_TIMES[parcel.product], parcel.product === 'PSD');
  return events;
}

/** Adds a journey's events day by day. */
class Planner {
  constructor(
    private readonly events: JourneyEvent[],
    private readonly places: JourneyPlaces,
    private readonly calendar: JourneyCalendar,
    private readonly saturdayDelivery: boolean,
  ) {}

  add(status: StatusWord, date: number, time: string, place: JourneyPlace | undefined, extra: Partial<JourneyEvent> = {}): void {
    if (place === undefined) return;
    this.events.push({ status, at: zonedInstant(date, time, this.calendar.timeZone), place, ...extra });
  }

  /** Mon–Fri, not a holiday: collections, customs, returns to a business sender. */
  readonly businessDay = (date: number) => isBusinessDay(date, this.calendar.holidays);
  /** A day the driver delivers to a receiver: never Sunday, Saturday only with saturdayDelivery. */
  readonly deliveryDay = (date: number) =>
    !this.calendar.holidays.has(date) && (weekday(date) === 6 ? this.saturdayDelivery : weekday(date) !== 0);
  /** A day shops are open to their receivers: Mon–Sat, not a holiday. */
  readonly shopDay = (date: number) => !this.calendar.holidays.has(date) && weekday(date) !== 0;

  /** The day the carrier collects a parcel consolidated at `at`: the first business day whose collection is not before it. */
  collectionDay(at: Date): number {
    const { year, month, day } = zonedFields(at, this.calendar.timeZone);
    let date = year * 10000 + month * 100 + day;
    while (!this.businessDay(date) || zonedInstant(date, TIMES.collection, this.calendar.timeZone) < at) date = addDays(date, 1);
    return date;
  }

  private shopPlace(): JourneyShop {
    return this.places.shop ?? { place: this.places.delivery };
  }

  private shopEvent(): Partial<JourneyEvent> {
    const id = this.places.shop?.parcelShopId;
    return id === undefined ? {} : { parcelShopId: id };
  }

  /** The collection and the origin hub's sorting, the evening of collection day `c`. */
  private collected(c: number): void {
    this.add('PickedUp', c, TIMES.pickedUp, this.places.sending);
    this.add('BetweenDepots', c, TIMES.hubIn, this.places.sendingHub);
    this.add('BetweenDepots', c, TIMES.hubOut, this.places.sendingHub);
  }

  /** The night's line haul to the destination hub, across a border (delivery day `d`). */
  private destinationHub(d: number, transit: number): void {
    if (transit < 2) return;
    this.add('BetweenDepots', d, TIMES.destinationHubIn, this.places.deliveryHub);
    this.add('BetweenDepots', d, TIMES.destinationHubOut, this.places.deliveryHub);
  }

  outward(
    collection: number,
    transit: number,
    scenario: ScenarioName,
    express: { readonly courier: string; readonly delivered: string } | undefined,
    psd: boolean,
  ): void {
    const { delivery } = this.places;
    let c = collection;
    const courier = express?.courier ?? TIMES.courier;
    const deliveredAt = express?.delivered ?? TIMES.delivered;
    if (scenario === 'error_pickup') {
      // The driver came for it and could not take it: collected the next business day, then delivered.
      this.add('PickupFailure', c, TIMES.pickupFailure, this.places.sending);
      c = nthDayAfter(c, 1, this.businessDay);
    }
    this.collected(c);
    if (scenario === 'lost') {
      const d = nthDayAfter(c, 1, this.businessDay);
      const hub = this.places.sendingHub ?? this.places.sending;
      this.add('Investigation', d, TIMES.investigation, hub);
      this.add('Lost', nthDayAfter(d, SEARCH_DAYS, this.businessDay), TIMES.lost, hub);
      return;
    }
    let from = c;
    if (scenario === 'damaged') {
      from = nthDayAfter(c, 1, this.businessDay);
      this.add('Damaged', from, TIMES.damaged, this.places.sendingHub ?? this.places.sending);
    }
    let d: number;
    if (scenario === 'customs_hold') {
      const hub = this.places.deliveryHub ?? delivery;
      const hold = nthDayAfter(c, 1, this.businessDay);
      this.add('CustomsHold', hold, TIMES.customsHold, hub);
      const release = nthDayAfter(hold, 1, this.businessDay);
      this.add('CustomsCleared', release, TIMES.customsCleared, hub);
      d = nthDayAfter(release, 1, this.deliveryDay);
    } else {
      d = nthDayAfter(from, transit, this.deliveryDay);
      this.destinationHub(d, transit);
    }
    this.add('Depot', d, TIMES.depot, delivery);
    this.add('Courier', d, courier, delivery);
    switch (scenario) {
      case 'parcel_shop_delivery': {
        const shop = this.shopPlace();
        this.add('ParcelShop', d, TIMES.shopDelivery, shop.place, this.shopEvent());
        this.add('Delivered', nthDayAfter(d, 1, this.shopDay), TIMES.shopCollected, shop.place, {
          ...this.shopEvent(),
          deliveredTo: 'shop',
        });
        return;
      }
      case 'not_home_then_delivered': {
        this.add('DeliveryFailure', d, TIMES.notHome, delivery, { reason: 'not_home' });
        this.add('ReturningFromDelivery', d, TIMES.backAtDepot, delivery);
        const again = nthDayAfter(d, 1, this.deliveryDay);
        this.add('Courier', again, courier, delivery);
        this.add('Delivered', again, deliveredAt, delivery);
        return;
      }
      case 'no_pickup_by_consignee': {
        const shop = this.shopPlace();
        if (psd) this.add('ParcelShop', d, TIMES.shopDelivery, shop.place, this.shopEvent());
        else {
          this.add('DeliveryFailure', d, TIMES.notHome, delivery, { reason: 'not_home' });
          this.add('ParcelShop', d, TIMES.shopAfterFailure, shop.place, this.shopEvent());
        }
        // Never collected: after its days at the shop it goes back to the sender's depot.
        const left = nthDayAfter(d, SHOP_WAIT_DAYS, this.shopDay);
        this.add('ReturningToSender', left, TIMES.shopUncollected, shop.place, { ...this.shopEvent(), reason: 'not_collected' });
        this.backToSender(left, transit);
        return;
      }
      case 'not_home_to_parcel_shop': {
        const shop = this.shopPlace();
        this.add('DeliveryFailure', d, TIMES.notHome, delivery, { reason: 'not_home' });
        this.add('ParcelShop', d, TIMES.shopAfterFailure, shop.place, this.shopEvent());
        this.add('Delivered', nthDayAfter(d, 1, this.shopDay), TIMES.shopCollected, shop.place, {
          ...this.shopEvent(),
          deliveredTo: 'shop',
        });
        return;
      }
      case 'refused_returned': {
        this.add('DeliveryFailure', d, TIMES.refused, delivery, { reason: 'refused' });
        this.add('ReturningFromDelivery', d, TIMES.backAtDepot, delivery);
        this.add('ReturningToSender', d, TIMES.returningToSender, delivery);
        this.backToSender(d, transit);
        return;
      }
      default:
        this.add('Delivered', d, deliveredAt, delivery);
    }
  }

  /** From the delivery country back to the sender's depot, having left for it on day `d`: never `Delivered`. */
  private backToSender(d: number, transit: number): void {
    this.add('BetweenDepots', d, TIMES.returnHubIn, this.places.deliveryHub);
    this.add('BetweenDepots', d, TIMES.returnHubOut, this.places.deliveryHub);
    const back = nthDayAfter(d, transit, this.businessDay);
    if (transit >= 2) {
      this.add('BetweenDepots', back, TIMES.destinationHubIn, this.places.sendingHub);
      this.add('BetweenDepots', back, TIMES.destinationHubOut, this.places.sendingHub);
    }
    this.add('Depot', back, TIMES.depot, this.places.sending);
    this.add('Courier', back, TIMES.courier, this.places.sending);
    this.add('ReturnedToSender', back, TIMES.backAtSender, this.places.sending);
  }

  /**
   * A return parcel: handed in at a shop near its recipient (or collected at the recipient's delivery
   * depot) the business day after its order's collection, and carried back to its sender's depot.
   */
  returnParcel(c: number, transit: number, lost: boolean): void {
    const { sending } = this.places;
    const p = nthDayAfter(c, 1, this.businessDay);
    const shop = this.shopPlace();
    this.add('PickedUp', p, TIMES.returnHandedIn, shop.place, this.shopEvent());
    const hub = this.places.deliveryHub;
    this.add('BetweenDepots', p, TIMES.hubIn, hub);
    this.add('BetweenDepots', p, TIMES.hubOut, hub);
    if (lost) {
      const d = nthDayAfter(p, 1, this.businessDay);
      this.add('Investigation', d, TIMES.investigation, hub ?? shop.place);
      this.add('Lost', nthDayAfter(d, SEARCH_DAYS, this.businessDay), TIMES.lost, hub ?? shop.place);
      return;
    }
    const back = nthDayAfter(p, transit, this.businessDay);
    if (transit >= 2) {
      this.add('BetweenDepots', back, TIMES.destinationHubIn, this.places.sendingHub);
      this.add('BetweenDepots', back, TIMES.destinationHubOut, this.places.sendingHub);
    }
    this.add('Depot', back, TIMES.depot, sending);
    this.add('Courier', back, TIMES.courier, sending);
    this.add('Delivered', back, TIMES.backAtSender, sending, { deliveredTo: 'sender' });
  }
}

/** The status word an event recorded under an older state name stands for (advanceParcel's earlier `to`). */
const OLDER_STATE_WORDS: Readonly<Record<string, StatusWord>> = Object.freeze({
  collected: 'PickedUp',
  in_transit: 'BetweenDepots',
  out_for_delivery: 'Courier',
  delivered: 'Delivered',
});

/** The status word of a recorded event, or undefined for a life-cycle state that is not a scan (created, transferred, deleted, …). */
export function recordedWord(event: RecordedEvent): StatusWord | undefined {
  if (Object.hasOwn(OLDER_STATE_WORDS, event.status)) return OLDER_STATE_WORDS[event.status];
  return /^[A-Z]/.test(event.status) && event.status !== 'DataReceived' ? (event.status as StatusWord) : undefined;
}

/** A visible event with its place in the planned journey (undefined for a forced one the plan does not have). */
export interface VisibleEvent extends JourneyEvent {
  readonly index?: number;
}

/**
 * The events of `plan` that have happened: `DataReceived`, the events `recorded` forced (each stands
 * for the plan's next event of its word and every planned one before it, dated no later than it), then
 * the planned events up to `horizon` (none without one). Dates never go back.
 */
export function visibleEvents(
  plan: readonly JourneyEvent[],
  recorded: readonly RecordedEvent[],
  horizon: Date | undefined,
): VisibleEvent[] {
  if (plan.length === 0) return [];
  const visible: VisibleEvent[] = [{ ...plan[0], index: 0 }];
  let next = 1;
  let last = plan[0].at.getTime();
  const push = (event: JourneyEvent, at: number, index: number | undefined) => {
    last = Math.max(last, at);
    visible.push({ ...event, at: new Date(last), ...(index === undefined ? {} : { index }) });
  };
  for (const row of recorded) {
    const word = recordedWord(row);
    if (word === undefined) continue;
    const forced = row.at.getTime();
    const target = plan.findIndex((event, index) => index >= next && event.status === word);
    if (target < 0) {
      // A word its plan does not have (the scenario or the directory changed since): shown where the parcel last was.
      push({ status: word, at: row.at, place: visible[visible.length - 1].place }, forced, undefined);
      continue;
    }
    for (let index = next; index < target; index++) push(plan[index], Math.min(plan[index].at.getTime(), forced), index);
    push(plan[target], forced, target);
    next = target + 1;
  }
  if (horizon !== undefined) {
    for (let index = next; index < plan.length && plan[index].at.getTime() <= horizon.getTime(); index++) {
      push(plan[index], plan[index].at.getTime(), index);
    }
  }
  return visible;
}
