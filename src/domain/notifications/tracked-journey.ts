// A parcel's journey as tracking computes it (parcel-life-cycle/parcel-journey.ts, issue 26), for
// notifications: the events visible by the account's journey horizon at its own time — the forced
// ones and, while its journeys run, the planned ones its clock has passed — with the whole plan, and
// when its next planned event falls due (what the round's index of due journeys is set to).
import { accountTime } from '../core/account-clock.ts';
import type { Clock } from '../ports/clock-ports.ts';
import { depotLookup } from '../parcel-life-cycle/depot-directory.ts';
import { hasEnded, horizonAt, journeyPlaces, type JourneyDependencies } from '../parcel-life-cycle/parcel-journey.ts';
import { planJourney, visibleEvents } from '../parcel-life-cycle/plan-journey.ts';
import type { JourneyEvent } from '../parcel-life-cycle/journey-event.ts';
import type { JourneyAccount, JourneySource, SourcedJourney } from './notify-parcels.ts';
import type { NotifyingEvent } from './plan-notifications.ts';

const asNotifying = (event: JourneyEvent & { readonly index?: number }): NotifyingEvent => ({
  status: event.status,
  at: event.at,
  place: event.place,
  ...(event.reason === undefined ? {} : { reason: event.reason }),
  ...(event.parcelShopId === undefined ? {} : { parcelShopId: event.parcelShopId }),
  ...(event.deliveredTo === undefined ? {} : { deliveredTo: event.deliveredTo }),
  ...(event.index === undefined ? {} : { index: event.index }),
});

export function trackedJourneys(deps: JourneyDependencies, clock: Clock): JourneySource {
  return {
    async journeysOf(account: JourneyAccount, parcelLabelNumbers: readonly string[]) {
      const now = accountTime(account.clock, clock.now());
      const horizon = horizonAt(account.journeyClock, now);
      const journeys = new Map<string, SourcedJourney>();
      const parcels = await deps.parcelJourneys.journeyParcels(account.id, parcelLabelNumbers);
      // The depot directory read once for the slice.
      const depots = depotLookup(await deps.depots.readDepotDirectory());
      for (const parcel of parcels) {
        // A parcel whose data is gone (deleted, expired) shows no events.
        if (hasEnded(parcel, now)) continue;
        const planned =
          parcel.transferredAt === undefined ? [] : planJourney(parcel, await journeyPlaces(deps, parcel, { depots }), deps.settings);
        const visible = visibleEvents(planned, parcel.recorded, horizon);
        // The planned event after the last visible one: the next the horizon passes (none without a horizon).
        const shown = visible.reduce((last, event) => Math.max(last, event.index ?? -1), -1);
        const following = horizon === undefined ? undefined : planned[shown + 1]?.at;
        // Never at or before the horizon: a journey looked at is due again only once time moves on.
        const next =
          following === undefined || horizon === undefined ? undefined : new Date(Math.max(following.getTime(), horizon.getTime() + 1));
        journeys.set(parcel.parcelLabelNumber, {
          happened: visible.map(asNotifying),
          planned: planned.map(asNotifying),
          ...(next === undefined ? {} : { next }),
        });
      }
      return journeys;
    },
    async dueParcels(account: JourneyAccount, limit: number) {
      const now = accountTime(account.clock, clock.now());
      const horizon = horizonAt(account.journeyClock, now);
      if (horizon === undefined) return { numbers: [], more: false };
      return deps.parcelJourneys.parcelsFallingDue(account.id, horizon, now, limit);
    },
    setNextDue: (account, due) => deps.parcelJourneys.setNextDue(account.id, due),
  };
}
