// Parcel rules: parcels by order type, how many, return-parcel placement, one parcel per order to the UK, the
// weight limit, the ParcelLetter maximum, at most four hazardous entries.
import {
  collectionRequest,
  duplicate,
  edit,
  fromUkRequest,
  merge,
  minimumParcel,
  minimumRequest,
  pickupRequest,
  remove,
  returnRequest,
  set,
  switzerlandRequest,
  ukRequest,
  type JsonObject,
} from '../fixtures/requests.ts';
import { fails, ORDER, PARCEL, type RuleCase } from './run-cases.ts';

const PARCELS = `${ORDER}.parcels`;
const out = (): JsonObject => minimumParcel();
const ret = (): JsonObject => ({ customerReferenceNumber1: 'RETURN', weight: 500, returns: true });
const withParcels = (...parcels: JsonObject[]) => edit(minimumRequest(), set(PARCELS, parcels));
const hazardous = {
  identificationUnNo: '1845',
  identificationClass: '9',
  packingCode: 'P003',
  description: 'Dry ice',
  hazardousWeight: 2.5,
  factor: 1,
};
const parcelLetter = (weight: number, volume?: string) =>
  edit(minimumRequest(), set('order[0].generalShipmentData.product', 'PL'), merge(PARCEL, { weight, volume: volume ?? null }));

