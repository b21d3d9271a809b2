// One parcel's journey read from the store: its inputs, the places its scans happen at (the depot
// directory, the parcel-shop directory), its whole plan and the events visible by an account's journey
// horizon. What tracking, the console and advanceParcel read, and what a consumer of the events (the
// notifications' outbox) calls: plan-journey.ts says how it learns which events became visible.
import type { DepotDirectoryStore } from '../ports/depot-ports.ts';
import type { JourneyClock, JourneyParcel, JourneyRepository } from '../ports/journey-ports.ts';
import type { ParcelShopDirectory } from '../ports/parcel-shop-ports.ts';
import type { ParcelState } from '../ports/shipment-ports.ts';
import { nearestParcelShop } from '../parcel-shop-finder/find-parcel-shops.ts';
import { depotLookup, type DepotLookup } from './depot-directory.ts';
import type { JourneyEvent, JourneyPlace, StatusWord } from './journey-event.ts';
import {
  planJourney,
  shopNeeded,
  visibleEvents,
  type JourneyCalendar,
  type JourneyPlaces,
  type JourneyShop,
  type VisibleEvent,
} from './plan-journey.ts';

/** What reading a journey needs (a part of domain/dependencies.ts's Dependencies). */
export interface JourneyDependencies {
  readonly parcelJourneys: JourneyRepository;
  readonly depots: DepotDirectoryStore;
  readonly parcelShops: ParcelShopDirectory;
  readonly settings: JourneyCalendar;
}

/**
 * Up to when the account's parcels' planned events have happened, at account time `now`: `now` while
 * its journeys run, the instant they were stopped (never later than `now`), and none when they never
 * ran — then only forced events move a parcel, as on the carrier's stage.
 */
export function horizonAt(clock: JourneyClock | undefined, now: Date): Date | undefined {
  if (clock === undefined) return undefined;
  if (clock.running) return now;
  if (clock.stoppedAt === undefined) return undefined;
  return clock.stoppedAt.getTime() < now.getTime() ? clock.stoppedAt : now;
}

/** A parcel's journey: its inputs, every planned event and those visible by the horizon. */
export interface ParcelJourney {
  readonly parcel: JourneyParcel;
  readonly planned: readonly JourneyEvent[];
  readonly visible: readonly VisibleEvent[];
}

const shopOf = (shop: { readonly parcelShopId: number; readonly city: string; readonly country: string }): JourneyShop => ({
  place: { town: shop.city, country: shop.country },
  parcelShopId: shop.parcelShopId,
});

/**
 * Where the parcel's scans happen, from the depot directory and (for the shop a journey passes) the
 * parcel-shop directory; without `shops`, the shop is left out (its place changes no event's word or time).
 */
export async function journeyPlaces(
  deps: JourneyDependencies,
  parcel: JourneyParcel,
  options: { readonly depots?: DepotLookup; readonly shops?: boolean } = {},
): Promise<JourneyPlaces> {
  const depots = options.depots ?? depotLookup(await deps.depots.readDepotDirectory());
  const { order } = parcel;
  const senderPlace: JourneyPlace =
    order === undefined ? { town: parcel.sendingDepot, country: '' } : { town: order.sender.city, country: order.sender.country };
  const sending = depots.depot(parcel.sendingDepot) ?? senderPlace;
  if (order === undefined) return { sending, sendingHub: depots.hub(sending.country), delivery: sending };
  const { recipient } = order;
  const deliveryHub = depots.hub(recipient.country);
  const delivery = depots.deliveryDepot(recipient.country, recipient.zipCode) ??
    deliveryHub ?? { town: recipient.city, country: recipient.country };
  const places = { sending, sendingHub: depots.hub(sending.country), delivery, deliveryHub };
  const needed = options.shops === false ? undefined : shopNeeded(parcel);
  if (needed === undefined) return places;
  if (needed === 'order') {
    if (order.parcelShopId === undefined) return places;
    const chosen = await deps.parcelShops.findParcelShop(order.parcelShopId);
    // A directory without the shop (an empty one takes any id): its id, at the delivery depot's town.
    return { ...places, shop: chosen === undefined ? { place: delivery, parcelShopId: order.parcelShopId } : shopOf(chosen) };
  }
  const nearest = await nearestParcelShop(deps.parcelShops, recipient, needed === 'delivery' ? 'parcelShopDelivery' : 'returns');
  return nearest === undefined ? places : { ...places, shop: shopOf(nearest) };
}

