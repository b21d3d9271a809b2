// The pushes' producer (README "Tracking push"): a parcel's scan events become pushes where its account
// has a push URL. The journeys' events are read once, by the receiver notifications' producer
// (notifications/notify-parcels.ts), which hands each parcel's events here; `start_order` of a parcel
// stored with its data transferred (storeOrders) is made from the stored parcel alone, by a cursor over
// the parcels, so storeOrders itself writes nothing more. The queue's key (parcel and event) makes a
// second producer, or a second process, add nothing.
import type { Clock } from '../ports/clock-ports.ts';
import type { NewPush, PushQueue, PushTarget } from '../ports/push-ports.ts';
import { planPushes, queuedPushes, type PushedParcel, type PushingEvent } from './plan-pushes.ts';

export interface PushProducerDependencies {
  readonly pushes: PushQueue;
  readonly clock: Clock;
  readonly timeZone: string;
  /** Told when pushes were queued (the sender then looks at once rather than at its next round). */
  readonly queued?: () => void;
}

/** The pushes of a parcel's events that happened so far, for an account with a push target. */
export function parcelPushes(
  account: { readonly id: number; readonly push?: PushTarget },
  parcel: PushedParcel,
  events: readonly PushingEvent[],
  timeZone: string,
  createdAt: Date,
): NewPush[] {
  if (account.push === undefined) return [];
  return queuedPushes(account.id, account.push, planPushes(parcel, events, { timeZone, since: account.push.since }), createdAt);
}

/** Keeps `pushes`; returns how many were new, and tells the sender. */
export async function keepPushes(deps: Pick<PushProducerDependencies, 'pushes' | 'queued'>, pushes: readonly NewPush[]): Promise<number> {
  if (pushes.length === 0) return 0;
  const added = await deps.pushes.addPushes(pushes);
  if (added > 0) deps.queued?.();
  return added;
}

/** Parcel ids read again behind the cursor: parcels of transactions that committed after a later id was read (PostgreSQL). */
const CURSOR_OVERLAP = 100;
/** Parcels read per round. */
const BATCH = 1000;

/** `start_order` of every parcel stored with its data transferred since the last round, by any process. */
export async function pushTransfers(deps: PushProducerDependencies, stop?: AbortSignal): Promise<number> {
  let cursor = await deps.pushes.readCursor();
  let added = 0;
  for (;;) {
    const fresh = await deps.pushes.transfersAfter(cursor, 1);
    if (fresh.lastId <= cursor || stop?.aborted) return added;
    const batch = await deps.pushes.transfersAfter(Math.max(0, cursor - CURSOR_OVERLAP), BATCH);
    const now = deps.clock.now();
    const made = batch.parcels.flatMap((parcel) =>
      parcelPushes(
        { id: parcel.accountId, push: parcel.target },
        {
          parcelLabelNumber: parcel.parcelLabelNumber,
          ...(parcel.ref === undefined ? {} : { ref: parcel.ref }),
          serviceCode: parcel.serviceCode,
          weight: parcel.weight,
          sendingDepot: parcel.sendingDepot,
        },
        [{ status: 'DataReceived', at: parcel.transferredAt, place: { depot: parcel.sendingDepot }, index: 0 }],
        deps.timeZone,
        now,
      ),
    );
    added += await keepPushes(deps, made);
    await deps.pushes.writeCursor(batch.lastId);
    if (batch.lastId <= cursor) return added;
    cursor = batch.lastId;
  }
}
