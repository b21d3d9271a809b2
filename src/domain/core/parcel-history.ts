// A parcel's state history as operations report it: the events the store keeps, and the expiry judged
// at the lookup, so a parcel past its 28 days reads `expired` before the purge job has recorded it.
import { hasExpired } from './parcel-lookup.ts';
import type { ParcelEvent, StoredParcel } from '../ports/shipment-ports.ts';

/** The parcel's events, oldest first, with `expired` added at its expiry when it has expired at `now` but no event says so yet. */
export function parcelHistory(parcel: StoredParcel, events: readonly ParcelEvent[], now: Date): ParcelEvent[] {
  const history = [...events];
  if (
    parcel.state !== 'deleted' &&
    parcel.expiresAt !== undefined &&
    !events.some((event) => event.state === 'expired') &&
    hasExpired(parcel, now)
  ) {
    history.push({ state: 'expired', at: parcel.expiresAt });
  }
  return history;
}

/** The parcel's state as judged at `now`: `expired` once its data has expired, purged or not. */
export function currentState(parcel: StoredParcel, now: Date): StoredParcel['state'] {
  return parcel.state !== 'deleted' && hasExpired(parcel, now) ? 'expired' : parcel.state;
}
