// Pickup orders and collection requests: the pickup object by order type, quantity, a real business
// date from today on with its weekday in `day`, real hhmm windows, the collection address, a pickup
// order alone in its request, and the operator's approval on live. Dates are relative to TODAY (Monday 23 November 2026).
import {
  addDays,
  collectionRequest,
  dayOf,
  duplicate,
  edit,
  get,
  merge,
  minimumOrder,
  minimumRequest,
  NEXT_BUSINESS_DAY,
  pickupRequest,
  remove,
  set,
  TODAY,
} from '../fixtures/requests.ts';
import { fails, PICKUP, SERVICES, type RuleCase } from './run-cases.ts';

const CRA = `${PICKUP}.collectionRequestAddress`;
/** A pickup order on `date`, its `day` right. */
const pickupOn = (date: number | string) => edit(pickupRequest(), merge(PICKUP, { date, day: dayOf(Number(date)) }));
const times = (fields: Record<string, number | string | null>) => edit(pickupRequest(), merge(PICKUP, fields));
const collectionAddress = {
  name1: 'Leverancier BV',
  street: 'Industrieweg',
  houseNo: '7',
  country: 'NL',
  zipCode: '3542AD',
  city: 'Utrecht',
  phone: '+31301234567',
};
const SATURDAY = addDays(TODAY, 5);
const CHRISTMAS = 20261225;