/** The parcel's whole journey, planned from its inputs. */
export async function planParcelJourney(deps: JourneyDependencies, parcel: JourneyParcel): Promise<JourneyEvent[]> {
  if (parcel.transferredAt === undefined) return [];
  return planJourney(parcel, await journeyPlaces(deps, parcel), deps.settings);
}

/** Whether the parcel's data is gone: a deleted parcel, or one past its 28 days at `now` (purged or not). */
export function hasEnded(parcel: Pick<JourneyParcel, 'state' | 'expiresAt'>, now: Date): boolean {
  return (
    parcel.state === 'deleted' ||
    parcel.state === 'expired' ||
    (parcel.expiresAt !== undefined && parcel.expiresAt.getTime() <= now.getTime())
  );
}

/**
 * One of the account's parcels' journey at the account's time `now`, with the account's journey
 * `horizon` (horizonAt); undefined when the parcel is not the account's. A parcel whose data is gone
 * (deleted, expired) shows no events.
 */
export async function readParcelJourney(
  deps: JourneyDependencies,
  accountId: number,
  parcelLabelNumber: string,
  now: Date,
  horizon: Date | undefined,
): Promise<ParcelJourney | undefined> {
  const parcel = await deps.parcelJourneys.journeyParcel(accountId, parcelLabelNumber);
  if (parcel === undefined) return undefined;
  if (hasEnded(parcel, now)) return { parcel, planned: [], visible: [] };
  const planned = await planParcelJourney(deps, parcel);
  return { parcel, planned, visible: visibleEvents(planned, parcel.recorded, horizon) };
}

/**
 * The states of the account's parcels on their way by their visible events (journeyState), for lists
 * and counts: the depot directory read once, no shop looked up (a shop's place changes no state).
 */
export async function journeyStates(
  deps: JourneyDependencies,
  parcels: readonly JourneyParcel[],
  horizon: Date | undefined,
): Promise<Map<string, ParcelState>> {
  const depots = depotLookup(await deps.depots.readDepotDirectory());
  const states = new Map<string, ParcelState>();
  for (const parcel of parcels) {
    const planned =
      parcel.transferredAt === undefined
        ? []
        : planJourney(parcel, await journeyPlaces(deps, parcel, { depots, shops: false }), deps.settings);
    states.set(parcel.parcelLabelNumber, journeyState(parcel, visibleEvents(planned, parcel.recorded, horizon)));
  }
  return states;
}

/** The internal state an event leaves a parcel in (parcels.state, the console's and getSandboxState's states). */
export function stateAfter(status: StatusWord): ParcelState {
  switch (status) {
    case 'DataReceived':
    case 'PickupFailure':
      return 'consolidated';
    case 'PickedUp':
      return 'collected';
    case 'Courier':
    case 'DeliveryFailure':
    case 'ReturningFromDelivery':
    case 'ParcelShop':
      return 'out_for_delivery';
    case 'Delivered':
      return 'delivered';
    case 'ReturnedToSender':
      return 'returned';
    case 'Lost':
      return 'lost';
    default:
      return 'in_transit';
  }
}

/**
 * The parcel's state by its visible events: the stored one until the carrier has it, the state its
 * last visible event leaves it in after that (so a parcel time moved on reads as it tracks).
 */
export function journeyState(parcel: Pick<JourneyParcel, 'state'>, visible: readonly JourneyEvent[]): ParcelState {
  const last = visible[visible.length - 1];
  if (last === undefined || last.status === 'DataReceived') return parcel.state;
  return stateAfter(last.status);
}
