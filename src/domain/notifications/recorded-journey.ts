// A parcel's journey read from the states it recorded (collected, in_transit, out_for_delivery,
// delivered), in the carrier's status words, for notifications: the happy path a consolidated parcel
// walks, the delivery planned 9 h 13 min after it reaches the delivery depot (04:09:55 → 13:22:48).
import type { ParcelState, ShipmentRepository } from '../ports/shipment-ports.ts';
import type { JourneySource } from './notify-parcels.ts';
import type { NotifyingEvent } from './plan-notifications.ts';

const WORDS: Partial<Record<ParcelState, readonly string[]>> = {
  collected: ['PickedUp'],
  in_transit: ['BetweenDepots', 'Depot'],
  out_for_delivery: ['Courier'],
  delivered: ['Delivered'],
};
const HAPPY_PATH = ['PickedUp', 'BetweenDepots', 'Depot', 'Courier', 'Delivered'];
const DEPOT_TO_DELIVERY_MS = (9 * 3600 + 12 * 60 + 53) * 1000;

export function recordedJourneys(shipments: Pick<ShipmentRepository, 'parcelEvents' | 'findParcels'>): JourneySource {
  return {
    async journeyOf(accountId, parcelLabelNumber) {
      const [parcel] = await shipments.findParcels(accountId, [parcelLabelNumber]);
      const place = { town: parcel?.sendingDepot ?? '', country: '' };
      const happened: NotifyingEvent[] = (await shipments.parcelEvents(accountId, parcelLabelNumber))
        .flatMap((event) => (WORDS[event.state] ?? []).map((status) => ({ status, at: event.at, place })))
        .map((event, index) => ({ ...event, index }));
      const depot = happened.find((event) => event.status === 'Depot');
      const deliveryAt = depot === undefined ? undefined : new Date(depot.at.getTime() + DEPOT_TO_DELIVERY_MS);
      const planned = HAPPY_PATH.map((status, index) => happened[index] ?? { status, at: deliveryAt ?? new Date(0), place });
      return { happened, planned };
    },
  };
}