export const pickupCases: readonly RuleCase[] = [
  { rule: 'pickup by order type', name: 'a pickup order passes', request: pickupRequest(), expect: [] },
  { rule: 'a pickup order is a request of its own', name: 'one pickup order alone passes', request: pickupRequest(), expect: [] },
  {
    rule: 'a pickup order is a request of its own',
    name: 'a consignment and a collection request together pass',
    request: edit(collectionRequest(), set('order[1]', minimumOrder())),
    expect: [],
  },
  {
    rule: 'a pickup order is a request of its own',
    name: 'a pickup order after a consignment is refused',
    request: edit(minimumRequest(), set('order[1]', get(pickupRequest(), 'order[0]'))),
    expect: [fails('error_pickup_order_not_alone', 'order[1].productAndServiceData.orderType')],
  },
  {
    rule: 'a pickup order is a request of its own',
    name: 'a pickup order before a collection request is refused',
    request: edit(pickupRequest(), set('order[1]', get(collectionRequest(), 'order[0]'))),
    expect: [fails('error_pickup_order_not_alone', `${SERVICES}.orderType`)],
  },
  {
    rule: 'a pickup order is a request of its own',
    name: 'two pickup orders in one request are refused, each',
    request: edit(pickupRequest(), duplicate('order[0]')),
    expect: [
      fails('error_pickup_order_not_alone', `${SERVICES}.orderType`),
      fails('error_pickup_order_not_alone', 'order[1].productAndServiceData.orderType'),
    ],
  },
  { rule: 'pickup by order type', name: 'a collection request passes', request: collectionRequest(), expect: [] },
  {
    rule: 'pickup by order type',
    name: 'a pickup order without pickup is refused',
    request: edit(pickupRequest(), remove(PICKUP)),
    expect: [fails('error_pickup_required', PICKUP)],
  },
  {
    rule: 'pickup by order type',
    name: 'a collection request without pickup is refused',
    request: edit(collectionRequest(), remove(PICKUP)),
    expect: [fails('error_pickup_required', PICKUP)],
  },
  {
    rule: 'pickup by order type',
    name: 'a consignment with pickup is refused',
    request: edit(minimumRequest(), set(PICKUP, { quantity: 1, date: NEXT_BUSINESS_DAY, day: dayOf(NEXT_BUSINESS_DAY) })),
    expect: [fails('error_pickup_not_allowed', PICKUP)],
  },

  {
    rule: 'collectionRequestAddress: collection requests only',
    name: 'on a collection request passes',
    request: collectionRequest(),
    expect: [],
  },
  {
    rule: 'collectionRequestAddress: collection requests only',
    name: 'missing on a collection request is refused',
    request: edit(collectionRequest(), remove(CRA)),
    expect: [fails('error_collection_request_address_required', CRA)],
  },
  {
    rule: 'collectionRequestAddress: collection requests only',
    name: 'on a pickup order is refused',
    request: edit(pickupRequest(), set(CRA, collectionAddress)),
    expect: [fails('error_collection_request_address_not_allowed', CRA)],
  },
  {
    rule: 'collectionRequestAddress: collection requests only',
    name: 'without a street is refused',
    request: edit(collectionRequest(), remove(`${CRA}.street`)),
    expect: [fails('error_missing_field', `${CRA}.street`)],
  },

  { rule: 'quantity 1 to 99999', name: '99999 passes', request: edit(pickupRequest(), set(`${PICKUP}.quantity`, 99999)), expect: [] },
  {
    rule: 'quantity 1 to 99999',
    name: '100000 is refused',
    request: edit(pickupRequest(), set(`${PICKUP}.quantity`, 100000)),
    expect: [fails('error_value_too_large', `${PICKUP}.quantity`)],
  },
  {
    rule: 'quantity 1 to 99999',
    name: '0 is refused',
    request: edit(pickupRequest(), set(`${PICKUP}.quantity`, 0)),
    expect: [fails('error_value_too_small', `${PICKUP}.quantity`)],
  },
  {
    rule: 'quantity 1 to 99999',
    name: 'a missing quantity is refused',
    request: edit(pickupRequest(), remove(`${PICKUP}.quantity`)),
    expect: [fails('error_missing_field', `${PICKUP}.quantity`)],
  },

  { rule: 'date: a real YYYYMMDD business day, today or later', name: 'today passes', request: pickupOn(TODAY), expect: [] },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: 'a digit string passes',
    request: pickupOn(String(NEXT_BUSINESS_DAY)),
    expect: [],
  },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: 'the Monday after a weekend passes',
    request: pickupOn(addDays(TODAY, 7)),
    expect: [],
  },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: 'yesterday is refused',
    request: pickupOn(addDays(TODAY, -1)),
    expect: [fails('error_pickup_date_in_past', `${PICKUP}.date`)],
  },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: 'a Saturday is refused',
    request: pickupOn(SATURDAY),
    expect: [fails('error_pickup_date_not_business_day', `${PICKUP}.date`)],
  },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: 'a holiday (Christmas, a Friday) is refused',
    request: pickupOn(CHRISTMAS),
    expect: [fails('error_pickup_date_not_business_day', `${PICKUP}.date`)],
  },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: '31 November is refused',
    request: edit(pickupRequest(), set(`${PICKUP}.date`, 20261131)),
    expect: [fails('error_invalid_date', `${PICKUP}.date`)],
  },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: 'DDMMYYYY is refused',
    request: edit(pickupRequest(), set(`${PICKUP}.date`, 24112026)),
    expect: [fails('error_invalid_date', `${PICKUP}.date`)],
  },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: 'a dashed date is refused',
    request: edit(pickupRequest(), set(`${PICKUP}.date`, '2026-11-24')),
    expect: [fails('error_invalid_type', `${PICKUP}.date`)],
  },
  {
    rule: 'date: a real YYYYMMDD business day, today or later',
    name: 'a missing date is refused',
    request: edit(pickupRequest(), remove(`${PICKUP}.date`)),
    expect: [fails('error_missing_field', `${PICKUP}.date`)],
  },

  {
    rule: 'day: 0 to 6, the weekday of date',
    name: 'Tuesday 2 for Tuesday 24 November passes',
    request: edit(pickupRequest(), set(`${PICKUP}.day`, 2)),
    expect: [],
  },
  {
    rule: 'day: 0 to 6, the weekday of date',
    name: 'Wednesday 3 for a Tuesday is refused',
    request: edit(pickupRequest(), set(`${PICKUP}.day`, 3)),
    expect: [fails('error_pickup_day_mismatch', `${PICKUP}.day`)],
  },
  {
    rule: 'day: 0 to 6, the weekday of date',
    name: 'Sunday 0 for a Tuesday is refused',
    request: edit(pickupRequest(), set(`${PICKUP}.day`, 0)),
    expect: [fails('error_pickup_day_mismatch', `${PICKUP}.day`)],
  },
  {
    rule: 'day: 0 to 6, the weekday of date',
    name: '7 is refused',
    request: edit(pickupRequest(), set(`${PICKUP}.day`, 7)),
    expect: [fails('error_value_too_large', `${PICKUP}.day`)],
  },
  {
    rule: 'day: 0 to 6, the weekday of date',
    name: 'a missing day is refused',
    request: edit(pickupRequest(), remove(`${PICKUP}.day`)),
    expect: [fails('error_missing_field', `${PICKUP}.day`)],
  },

  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: 'no times on a pickup order pass',
    request: times({ fromTime1: null, toTime1: null }),
    expect: [],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: '0000 to 2400 passes',
    request: times({ fromTime1: 0, toTime1: 2400 }),
    expect: [],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: 'digit strings "0830" to "1159" pass',
    request: times({ fromTime1: '0830', toTime1: '1159' }),
    expect: [],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: 'two windows on a collection request pass',
    request: collectionRequest(),
    expect: [],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: '0860 is refused',
    request: times({ fromTime1: 860 }),
    expect: [fails('error_invalid_time', `${PICKUP}.fromTime1`)],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: '2400 as a from-time is refused',
    request: times({ fromTime1: 2400, toTime1: 2400 }),
    expect: [fails('error_invalid_time', `${PICKUP}.fromTime1`)],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: '2401 is refused',
    request: times({ toTime1: 2401 }),
    expect: [fails('error_value_too_large', `${PICKUP}.toTime1`)],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: '1700 to 0900 is refused',
    request: times({ fromTime1: 1700, toTime1: 900 }),
    expect: [fails('error_time_range', `${PICKUP}.fromTime1`)],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: 'an empty window 0900 to 0900 is refused',
    request: times({ fromTime1: 900, toTime1: 900 }),
    expect: [fails('error_time_range', `${PICKUP}.fromTime1`)],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: 'a from-time without a to-time is refused',
    request: times({ toTime1: null }),
    expect: [fails('error_pickup_time_incomplete', `${PICKUP}.toTime1`)],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: 'a second window without its from-time is refused',
    request: edit(collectionRequest(), remove(`${PICKUP}.fromTime2`)),
    expect: [fails('error_pickup_time_incomplete', `${PICKUP}.fromTime2`)],
  },
  {
    rule: 'times: hhmm, minutes below 60, 2400 only as an end, from before to',
    name: 'a negative time is refused',
    request: times({ fromTime1: -100 }),
    expect: [fails('error_value_too_small', `${PICKUP}.fromTime1`)],
  },
  {
    rule: 'times: the second window follows the first',
    name: '0900–1200 then 1200–1700 pass',
    request: edit(
      collectionRequest(),
      set(`${PICKUP}.fromTime1`, 900),
      set(`${PICKUP}.toTime1`, 1200),
      set(`${PICKUP}.fromTime2`, 1200),
      set(`${PICKUP}.toTime2`, 1700),
    ),
    expect: [],
  },
  {
    rule: 'times: the second window follows the first',
    name: 'overlapping windows 0900–1300 and 1200–1800 are refused',
    request: edit(
      collectionRequest(),
      set(`${PICKUP}.fromTime1`, 900),
      set(`${PICKUP}.toTime1`, 1300),
      set(`${PICKUP}.fromTime2`, 1200),
      set(`${PICKUP}.toTime2`, 1800),
    ),
    expect: [fails('error_time_windows_overlap', `${PICKUP}.fromTime2`)],
  },
  {
    rule: 'times: the second window follows the first',
    name: 'swapped windows 1400–1800 then 0900–1200 are refused',
    request: edit(
      collectionRequest(),
      set(`${PICKUP}.fromTime1`, 1400),
      set(`${PICKUP}.toTime1`, 1800),
      set(`${PICKUP}.fromTime2`, 900),
      set(`${PICKUP}.toTime2`, 1200),
    ),
    expect: [fails('error_time_windows_overlap', `${PICKUP}.fromTime2`)],
  },

  {
    rule: "live without the operator's approval",
    name: 'a consignment passes',
    request: minimumRequest(),
    context: { pickupAllowed: false },
    expect: [],
  },
  {
    rule: "live without the operator's approval",
    name: 'a pickup order is refused',
    request: pickupRequest(),
    context: { pickupAllowed: false },
    expect: [fails('error_pickup_not_approved', `${SERVICES}.orderType`)],
  },
  {
    rule: "live without the operator's approval",
    name: 'a collection request is refused',
    request: collectionRequest(),
    context: { pickupAllowed: false },
    expect: [fails('error_pickup_not_approved', `${SERVICES}.orderType`)],
  },
];