export const parcelCases: readonly RuleCase[] = [
  { rule: 'parcels omitted for a pickup order', name: 'a pickup order without parcels passes', request: pickupRequest(), expect: [] },
  {
    rule: 'parcels omitted for a pickup order',
    name: 'parcels null counts as omitted',
    request: edit(pickupRequest(), set(PARCELS, null)),
    expect: [],
  },
  {
    rule: 'parcels omitted for a pickup order',
    name: 'an empty list is not omitted and is refused',
    request: edit(pickupRequest(), set(PARCELS, [])),
    expect: [fails('error_parcels_not_allowed_for_pickup_order', PARCELS)],
  },
  {
    rule: 'parcels omitted for a pickup order',
    name: 'a pickup order with a parcel is refused',
    request: edit(pickupRequest(), set(PARCELS, [out()])),
    expect: [fails('error_parcels_not_allowed_for_pickup_order', PARCELS)],
  },

  { rule: 'at least one parcel for a consignment or collection request', name: 'one parcel passes', request: minimumRequest(), expect: [] },
  {
    rule: 'at least one parcel for a consignment or collection request',
    name: 'a consignment without parcels is refused',
    request: edit(minimumRequest(), remove(PARCELS)),
    expect: [fails('error_parcel_required', PARCELS)],
  },
  {
    rule: 'at least one parcel for a consignment or collection request',
    name: 'a collection request without parcels is refused',
    request: edit(collectionRequest(), set(PARCELS, [])),
    expect: [fails('error_parcel_required', PARCELS)],
  },

  {
    rule: 'a return parcel is the only one or directly follows an outbound one',
    name: '[out, ret] passes',
    request: returnRequest(),
    expect: [],
  },
  {
    rule: 'a return parcel is the only one or directly follows an outbound one',
    name: '[out, ret, out, ret] passes',
    request: withParcels(out(), ret(), out(), ret()),
    expect: [],
  },
  {
    rule: 'a return parcel is the only one or directly follows an outbound one',
    name: '[ret] passes',
    request: withParcels(ret()),
    expect: [],
  },
  {
    rule: 'a return parcel is the only one or directly follows an outbound one',
    name: '[out, out, ret] passes',
    request: withParcels(out(), out(), ret()),
    expect: [],
  },
  {
    rule: 'a return parcel is the only one or directly follows an outbound one',
    name: '[ret, out] is refused',
    request: withParcels(ret(), out()),
    expect: [fails('error_return_parcel_position', `${PARCELS}[0]`)],
  },
  {
    rule: 'a return parcel is the only one or directly follows an outbound one',
    name: '[out, ret, ret] is refused',
    request: withParcels(out(), ret(), ret()),
    expect: [fails('error_return_parcel_position', `${PARCELS}[2]`)],
  },
  {
    rule: 'a return parcel is the only one or directly follows an outbound one',
    name: '[ret, ret] is refused twice',
    request: withParcels(ret(), ret()),
    expect: [fails('error_return_parcel_position', `${PARCELS}[0]`), fails('error_return_parcel_position', `${PARCELS}[1]`)],
  },

  {
    rule: 'at most maxParcelsPerOrder parcels (operator value, default 100)',
    name: '100 parcels pass',
    request: withParcels(...Array.from({ length: 100 }, out)),
    expect: [],
  },
  {
    rule: 'at most maxParcelsPerOrder parcels (operator value, default 100)',
    name: '101 parcels are refused',
    request: withParcels(...Array.from({ length: 101 }, out)),
    expect: [fails('error_too_many_parcels', PARCELS)],
  },
  // Beyond the ceiling no operator value can raise, the list is refused unread: 20,000 parcels each with a
  // wrong weight give one problem, not 20,000 (a request body's worth of parcels decoded for nothing).
  {
    rule: 'at most maxParcelsPerOrder parcels (operator value, default 100)',
    name: '20,000 parcels, beyond the 1,000 no operator can raise, are refused once, before each is read',
    request: withParcels(...Array.from({ length: 20_000 }, () => ({ ...out(), weight: 'heavy' }))),
    expect: [fails('error_too_many_parcels', PARCELS)],
  },

  { rule: 'one parcel per order to the UK', name: 'one parcel NL→GB passes', request: ukRequest(), expect: [] },
  {
    rule: 'one parcel per order to the UK',
    name: 'two parcels DE→CH pass',
    request: edit(switzerlandRequest(), duplicate(PARCEL)),
    expect: [],
  },
  {
    rule: 'one parcel per order to the UK',
    name: 'two parcels GB→NL pass (from the UK)',
    request: edit(fromUkRequest(), duplicate(PARCEL)),
    expect: [],
  },
  {
    rule: 'one parcel per order to the UK',
    name: 'two parcels NL→GB are refused',
    request: edit(ukRequest(), duplicate(PARCEL)),
    expect: [fails('error_multiple_parcels_to_uk', PARCELS)],
  },
  {
    rule: 'one parcel per order to the UK',
    name: 'an outbound and a return parcel NL→GB are refused',
    request: edit(ukRequest(), duplicate(PARCEL), set(`${PARCELS}[1].returns`, true)),
    expect: [fails('error_multiple_parcels_to_uk', PARCELS)],
  },

  { rule: 'weight: 1 to 3150 decagrams', name: '3150 passes', request: edit(minimumRequest(), set(`${PARCEL}.weight`, 3150)), expect: [] },
  { rule: 'weight: 1 to 3150 decagrams', name: '1 passes', request: edit(minimumRequest(), set(`${PARCEL}.weight`, 1)), expect: [] },
  {
    rule: 'weight: 1 to 3150 decagrams',
    name: "3151 is refused with the spec's code",
    request: edit(minimumRequest(), set(`${PARCEL}.weight`, 3151)),
    expect: [fails('error_parcel_exceeds_maximum_allowed_weight', `${PARCEL}.weight`)],
  },
  {
    rule: 'weight: 1 to 3150 decagrams',
    name: '0 is refused',
    request: edit(minimumRequest(), set(`${PARCEL}.weight`, 0)),
    expect: [fails('error_value_too_small', `${PARCEL}.weight`)],
  },
  {
    rule: 'weight: 1 to 3150 decagrams',
    name: 'a missing weight is refused',
    request: edit(minimumRequest(), remove(`${PARCEL}.weight`)),
    expect: [fails('error_missing_field', `${PARCEL}.weight`)],
  },
  {
    rule: 'weight: 1 to 3150 decagrams',
    name: '3000000000, beyond xs:int, is refused with the weight code too',
    request: edit(minimumRequest(), set(`${PARCEL}.weight`, 3000000000)),
    expect: [fails('error_parcel_exceeds_maximum_allowed_weight', `${PARCEL}.weight`)],
  },
  {
    rule: 'weight: 1 to 3150 decagrams',
    name: "the second parcel's path is named",
    request: edit(returnRequest(), set(`${PARCELS}[1].weight`, 5000)),
    expect: [fails('error_parcel_exceeds_maximum_allowed_weight', `${PARCELS}[1].weight`)],
  },

  { rule: 'ParcelLetter within its maximum', name: '1 kg, 35 × 25 × 3 cm passes', request: parcelLetter(100, '035025003'), expect: [] },
  // Spec "Products and services": ParcelLetter's additional fields are `volume` and `weight` within the maximum; without a volume its size is unknown.
  {
    rule: 'ParcelLetter within its maximum',
    name: 'without a volume, even 1 kg is refused',
    request: parcelLetter(100),
    expect: [fails('error_parcel_letter_volume_required', `${PARCEL}.volume`)],
  },
  {
    rule: 'ParcelLetter within its maximum',
    name: '1.01 kg is refused',
    request: parcelLetter(101, '035025003'),
    expect: [fails('error_invalid_parcel_letter', PARCEL)],
  },
  {
    rule: 'ParcelLetter within its maximum',
    name: '4 cm high is refused',
    request: parcelLetter(100, '035025004'),
    expect: [fails('error_invalid_parcel_letter', PARCEL)],
  },

  {
    rule: 'hazardous: at most 4 entries',
    name: '4 entries pass',
    request: edit(minimumRequest(), set(`${PARCEL}.hazardous`, [hazardous, hazardous, hazardous, hazardous])),
    expect: [],
  },
  {
    rule: 'hazardous: at most 4 entries',
    name: '5 entries are refused',
    request: edit(minimumRequest(), set(`${PARCEL}.hazardous`, [hazardous, hazardous, hazardous, hazardous, hazardous])),
    expect: [fails('error_too_many_entries', `${PARCEL}.hazardous`)],
  },
  {
    rule: 'hazardous: at most 4 entries',
    name: 'an entry without its UN number is refused',
    request: edit(minimumRequest(), set(`${PARCEL}.hazardous`, [{ ...hazardous, identificationUnNo: null }])),
    expect: [fails('error_missing_field', `${PARCEL}.hazardous[0].identificationUnNo`)],
  },

  {
    rule: 'info1 printed on collection labels',
    name: '30 characters pass',
    request: edit(collectionRequest(), set(`${PARCEL}.info1`, 'i'.repeat(30))),
    expect: [],
  },
  {
    rule: 'info1 printed on collection labels',
    name: '31 characters are refused',
    request: edit(collectionRequest(), set(`${PARCEL}.info1`, 'i'.repeat(31))),
    expect: [fails('error_field_too_long', `${PARCEL}.info1`)],
  },
];
