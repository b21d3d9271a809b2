// Rules for pickup orders and collection requests (spec "Pickup order", "Collection request";
// docs/decisions.md "Where the specification is silent": day is the weekday of date, date is a business day from today, real hhmm times).
import type { DeepPartial } from '../contract/schema/model.ts';
import type { PickupData } from '../contract/shipment-service/shipment-requests.ts';
import { firstBusinessDayFrom, isBusinessDay, readDate, weekday, weekdayNames } from './calendar.ts';
import { violation, type OrderRule, type RequestRule, type Violation } from './violation.ts';

const WINDOWS = [
  ['fromTime1', 'toTime1'],
  ['fromTime2', 'toTime2'],
] as const;

const pad = (time: number) => String(time).padStart(4, '0');

/** A real hhmm time: minutes below 60; 2400 only as an end of a window. */
function isClockTime(time: number, isEnd: boolean): boolean {
  if (time === 2400) return isEnd;
  return time >= 0 && time < 2400 && time % 100 < 60;
}

/** The windows fromTime1–toTime1 and fromTime2–toTime2 of a pickup or a shop's opening day: real times, both ends, in order. */
export function checkTimes(
  pickup: DeepPartial<Pick<PickupData, 'fromTime1' | 'toTime1' | 'fromTime2' | 'toTime2'>>,
  path: string,
): Violation[] {
  const out: Violation[] = [];
  for (const [fromKey, toKey] of WINDOWS) {
    const from = pickup[fromKey];
    const to = pickup[toKey];
    let valid = true;
    for (const [key, time, isEnd] of [
      [fromKey, from, false],
      [toKey, to, true],
    ] as const) {
      if (time !== undefined && !isClockTime(time, isEnd)) {
        out.push(violation('error_invalid_time', `${path}.${key}`, { value: pad(time) }));
        valid = false;
      }
    }
    if ((from === undefined) !== (to === undefined)) {
      out.push(violation('error_pickup_time_incomplete', `${path}.${from === undefined ? fromKey : toKey}`));
    } else if (valid && from !== undefined && to !== undefined && from >= to) {
      out.push(violation('error_time_range', `${path}.${fromKey}`, { from: pad(from), to: pad(to) }));
    }
  }
  // The second window follows the first: 0900–1300 and 1200–1800 overlap, 1400–1800 then 0900–1200 swap them.
  const { toTime1, fromTime2 } = pickup;
  if (out.length === 0 && toTime1 !== undefined && fromTime2 !== undefined && fromTime2 < toTime1) {
    out.push(violation('error_time_windows_overlap', `${path}.fromTime2`, { from: pad(fromTime2), to: pad(toTime1) }));
  }
  return out;
}

export const checkPickup: OrderRule = (order, at, context) => {
  const psd = order.productAndServiceData;
  const orderType = psd?.orderType;
  if (psd === undefined || orderType === undefined) return [];
  const base = `${at}.productAndServiceData`;
  const path = `${base}.pickup`;
  const pickup = psd.pickup;
  if (orderType === 'consignment') {
    return pickup === undefined ? [] : [violation('error_pickup_not_allowed', path)];
  }
  const out: Violation[] = [];
  if (!context.pickupAllowed) out.push(violation('error_pickup_not_approved', `${base}.orderType`));
  if (pickup === undefined) return [...out, violation('error_pickup_required', path, { orderType })];
  const isCollection = orderType === 'collection request order';
  if (isCollection && pickup.collectionRequestAddress === undefined) {
    out.push(violation('error_collection_request_address_required', `${path}.collectionRequestAddress`));
  }
  if (!isCollection && pickup.collectionRequestAddress !== undefined) {
    out.push(violation('error_collection_request_address_not_allowed', `${path}.collectionRequestAddress`));
  }
  if (pickup.date !== undefined) {
    if (readDate(pickup.date) === undefined) {
      out.push(violation('error_invalid_date', `${path}.date`, { value: pickup.date }));
    } else {
      if (pickup.date < context.today) {
        out.push(
          violation('error_pickup_date_in_past', `${path}.date`, {
            value: pickup.date,
            earliest: firstBusinessDayFrom(context.today, context.holidays),
          }),
        );
      } else if (!isBusinessDay(pickup.date, context.holidays))
        out.push(violation('error_pickup_date_not_business_day', `${path}.date`, { value: pickup.date }));
      const actual = weekday(pickup.date);
      if (pickup.day !== undefined && pickup.day !== actual) {
        out.push(
          violation('error_pickup_day_mismatch', `${path}.day`, {
            value: pickup.day,
            date: pickup.date,
            weekday: weekdayNames[actual],
            expected: actual,
          }),
        );
      }
    }
  }
  out.push(...checkTimes(pickup, path));
  return out;
};

/**
 * A pickup order is "a separate request" (spec "Pickup order" 1): alone, without consignments,
 * collection requests or a second pickup order. It is final and charged once accepted, and its answer
 * is only the `mpsId`, so nothing else may ride along with it.
 */
export const checkPickupOrderAlone: RequestRule = (request) => {
  const orders = request.order ?? [];
  if (orders.length < 2) return [];
  const out: Violation[] = [];
  orders.forEach((order, i) => {
    if (order?.productAndServiceData?.orderType === 'pickup information') {
      out.push(violation('error_pickup_order_not_alone', `order[${i}].productAndServiceData.orderType`, { count: orders.length }));
    }
  });
  return out;
};
