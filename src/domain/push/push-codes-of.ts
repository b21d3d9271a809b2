// Which push code a scan event carries (README "Tracking push", the codes table): the journey's status
// word, read with what it says of where the parcel went — why an attempt failed, whether a delivered
// parcel was collected at a shop, why a parcel goes back. Pure.
import type { PushCode } from '../../contract/push-codes.ts';

/** What the code of an event depends on: its status word and the detail some words carry. */
export interface CodedEvent {
  readonly status: string;
  readonly reason?: string;
  readonly deliveredTo?: 'shop' | 'sender';
}

const BY_WORD: Readonly<Record<string, PushCode>> = Object.freeze({
  DataReceived: 'start_order',
  PickupFailure: 'error_pickup',
  PickedUp: 'pickup_driver',
  BetweenDepots: 'pickup_depot',
  CustomsCleared: 'pickup_depot',
  Depot: 'delivery_depot',
  ReturningFromDelivery: 'delivery_depot',
  Courier: 'delivery_carload',
  DeliveryFailure: 'delivery_nab',
  CustomsHold: 'delivery_notification',
  Damaged: 'delivery_notification',
  Investigation: 'delivery_notification',
  Lost: 'delivery_notification',
  ParcelShop: 'delivery_shop',
  Delivered: 'delivery_customer',
  ReturningToSender: 'error_return',
  ReturnedToSender: 'error_return',
});

/** The push code of an event; undefined for a word that is no scan (none of the journeys' words). */
export function pushCodeOf(event: CodedEvent): PushCode | undefined {
  if (event.status === 'DeliveryFailure' && event.reason === 'refused') return 'delivery_notification';
  if (event.status === 'Delivered' && event.deliveredTo === 'shop') return 'pickup_by_consignee';
  if (event.status === 'ReturningToSender' && event.reason === 'not_collected') return 'no_pickup_by_consignee';
  return Object.hasOwn(BY_WORD, event.status) ? BY_WORD[event.status] : undefined;
}
