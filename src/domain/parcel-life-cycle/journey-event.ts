// A parcel's journey as the carrier's network tells it: scan events in the carrier's status words, each
// with its instant and the depot, hub or shop it happened at. Tracking answers them
// (get-tracking-data.ts), the console shows them, and receiver notifications are made from them.
// plan-journey.ts computes them; README "Parcel life cycle" lists every word with its meaning.
import type { ScenarioName, StatusWordName } from '../../contract/parcel-states.ts';

/** A status word of the carrier's tracking (`statusInfo/status`): contract/parcel-states.ts STATUS_WORDS. */
export type StatusWord = StatusWordName;

export type { ScenarioName };

/** Where an event happened: a depot's, hub's or shop's town and its ISO 3166-1 alpha-2 country. */
export interface JourneyPlace {
  readonly town: string;
  readonly country: string;
  /** The depot's 4-digit code, where the depot directory names the place (a push's `depot`). */
  readonly depot?: string;
}

/** Why a delivery attempt failed (`DeliveryFailure`): nobody at home, or the receiver refused the parcel. */
export type DeliveryFailureReason = 'not_home' | 'refused';

/** One scan event of a parcel's journey. */
export interface JourneyEvent {
  readonly status: StatusWord;
  readonly at: Date;
  readonly place: JourneyPlace;
  /** `DeliveryFailure`: why the attempt failed; `ReturningToSender`: `not_collected` when the receiver never came to the shop. */
  readonly reason?: DeliveryFailureReason | 'not_collected';
  /** The shop of a `ParcelShop` event and of a `Delivered` event there (the receiver collected it); absent when no shop of the directory was found. */
  readonly parcelShopId?: number;
  /**
   * `Delivered` only, when not at the receiver's door: `shop` — the receiver collected the parcel at the
   * shop; `sender` — a return parcel reached its sender.
   */
  readonly deliveredTo?: 'shop' | 'sender';
}

/** `place` as tracking's `location` writes it: `Town (CC)` (the carrier's form, e.g. `Mechelen (BE)`). */
export function locationText(place: JourneyPlace): string {
  return place.country === '' ? place.town : `${place.town} (${place.country})`;
}
