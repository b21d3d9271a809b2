// Moves a parcel along its journey to a status word, as the carrier's network would: no operation of
// the interface does this, so SandboxService advanceParcel (stage) and the operator command `parcel-
// service parcels advance` stand in for it. Each event on the way is recorded (parcel_events, its
// status word) at its planned time, so tracking shows them whether the account's journeys run or not
// and a walked parcel reads like a real one; the caller moves the account's clock on to the last of
// them when that is later than its time (domain/sandbox/advance-parcel.ts). A parcel whose day is not
// closed yet is consolidated on the way.
import type { StatusWordName } from '../../contract/parcel-states.ts';
import { dateInZone } from '../../rules/calendar.ts';
import type { JourneyClock, JourneyParcel, RecordedEvent } from '../ports/journey-ports.ts';
import type { ParcelState, ShipmentRepository } from '../ports/shipment-ports.ts';
import type { StatusWord } from './journey-event.ts';
import { effectiveScenario, visibleEvents } from './plan-journey.ts';
import { hasEnded, horizonAt, journeyState, planParcelJourney, stateAfter, type JourneyDependencies } from './parcel-journey.ts';

/** What moving a parcel needs: its journey, and the consolidation it may close on the way. */
export type AdvanceDependencies = JourneyDependencies & { readonly shipments: Pick<ShipmentRepository, 'consolidate'> };

/** The states advanceParcel took before status words, each the first event of its kind on the journey. */
const FIRST_OF: Readonly<Record<string, StatusWord>> = Object.freeze({
  collected: 'PickedUp',
  in_transit: 'BetweenDepots',
  out_for_delivery: 'Courier',
  delivered: 'Delivered',
});

/** A parcel moved on. */
export interface Advanced {
  readonly parcelLabelNumber: string;
  readonly previousState: ParcelState;
  readonly state: ParcelState;
  readonly previousStatus: StatusWord;
  readonly status: StatusWord;
  /** The day closed on the way (YYYYMMDD), when the parcel was not consolidated yet. */
  readonly consolidationDate?: number;
  /** When the last event recorded happened: its planned time (later than the account's time when the journey is ahead of it). */
  readonly lastEventAt: Date;
}

/** Why a parcel was not moved. */
export type AdvanceRefusal =
  | { readonly refused: 'unknown' | 'deleted' | 'expired' }
  | { readonly refused: 'not_transferred'; readonly state: ParcelState }
  | { readonly refused: 'day_not_begun'; readonly shipDate: number; readonly today: number }
  | { readonly refused: 'already_there'; readonly status: StatusWord }
  | { readonly refused: 'not_in_scenario'; readonly scenario: string; readonly words: readonly StatusWord[] };

/** How often a parcel moved by another call meanwhile is read again before giving up. */
const ATTEMPTS = 3;

/**
 * Moves one of the account's parcels on to `to` — the next event of that word on its journey, or for
 * `collected`, `in_transit`, `out_for_delivery` and `delivered` the first event of its kind — at the
 * account's time `now`. Every event up to it is recorded at its planned instant (never before the one
 * recorded before it), however far past `now` that is: the caller moves the account's clock on.
 */
export async function advanceParcel(
  deps: AdvanceDependencies,
  account: { readonly id: number; readonly journeyClock?: JourneyClock },
  parcelLabelNumber: string,
  to: string,
  now: Date,
): Promise<Advanced | AdvanceRefusal> {
  for (let attempt = 1; ; attempt++) {
    const parcel = await deps.parcelJourneys.journeyParcel(account.id, parcelLabelNumber);
    // A collection request's parcels are numbered for the driver: the caller knows no such number.
    if (parcel === undefined || parcel.orderType === 'collection request order') return { refused: 'unknown' };
    if (parcel.state === 'deleted') return { refused: 'deleted' };
    if (hasEnded(parcel, now)) return { refused: 'expired' };
    if (parcel.transferredAt === undefined) return { refused: 'not_transferred', state: parcel.state };
    const moved = await advanceOnce(deps, account, parcel, to, now);
    if (moved !== 'moved_meanwhile') return moved;
    if (attempt === ATTEMPTS) throw new Error(`parcel ${parcelLabelNumber} kept moving while it was advanced`);
  }
}

async function advanceOnce(
  deps: AdvanceDependencies,
  account: { readonly id: number; readonly journeyClock?: JourneyClock },
  stored: JourneyParcel,
  to: string,
  now: Date,
): Promise<Advanced | AdvanceRefusal | 'moved_meanwhile'> {
  // The journey as it would be if the day closed now: the target is checked before anything is closed.
  let parcel: JourneyParcel = stored.consolidatedAt === undefined ? { ...stored, consolidatedAt: now } : stored;
  let plan = await planParcelJourney(deps, parcel);
  const horizon = horizonAt(account.journeyClock, now);
  const before = visibleEvents(plan, parcel.recorded, horizon);
  const current = before[before.length - 1].index ?? 0;
  const word = FIRST_OF[to] ?? (to as StatusWordName);
  const first = plan.findIndex((event) => event.status === word);
  const target = Object.hasOwn(FIRST_OF, to) ? first : plan.findIndex((event, index) => index > current && event.status === word);
  if (first < 0 || word === 'DataReceived') {
    if (word === 'DataReceived') return { refused: 'already_there', status: before[before.length - 1].status };
    const words = [...new Set(plan.slice(1).map((event) => event.status))];
    return { refused: 'not_in_scenario', scenario: effectiveScenario(parcel), words };
  }
  if (target < 0 || target <= current) return { refused: 'already_there', status: before[before.length - 1].status };
  let consolidationDate: number | undefined;
  if (stored.consolidatedAt === undefined) {
    const today = dateInZone(now, deps.settings.timeZone);
    if (stored.shipDate > today) return { refused: 'day_not_begun', shipDate: stored.shipDate, today };
    // Closes the parcel's whole day, as startOrdersConsolidation would (its other transferred parcels too).
    await deps.shipments.consolidate(account.id, stored.shipDate, now);
    consolidationDate = stored.shipDate;
    const closed = await deps.parcelJourneys.journeyParcel(account.id, stored.parcelLabelNumber);
    if (closed?.consolidatedAt === undefined) return 'moved_meanwhile';
    parcel = closed;
    plan = await planParcelJourney(deps, parcel);
  }
  // Recorded from the first event no row stands for yet: those time made visible are written too, so
  // they stay should the journeys be stopped or the clock set back.
  const forced = visibleEvents(plan, parcel.recorded, undefined);
  const from = (forced[forced.length - 1].index ?? 0) + 1;
  let last = forced[forced.length - 1].at.getTime();
  const events: RecordedEvent[] = plan.slice(from, target + 1).map((event) => {
    last = Math.max(last, event.at.getTime());
    return { status: event.status, at: new Date(last) };
  });
  const status = plan[target].status;
  const state = stateAfter(status);
  if (
    !(await deps.parcelJourneys.recordJourneyEvents(account.id, parcel.parcelLabelNumber, events, {
      forcedCount: parcel.forcedCount,
      state,
    }))
  ) {
    return 'moved_meanwhile';
  }
  return {
    parcelLabelNumber: parcel.parcelLabelNumber,
    previousState: journeyState(stored, before),
    state,
    previousStatus: before[before.length - 1].status,
    status,
    ...(consolidationDate === undefined ? {} : { consolidationDate }),
    lastEventAt: new Date(last),
  };
}
