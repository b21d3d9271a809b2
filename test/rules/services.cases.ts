// Products and the service table (spec "Products and services"): shop delivery (to a shop of the
// directory that offers it) and shop return,
// Saturday and age check by product, both Express value sets, tyres, cash on delivery, insurance.
import { readFileSync } from 'node:fs';
import type { ParcelShopEntryData, ParcelShopService } from '../../src/contract/parcel-shop-finder-service.ts';
import { duplicate, edit, merge, minimumRequest, remove, set, shopDeliveryRequest, shopReturnRequest } from '../fixtures/requests.ts';
import { fails, GSD, PARCEL, SERVICES, type RuleCase } from './run-cases.ts';

const product = (code: string) => edit(minimumRequest(), set(`${GSD}.product`, code));
const SHOP = `${SERVICES}.parcelShopDelivery`;
/** Shops of the directory by id, each with the services it offers. */
const directory = (shops: Readonly<Record<number, readonly ParcelShopService[]>>) =>
  new Map(Object.entries(shops).map(([id, services]) => [Number(id), new Set(services)]));
/** The directory of docs/parcel-shops.sample.json, as the rule context holds it once imported. */
const sampleDirectory = directory(
  Object.fromEntries(
    (JSON.parse(readFileSync(new URL('../../docs/parcel-shops.sample.json', import.meta.url), 'utf8')) as ParcelShopEntryData[]).map(
      (shop) => [shop.parcelShopId, (shop.availableService ?? []) as readonly ParcelShopService[]],
    ),
  ),
);
const toShop = (parcelShopId: string) => edit(shopDeliveryRequest(), set(`${SERVICES}.parcelShopDelivery.parcelShopId`, parcelShopId));
const cod = { amount: 2500, currency: 'EUR', inkasso: 0, purpose: 'Order 4711', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' };

export const serviceCases: readonly RuleCase[] = [
  { rule: 'product: one of the table', name: 'B2B passes', request: minimumRequest(), expect: [] },
  { rule: 'product: one of the table', name: 'B2C passes', request: product('B2C'), expect: [] },
  { rule: 'product: one of the table', name: 'B2BTyre passes', request: product('B2BTyre'), expect: [] },
  { rule: 'product: one of the table', name: 'B2CTyre passes', request: product('B2CTyre'), expect: [] },
  {
    rule: 'product: one of the table',
    name: 'XYZ is refused',
    request: product('XYZ'),
    expect: [fails('error_invalid_product', `${GSD}.product`)],
  },
  {
    rule: 'product: one of the table',
    name: 'b2b in lower case is refused',
    request: product('b2b'),
    expect: [fails('error_invalid_product', `${GSD}.product`)],
  },
  {
    rule: 'product: one of the table',
    name: 'a missing product is refused',
    request: edit(minimumRequest(), remove(`${GSD}.product`)),
    expect: [fails('error_missing_field', `${GSD}.product`)],
  },

  { rule: 'Express: both value sets', name: 'E830 passes', request: product('E830'), expect: [] },
  { rule: 'Express: both value sets', name: 'E10 passes', request: product('E10'), expect: [] },
  { rule: 'Express: both value sets', name: 'E12 passes', request: product('E12'), expect: [] },
  { rule: 'Express: both value sets', name: 'PM2 passes', request: product('PM2'), expect: [] },
  { rule: 'Express: both value sets', name: 'AM0 (= E830) passes', request: product('AM0'), expect: [] },
  { rule: 'Express: both value sets', name: 'AM1 (= E10) passes', request: product('AM1'), expect: [] },
  { rule: 'Express: both value sets', name: 'AM2 (= E12) passes', request: product('AM2'), expect: [] },
  {
    rule: 'Express: both value sets',
    name: 'AM3 is refused',
    request: product('AM3'),
    expect: [fails('error_invalid_product', `${GSD}.product`)],
  },
  {
    rule: 'Express: both value sets',
    name: 'E18 is refused',
    request: product('E18'),
    expect: [fails('error_invalid_product', `${GSD}.product`)],
  },

  { rule: 'PSD needs parcelShopDelivery, and only PSD has it', name: 'PSD with a shop passes', request: shopDeliveryRequest(), expect: [] },
  {
    rule: 'PSD needs parcelShopDelivery, and only PSD has it',
    name: 'parcelShopId as a number passes',
    request: edit(shopDeliveryRequest(), set(`${SHOP}.parcelShopId`, 123456789)),
    expect: [],
  },
  {
    rule: 'PSD needs parcelShopDelivery, and only PSD has it',
    name: 'PSD without a shop is refused',
    request: edit(shopDeliveryRequest(), remove(SHOP)),
    expect: [fails('error_parcel_shop_delivery_required', SHOP)],
  },
  {
    rule: 'PSD needs parcelShopDelivery, and only PSD has it',
    name: 'B2C with a shop is refused',
    request: edit(shopDeliveryRequest(), set(`${GSD}.product`, 'B2C')),
    expect: [fails('error_parcel_shop_delivery_not_allowed', SHOP)],
  },
  {
    rule: 'PSD needs parcelShopDelivery, and only PSD has it',
    name: 'a parcelShopId with a letter is refused',
    request: edit(shopDeliveryRequest(), set(`${SHOP}.parcelShopId`, '12345678A')),
    expect: [fails('error_invalid_field_format', `${SHOP}.parcelShopId`)],
  },
  {
    rule: 'PSD needs parcelShopDelivery, and only PSD has it',
    name: 'a parcelShopId of 10 digits is refused',
    request: edit(shopDeliveryRequest(), set(`${SHOP}.parcelShopId`, '1234567890')),
    expect: [fails('error_field_too_long', `${SHOP}.parcelShopId`)],
  },
  {
    rule: 'parcelShopId names a shop of the directory once it has any',
    name: 'any id passes while the directory is empty',
    request: shopDeliveryRequest(),
    context: { parcelShops: undefined },
    expect: [],
  },
  {
    rule: 'parcelShopId names a shop of the directory once it has any',
    name: 'a shop of the directory passes',
    request: shopDeliveryRequest(),
    context: { parcelShops: directory({ 123456789: ['parcelShopDelivery'] }) },
    expect: [],
  },
  {
    rule: 'parcelShopId names a shop of the directory once it has any',
    name: 'a leading zero names the same shop',
    request: edit(shopDeliveryRequest(), set(`${SHOP}.parcelShopId`, '012345678')),
    context: { parcelShops: directory({ 12345678: ['parcelShopDelivery', 'returns'] }) },
    expect: [],
  },
  {
    rule: 'parcelShopId names a shop of the directory once it has any',
    name: 'a shop not in the directory is refused',
    request: shopDeliveryRequest(),
    context: { parcelShops: directory({ 987654321: ['parcelShopDelivery'] }) },
    expect: [fails('error_parcel_shop_unknown', `${SHOP}.parcelShopId`)],
  },
  {
    rule: "a PSD order's shop offers parcelShopDelivery",
    name: 'sample shop 100000001 (delivery, drop-off, returns) passes',
    request: toShop('100000001'),
    context: { parcelShops: sampleDirectory },
    expect: [],
  },
  {
    rule: "a PSD order's shop offers parcelShopDelivery",
    name: 'sample shop 100000006 (delivery and returns) passes',
    request: toShop('100000006'),
    context: { parcelShops: sampleDirectory },
    expect: [],
  },
  {
    rule: "a PSD order's shop offers parcelShopDelivery",
    name: 'sample shop 100000004 (drop-off and returns only) is refused',
    request: toShop('100000004'),
    context: { parcelShops: sampleDirectory },
    expect: [fails('error_parcel_shop_no_delivery', `${SHOP}.parcelShopId`)],
  },
  {
    rule: "a PSD order's shop offers parcelShopDelivery",
    name: 'sample shop 100000010 (drop-off only) is refused',
    request: toShop('100000010'),
    context: { parcelShops: sampleDirectory },
    expect: [fails('error_parcel_shop_no_delivery', `${SHOP}.parcelShopId`)],
  },
  {
    rule: "a PSD order's shop offers parcelShopDelivery",
    name: 'a shop listing no services is refused',
    request: shopDeliveryRequest(),
    context: { parcelShops: directory({ 123456789: [] }) },
    expect: [fails('error_parcel_shop_no_delivery', `${SHOP}.parcelShopId`)],
  },
  {
    rule: 'PSD needs parcelShopDelivery, and only PSD has it',
    name: 'a shop without its notification is refused',
    request: edit(shopDeliveryRequest(), remove(`${SHOP}.parcelShopNotification`)),
    expect: [fails('error_missing_field', `${SHOP}.parcelShopNotification`)],
  },

  { rule: 'RET needs return parcels', name: 'RET with returns true passes', request: shopReturnRequest(), expect: [] },
  {
    rule: 'RET needs return parcels',
    name: 'RET with two return parcels passes (the placement rule is for outbound orders)',
    request: edit(shopReturnRequest(), duplicate(PARCEL)),
    expect: [],
  },
  {
    rule: 'RET needs return parcels',
    name: 'RET with returns false is refused',
    request: edit(shopReturnRequest(), set('printOptions.paperFormat', 'A6'), set(`${PARCEL}.returns`, false)),
    expect: [fails('error_return_parcel_required', `${PARCEL}.returns`)],
  },
  {
    rule: 'RET needs return parcels',
    name: 'RET without returns is refused',
    request: edit(shopReturnRequest(), set('printOptions.paperFormat', 'A6'), remove(`${PARCEL}.returns`)),
    expect: [fails('error_return_parcel_required', `${PARCEL}.returns`)],
  },

  {
    rule: 'saturdayDelivery: Business and Home only',
    name: 'B2B on Saturday passes (103)',
    request: edit(minimumRequest(), set(`${SERVICES}.saturdayDelivery`, true)),
    expect: [],
  },
  {
    rule: 'saturdayDelivery: Business and Home only',
    name: 'B2C on Saturday passes (358)',
    request: edit(product('B2C'), set(`${SERVICES}.saturdayDelivery`, true)),
    expect: [],
  },
  {
    rule: 'saturdayDelivery: Business and Home only',
    name: 'saturdayDelivery false on Express passes',
    request: edit(product('E830'), set(`${SERVICES}.saturdayDelivery`, false)),
    expect: [],
  },
  {
    rule: 'saturdayDelivery: Business and Home only',
    name: 'Express E830 on Saturday is refused',
    request: edit(product('E830'), set(`${SERVICES}.saturdayDelivery`, true)),
    expect: [fails('error_saturday_delivery_not_available', `${SERVICES}.saturdayDelivery`)],
  },
  {
    rule: 'saturdayDelivery: Business and Home only',
    name: 'PSD on Saturday is refused',
    request: edit(shopDeliveryRequest(), set(`${SERVICES}.saturdayDelivery`, true)),
    expect: [fails('error_saturday_delivery_not_available', `${SERVICES}.saturdayDelivery`)],
  },
  {
    rule: 'saturdayDelivery: Business and Home only',
    name: 'ParcelLetter on Saturday is refused',
    request: edit(
      product('PL'),
      set(`${PARCEL}.weight`, 100),
      set(`${PARCEL}.volume`, '030020002'),
      set(`${SERVICES}.saturdayDelivery`, true),
    ),
    expect: [fails('error_saturday_delivery_not_available', `${SERVICES}.saturdayDelivery`)],
  },

  {
    rule: 'ageCheck: Business and Home, also on Saturday',
    name: 'B2B with age check passes (400)',
    request: edit(minimumRequest(), set(`${SERVICES}.ageCheck`, true)),
    expect: [],
  },
  {
    rule: 'ageCheck: Business and Home, also on Saturday',
    name: 'B2B with age check on Saturday passes (401)',
    request: edit(minimumRequest(), merge(SERVICES, { saturdayDelivery: true, ageCheck: true })),
    expect: [],
  },
  {
    rule: 'ageCheck: Business and Home, also on Saturday',
    name: 'B2C with age check passes (404)',
    request: edit(product('B2C'), set(`${SERVICES}.ageCheck`, true)),
    expect: [],
  },
  {
    rule: 'ageCheck: Business and Home, also on Saturday',
    name: 'B2C with age check on Saturday passes (431)',
    request: edit(product('B2C'), merge(SERVICES, { saturdayDelivery: true, ageCheck: true })),
    expect: [],
  },
  {
    rule: 'ageCheck: Business and Home, also on Saturday',
    name: 'Express E12 with age check is refused',
    request: edit(product('E12'), set(`${SERVICES}.ageCheck`, true)),
    expect: [fails('error_age_check_not_available', `${SERVICES}.ageCheck`)],
  },
  {
    rule: 'ageCheck: Business and Home, also on Saturday',
    name: 'B2CTyre with age check on Saturday is refused twice',
    request: edit(product('B2CTyre'), merge(SERVICES, { saturdayDelivery: true, ageCheck: true })),
    expect: [
      fails('error_saturday_delivery_not_available', `${SERVICES}.saturdayDelivery`),
      fails('error_age_check_not_available', `${SERVICES}.ageCheck`),
    ],
  },

  {
    rule: 'cod: ISO 4217 currency, inkasso from the operator table',
    name: 'cash on delivery in EUR passes',
    request: edit(minimumRequest(), set(`${PARCEL}.cod`, cod)),
    expect: [],
  },
  {
    rule: 'cod: ISO 4217 currency, inkasso from the operator table',
    name: 'currency ABC is refused',
    request: edit(minimumRequest(), set(`${PARCEL}.cod`, { ...cod, currency: 'ABC' })),
    expect: [fails('error_invalid_currency', `${PARCEL}.cod.currency`)],
  },
  {
    rule: 'cod: ISO 4217 currency, inkasso from the operator table',
    name: 'inkasso 7 is refused',
    request: edit(minimumRequest(), set(`${PARCEL}.cod`, { ...cod, inkasso: 7 })),
    expect: [fails('error_invalid_cod_inkasso', `${PARCEL}.cod.inkasso`)],
  },
  {
    rule: 'cod: ISO 4217 currency, inkasso from the operator table',
    name: 'a missing amount is refused',
    request: edit(minimumRequest(), set(`${PARCEL}.cod`, { ...cod, amount: null })),
    expect: [fails('error_missing_field', `${PARCEL}.cod.amount`)],
  },

  {
    rule: 'higherInsurance: ISO 4217 currency',
    name: 'EUR 1000.00 passes',
    request: edit(minimumRequest(), set(`${PARCEL}.higherInsurance`, { amount: 100000, currency: 'EUR' })),
    expect: [],
  },
  {
    rule: 'higherInsurance: ISO 4217 currency',
    name: 'currency XYZ is refused',
    request: edit(minimumRequest(), set(`${PARCEL}.higherInsurance`, { amount: 100000, currency: 'XYZ' })),
    expect: [fails('error_invalid_currency', `${PARCEL}.higherInsurance.currency`)],
  },
  {
    rule: 'higherInsurance: ISO 4217 currency',
    name: 'a negative amount is refused',
    request: edit(minimumRequest(), set(`${PARCEL}.higherInsurance`, { amount: -1, currency: 'EUR' })),
    expect: [fails('error_value_too_small', `${PARCEL}.higherInsurance.amount`)],
  },
];
