// A parcel's journey as tracking computes it (parcel-life-cycle/parcel-journey.ts, issue 26), for
// notifications: the events visible by the account's journey horizon at its own time — the forced
// ones and, while its journeys run, the planned ones its clock has passed — with the whole plan.
import { accountTime } from '../core/account-clock.ts';
import type { Clock } from '../ports/clock-ports.ts';
import { horizonAt, readParcelJourney, type JourneyDependencies } from '../parcel-life-cycle/parcel-journey.ts';
import type { JourneyEvent } from '../parcel-life-cycle/journey-event.ts';
import type { JourneyAccount, JourneySource } from './notify-parcels.ts';
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
    async journeyOf(account: JourneyAccount, parcelLabelNumber: string) {
      const now = accountTime(account.clock, clock.now());
      const journey = await readParcelJourney(deps, account.id, parcelLabelNumber, now, horizonAt(account.journeyClock, now));
      if (journey === undefined) return { happened: [], planned: [] };
      return { happened: journey.visible.map(asNotifying), planned: journey.planned.map(asNotifying) };
    },
    async movingParcels(account: JourneyAccount) {
      if (account.journeyClock === undefined) return [];
      const now = accountTime(account.clock, clock.now());
      return (await deps.parcelJourneys.movingParcels(account.id, now)).map((parcel) => parcel.parcelLabelNumber);
    },
  };
}
