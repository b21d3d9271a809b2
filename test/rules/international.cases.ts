// Shipments crossing the EU customs border (NL→GB, DE→CH, GB→NL; docs/decisions.md "Where the specification is silent"): `international` on every
// parcel with its required fields, currencies, dates and customs terms, invoice sums, EORI/VAT for
// businesses, the United Kingdom's rules, and houseNo given separately on every cross-border shipment.
import {
  collectionRequest,
  duplicate,
  edit,
  fromUkRequest,
  get,
  invoiceLine,
  merge,
  minimumRequest,
  remove,
  set,
  switzerlandRequest,
  ukRequest,
  type JsonObject,
} from '../fixtures/requests.ts';
import { fails, INTL, PARCEL, PICKUP, RECIPIENT, SENDER, type RuleCase } from './run-cases.ts';

const LINES = `${INTL}.commercialInvoiceLine`;
const CONSIGNEE = `${INTL}.commercialInvoiceConsignee`;
const CONSIGNOR = `${INTL}.commercialInvoiceConsignor`;
/** NL → another country by road, with house numbers, without customs data. */
const fromNl = (country: string, zipCode: string) =>
  edit(minimumRequest(), merge(SENDER, { houseNo: '1' }), merge(RECIPIENT, { country, zipCode, houseNo: '2' }));
/** NL→DE (inside the EU customs territory) with the NL→GB fixture's customs data, which nothing requires there. */
const customsInsideEu = () => edit(fromNl('DE', '10117'), set(`${PARCEL}.weight`, 250), set(INTL, get(ukRequest(), INTL)));
/** A UK shipment whose goods are worth `amount` (cents) in `currency`, the invoice lines adding up. */
const ukGoodsWorth = (amount: number, currency = 'GBP') =>
  edit(
    ukRequest(),
    merge(INTL, { customsAmount: amount, customsAmountEx: amount, customsCurrency: currency, customsCurrencyEx: currency }),
    set(LINES, [invoiceLine(150, amount - 2000), invoiceLine(100, 2000)]),
  );
/** A UK shipment whose goods are worth `amount` in `currency`, converted to `amountEx` in `currencyEx`. */
const ukGoodsConverted = (amount: number, currency: string, amountEx: number, currencyEx: string) =>
  edit(ukGoodsWorth(amount, currency), merge(INTL, { customsAmountEx: amountEx, customsCurrencyEx: currencyEx }));
const REGISTRATION = { destinationCountryRegistration: 'GB987654321' };
const COLLECTION = `${PICKUP}.collectionRequestAddress`;
/**
 * A collection request whose driver collects in `country` for the Dutch customer (sender) and the
 * Dutch recipient, who has a house number; without customs data.
 */
const collectingIn = (country: string, zipCode: string, city: string) =>
  edit(collectionRequest(), merge(COLLECTION, { country, zipCode, city }), merge(RECIPIENT, { houseNo: '40' }));
/** The customs data of the DE→CH fixture for the collection request's one parcel of 800 dag. */
const collectionCustoms = (): JsonObject =>
  edit({ international: get(switzerlandRequest(), INTL) }, set('international.commercialInvoiceLine[0].grossWeight', 800))
    .international as JsonObject;
/** A B2C collection request to the UK: collected in NL, the parcel and receiver of the NL→GB fixture. */
const collectionToUk = () =>
  edit(
    collectionRequest(),
    set(PARCEL, get(ukRequest(), PARCEL)),
    set(RECIPIENT, get(ukRequest(), RECIPIENT)),
    merge(COLLECTION, { eoriNumber: 'NL987654321', vatNumber: 'NL987654321B01' }),
  );

export const internationalCases: readonly RuleCase[] = [
  { rule: 'international required across the EU customs border', name: 'NL→GB with customs data passes', request: ukRequest(), expect: [] },
  {
    rule: 'international required across the EU customs border',
    name: 'DE→CH with customs data passes',
    request: switzerlandRequest(),
    expect: [],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'GB→NL with customs data passes',
    request: fromUkRequest(),
    expect: [],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'NL→DE (inside the EU) needs none',
    request: fromNl('DE', '10117'),
    expect: [],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'NL→MC (Monaco, in the EU customs territory) needs none',
    request: fromNl('MC', '98000'),
    expect: [],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'NL→GR (Greece, ISO GR; the EU writes EL) needs none',
    request: fromNl('GR', '10557'),
    expect: [],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'NL→GB without it is refused',
    request: edit(ukRequest(), remove(INTL)),
    expect: [fails('error_international_required', INTL)],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'DE→CH without it is refused',
    request: edit(switzerlandRequest(), remove(INTL)),
    expect: [fails('error_international_required', INTL)],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'GB→NL without it is refused',
    request: edit(fromUkRequest(), remove(INTL)),
    expect: [fails('error_international_required', INTL)],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'NL→NO without it is refused',
    request: fromNl('NO', '0150'),
    expect: [fails('error_international_required', INTL)],
  },
  {
    rule: 'international required across the EU customs border',
    name: 'DE→CH: the second parcel without it is refused',
    request: edit(switzerlandRequest(), duplicate(PARCEL), remove('order[0].parcels[1].international')),
    expect: [fails('error_international_required', 'order[0].parcels[1].international')],
  },

  {
    rule: 'collection requests: the parcel travels from collectionRequestAddress',
    name: 'collected in CH with customs data passes',
    request: edit(collectingIn('CH', '8001', 'Zürich'), set(INTL, collectionCustoms())),
    expect: [],
  },
  {
    rule: 'collection requests: the parcel travels from collectionRequestAddress',
    name: 'collected in NL for a Swiss customer (sender CH) needs neither customs data nor house numbers',
    request: edit(collectionRequest(), merge(SENDER, { country: 'CH', zipCode: '8001', city: 'Zürich' })),
    expect: [],
  },
  {
    rule: 'collection requests: the parcel travels from collectionRequestAddress',
    name: 'collected in CH for NL→NL without international is refused',
    request: collectingIn('CH', '8001', 'Zürich'),
    expect: [fails('error_international_required', INTL)],
  },
  {
    rule: 'collection requests: the parcel travels from collectionRequestAddress',
    name: 'collected in GB for NL→NL without international is refused',
    request: collectingIn('GB', 'SW1A1AA', 'London'),
    expect: [fails('error_international_required', INTL)],
  },
  {
    rule: 'collection requests: the parcel travels from collectionRequestAddress',
    name: 'collected in CH: the collection address needs houseNo, the sender does not',
    request: edit(collectingIn('CH', '8001', 'Zürich'), set(INTL, collectionCustoms()), remove(`${COLLECTION}.houseNo`)),
    expect: [fails('error_house_no_required', `${COLLECTION}.houseNo`)],
  },
  {
    rule: 'collection requests: the parcel travels from collectionRequestAddress',
    name: 'collected in CH from a business without EORI or VAT is refused',
    request: edit(collectingIn('CH', '8001', 'Zürich'), set(INTL, collectionCustoms()), merge(COLLECTION, { type: 'B' })),
    expect: [fails('error_eori_or_vat_required', COLLECTION)],
  },
  {
    rule: 'collection requests: the parcel travels from collectionRequestAddress',
    name: "B2C to the UK with the collection address's EORI and VAT passes",
    request: collectionToUk(),
    expect: [],
  },
  {
    rule: 'collection requests: the parcel travels from collectionRequestAddress',
    name: "B2C to the UK takes the collection address's EORI and VAT, not the customer's",
    request: edit(
      collectionToUk(),
      merge(SENDER, { houseNo: '1', eoriNumber: 'NL123456789', vatNumber: 'NL123456789B01' }),
      merge(COLLECTION, { eoriNumber: null, vatNumber: null }),
    ),
    expect: [fails('error_uk_eori_required', `${COLLECTION}.eoriNumber`), fails('error_uk_vat_required', `${COLLECTION}.vatNumber`)],
  },

  {
    rule: 'international: required fields, lengths and values',
    name: 'without the optional fields passes',
    request: edit(
      switzerlandRequest(),
      merge(INTL, {
        customsPaper: null,
        customsEnclosure: null,
        customsAmountParcel: null,
        linehaul: null,
        shipMrn: null,
        collectiveCustomsClearance: null,
        comment1: null,
      }),
    ),
    expect: [],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'every optional field given passes',
    request: edit(
      switzerlandRequest(),
      merge(INTL, {
        customsPaper: 'ACDG',
        customsEnclosure: true,
        customsAmountParcel: 125000,
        linehaul: 'AI',
        shipMrn: '26DE123456789012A1',
        collectiveCustomsClearance: false,
        comment1: 'Spare parts',
        comment2: 'n/a',
      }),
    ),
    expect: [],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'customsInvoice missing is refused',
    request: edit(ukRequest(), remove(`${INTL}.customsInvoice`)),
    expect: [fails('error_missing_field', `${INTL}.customsInvoice`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'clearanceCleared missing is refused (reference: required)',
    request: edit(ukRequest(), remove(`${INTL}.clearanceCleared`)),
    expect: [fails('error_missing_field', `${INTL}.clearanceCleared`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'commercialInvoiceConsignor missing is refused',
    request: edit(ukRequest(), remove(CONSIGNOR)),
    expect: [fails('error_missing_field', CONSIGNOR)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'an empty commercialInvoiceLine is refused',
    request: edit(ukRequest(), set(LINES, [])),
    expect: [fails('error_too_few_entries', LINES)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'a line without customsOrigin is refused (reference: required)',
    request: edit(ukRequest(), remove(`${LINES}[1].customsOrigin`)),
    expect: [fails('error_missing_field', `${LINES}[1].customsOrigin`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'clearanceCleared Y is refused',
    request: edit(ukRequest(), set(`${INTL}.clearanceCleared`, 'Y')),
    expect: [fails('error_invalid_field_value', `${INTL}.clearanceCleared`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'prealertStatus S01 is refused',
    request: edit(ukRequest(), set(`${INTL}.prealertStatus`, 'S01')),
    expect: [fails('error_invalid_field_value', `${INTL}.prealertStatus`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'exportReason 04 is refused',
    request: edit(ukRequest(), set(`${INTL}.exportReason`, '04')),
    expect: [fails('error_invalid_field_value', `${INTL}.exportReason`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'customsContent of 36 characters is refused',
    request: edit(ukRequest(), set(`${INTL}.customsContent`, 'B'.repeat(36))),
    expect: [fails('error_field_too_long', `${INTL}.customsContent`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'customsAmount above 99999999 is refused',
    request: edit(switzerlandRequest(), set(`${INTL}.customsAmount`, 100000000)),
    expect: [fails('error_value_too_large', `${INTL}.customsAmount`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'itemsNumber above 9999 is refused',
    request: edit(ukRequest(), set(`${LINES}[0].itemsNumber`, 10000)),
    expect: [fails('error_value_too_large', `${LINES}[0].itemsNumber`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'customsPaper with a letter after I is refused',
    request: edit(ukRequest(), set(`${INTL}.customsPaper`, 'AZ')),
    expect: [fails('error_invalid_field_format', `${INTL}.customsPaper`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'linehaul SE is refused',
    request: edit(ukRequest(), set(`${INTL}.linehaul`, 'SE')),
    expect: [fails('error_invalid_field_value', `${INTL}.linehaul`)],
  },
  {
    rule: 'international: required fields, lengths and values',
    name: 'customsTerms 04 is refused',
    request: edit(ukRequest(), set(`${INTL}.customsTerms`, '04')),
    expect: [fails('error_invalid_field_value', `${INTL}.customsTerms`)],
  },

  {
    rule: 'customs data sent where none is required is checked as well',
    name: 'NL→DE with right customs data passes',
    request: customsInsideEu(),
    expect: [],
  },
  {
    rule: 'customs data sent where none is required is checked as well',
    name: 'NL→DE: EORI/VAT of a business invoice consignee is not asked (only across the border)',
    request: edit(customsInsideEu(), merge(CONSIGNEE, { type: 'B' })),
    expect: [],
  },
  {
    rule: 'customs data sent where none is required is checked as well',
    name: 'NL→DE: parcelType true is refused',
    request: edit(customsInsideEu(), set(`${INTL}.parcelType`, true)),
    expect: [fails('error_parcel_type_must_be_false', `${INTL}.parcelType`)],
  },
  {
    rule: 'customs data sent where none is required is checked as well',
    name: 'NL→DE: customsCurrency ABC is refused',
    request: edit(customsInsideEu(), set(`${INTL}.customsCurrency`, 'ABC')),
    expect: [fails('error_invalid_currency', `${INTL}.customsCurrency`)],
  },
  {
    rule: 'customs data sent where none is required is checked as well',
    name: 'NL→DE: customsInvoiceDate 31 November is refused',
    request: edit(customsInsideEu(), set(`${INTL}.customsInvoiceDate`, 20261131)),
    expect: [fails('error_invalid_date', `${INTL}.customsInvoiceDate`)],
  },
  {
    rule: 'customs data sent where none is required is checked as well',
    name: 'NL→DE: customsTerms 07 (UK only) is refused',
    request: edit(customsInsideEu(), set(`${INTL}.customsTerms`, '07')),
    expect: [fails('error_customs_terms_not_allowed', `${INTL}.customsTerms`)],
  },
  {
    rule: 'customs data sent where none is required is checked as well',
    name: 'NL→NL: invoice lines not adding up to the weight are refused',
    request: edit(customsInsideEu(), merge(RECIPIENT, { country: 'NL', zipCode: '3011AD' }), set(`${PARCEL}.weight`, 300)),
    expect: [fails('error_gross_weight_sum_mismatch', LINES)],
  },
  {
    rule: 'customs data sent where none is required is checked as well',
    name: 'NL→NL: customsOrigin XX is refused',
    request: edit(customsInsideEu(), merge(RECIPIENT, { country: 'NL', zipCode: '3011AD' }), set(`${LINES}[0].customsOrigin`, 'XX')),
    expect: [fails('error_invalid_country', `${LINES}[0].customsOrigin`)],
  },

  { rule: 'parcelType always false', name: 'false passes', request: ukRequest(), expect: [] },
  {
    rule: 'parcelType always false',
    name: 'true is refused',
    request: edit(ukRequest(), set(`${INTL}.parcelType`, true)),
    expect: [fails('error_parcel_type_must_be_false', `${INTL}.parcelType`)],
  },

  {
    rule: 'currencies: ISO 4217',
    name: 'GBP and CHF pass',
    request: edit(switzerlandRequest(), set(`${INTL}.customsCurrency`, 'GBP')),
    expect: [],
  },
  {
    rule: 'currencies: ISO 4217',
    name: 'lower case "eur" passes',
    request: edit(switzerlandRequest(), set(`${INTL}.customsCurrencyEx`, 'eur')),
    expect: [],
  },
  {
    rule: 'currencies: ISO 4217',
    name: 'ABC is refused',
    request: edit(switzerlandRequest(), set(`${INTL}.customsCurrency`, 'ABC')),
    expect: [fails('error_invalid_currency', `${INTL}.customsCurrency`)],
  },
  {
    rule: 'currencies: ISO 4217',
    name: 'customsCurrencyEx XYZ is refused',
    request: edit(switzerlandRequest(), set(`${INTL}.customsCurrencyEx`, 'XYZ')),
    expect: [fails('error_invalid_currency', `${INTL}.customsCurrencyEx`)],
  },
  {
    rule: 'currencies: ISO 4217',
    name: 'EURO is refused',
    request: edit(switzerlandRequest(), set(`${INTL}.customsCurrency`, 'EURO')),
    expect: [fails('error_invalid_field_length', `${INTL}.customsCurrency`)],
  },

  {
    rule: 'customsInvoiceDate: a real YYYYMMDD date',
    name: 'a digit string passes',
    request: edit(ukRequest(), set(`${INTL}.customsInvoiceDate`, '20261120')),
    expect: [],
  },
  {
    rule: 'customsInvoiceDate: a real YYYYMMDD date',
    name: '29 February of a leap year passes',
    request: edit(ukRequest(), set(`${INTL}.customsInvoiceDate`, 20280229)),
    expect: [],
  },
  {
    rule: 'customsInvoiceDate: a real YYYYMMDD date',
    name: '31 November is refused',
    request: edit(ukRequest(), set(`${INTL}.customsInvoiceDate`, 20261131)),
    expect: [fails('error_invalid_date', `${INTL}.customsInvoiceDate`)],
  },
  {
    rule: 'customsInvoiceDate: a real YYYYMMDD date',
    name: '29 February of another year is refused',
    request: edit(ukRequest(), set(`${INTL}.customsInvoiceDate`, 20260229)),
    expect: [fails('error_invalid_date', `${INTL}.customsInvoiceDate`)],
  },
  {
    rule: 'customsInvoiceDate: a real YYYYMMDD date',
    name: 'seven digits are refused',
    request: edit(ukRequest(), set(`${INTL}.customsInvoiceDate`, 2026112)),
    expect: [fails('error_invalid_date', `${INTL}.customsInvoiceDate`)],
  },
  {
    rule: 'customsInvoiceDate: a real YYYYMMDD date',
    name: 'a dashed date is refused',
    request: edit(ukRequest(), set(`${INTL}.customsInvoiceDate`, '2026-11-20')),
    expect: [fails('error_invalid_type', `${INTL}.customsInvoiceDate`)],
  },

  { rule: 'customsOrigin: ISO 3166-1', name: 'DE passes', request: switzerlandRequest(), expect: [] },
  {
    rule: 'customsOrigin: ISO 3166-1',
    name: 'XX is refused',
    request: edit(ukRequest(), set(`${LINES}[1].customsOrigin`, 'XX')),
    expect: [fails('error_invalid_country', `${LINES}[1].customsOrigin`)],
  },

  {
    rule: 'customsTerms: UK 06 or 07, elsewhere 01, 02, 03, 05 or 06',
    name: 'NL→GB 07 passes',
    request: edit(ukRequest(), set(`${INTL}.customsTerms`, '07')),
    expect: [],
  },
  {
    rule: 'customsTerms: UK 06 or 07, elsewhere 01, 02, 03, 05 or 06',
    name: 'DE→CH 05 passes',
    request: edit(switzerlandRequest(), set(`${INTL}.customsTerms`, '05')),
    expect: [],
  },
  {
    rule: 'customsTerms: UK 06 or 07, elsewhere 01, 02, 03, 05 or 06',
    name: 'GB→NL 06 passes',
    request: edit(fromUkRequest(), set(`${INTL}.customsTerms`, '06')),
    expect: [],
  },
  {
    rule: 'customsTerms: UK 06 or 07, elsewhere 01, 02, 03, 05 or 06',
    name: 'NL→GB 01 is refused',
    request: edit(ukRequest(), set(`${INTL}.customsTerms`, '01')),
    expect: [fails('error_customs_terms_not_allowed', `${INTL}.customsTerms`)],
  },
  {
    rule: 'customsTerms: UK 06 or 07, elsewhere 01, 02, 03, 05 or 06',
    name: 'DE→CH 07 (UK only) is refused',
    request: edit(switzerlandRequest(), set(`${INTL}.customsTerms`, '07')),
    expect: [fails('error_customs_terms_not_allowed', `${INTL}.customsTerms`)],
  },
  {
    rule: 'customsTerms: UK 06 or 07, elsewhere 01, 02, 03, 05 or 06',
    name: 'GB→NL 07 (only for shipments to the UK) is refused',
    request: edit(fromUkRequest(), set(`${INTL}.customsTerms`, '07')),
    expect: [fails('error_customs_terms_not_allowed', `${INTL}.customsTerms`)],
  },

  {
    rule: 'invoice lines: grossWeight adds up to the parcel weight',
    name: 'two lines 150 + 100 = 250 pass',
    request: ukRequest(),
    expect: [],
  },
  {
    rule: 'invoice lines: grossWeight adds up to the parcel weight',
    name: 'one line equal to the weight passes',
    request: switzerlandRequest(),
    expect: [],
  },
  {
    rule: 'invoice lines: grossWeight adds up to the parcel weight',
    name: '160 + 100 ≠ 250 is refused',
    request: edit(ukRequest(), set(`${LINES}[0].grossWeight`, 160)),
    expect: [fails('error_gross_weight_sum_mismatch', LINES)],
  },
  {
    rule: 'invoice lines: grossWeight adds up to the parcel weight',
    name: 'one line ≠ the weight is refused',
    request: edit(switzerlandRequest(), set(`${PARCEL}.weight`, 1300)),
    expect: [fails('error_gross_weight_sum_mismatch', LINES)],
  },
  {
    rule: 'invoice lines: grossWeight adds up to the parcel weight',
    name: 'a line above 3150 is refused once with the weight code, without a sum',
    request: edit(switzerlandRequest(), set(`${LINES}[0].grossWeight`, 3151)),
    expect: [fails('error_parcel_exceeds_maximum_allowed_weight', `${LINES}[0].grossWeight`)],
  },

  { rule: 'invoice lines: amountLine adds up to customsAmount', name: '3000 + 2000 = 5000 passes', request: ukRequest(), expect: [] },
  {
    rule: 'invoice lines: amountLine adds up to customsAmount',
    name: '3100 + 2000 ≠ 5000 is refused',
    request: edit(ukRequest(), set(`${LINES}[0].amountLine`, 3100)),
    expect: [fails('error_amount_line_sum_mismatch', LINES)],
  },
  {
    rule: 'invoice lines: amountLine adds up to customsAmount',
    name: 'customsAmount ≠ the single line is refused',
    request: edit(switzerlandRequest(), set(`${INTL}.customsAmount`, 125001)),
    expect: [fails('error_amount_line_sum_mismatch', LINES)],
  },

  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'a business sender with only a VAT number passes',
    request: switzerlandRequest(),
    expect: [],
  },
  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'a private recipient needs neither',
    request: edit(
      switzerlandRequest(),
      merge(RECIPIENT, { type: 'P', eoriNumber: null }),
      merge(CONSIGNEE, { type: 'P', eoriNumber: null }),
    ),
    expect: [],
  },
  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'an address without type needs neither',
    request: edit(switzerlandRequest(), merge(RECIPIENT, { type: null, eoriNumber: null })),
    expect: [],
  },
  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'businesses inside the EU need neither',
    request: edit(fromNl('DE', '10117'), merge(SENDER, { type: 'B' }), merge(RECIPIENT, { type: 'B' })),
    expect: [],
  },
  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'a business sender with neither is refused',
    request: edit(switzerlandRequest(), remove(`${SENDER}.vatNumber`)),
    expect: [fails('error_eori_or_vat_required', SENDER)],
  },
  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'a business recipient with neither is refused',
    request: edit(switzerlandRequest(), remove(`${RECIPIENT}.eoriNumber`)),
    expect: [fails('error_eori_or_vat_required', RECIPIENT)],
  },
  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'a business invoice consignee with neither is refused',
    request: edit(switzerlandRequest(), remove(`${CONSIGNEE}.eoriNumber`)),
    expect: [fails('error_eori_or_vat_required', CONSIGNEE)],
  },
  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'a business invoice consignor with neither is refused',
    request: edit(switzerlandRequest(), remove(`${CONSIGNOR}.vatNumber`)),
    expect: [fails('error_eori_or_vat_required', CONSIGNOR)],
  },
  {
    rule: 'business addresses: eoriNumber or vatNumber',
    name: 'an EORI number of 21 characters is refused',
    request: edit(switzerlandRequest(), set(`${RECIPIENT}.eoriNumber`, 'C'.repeat(21))),
    expect: [fails('error_field_too_long', `${RECIPIENT}.eoriNumber`), fails('error_eori_or_vat_required', RECIPIENT)],
  },

  {
    rule: 'UK: EORI and VAT of the receiver, or of the sender for B2C',
    name: "B2C with the sender's EORI and VAT passes",
    request: ukRequest(),
    expect: [],
  },
  {
    rule: 'UK: EORI and VAT of the receiver, or of the sender for B2C',
    name: 'a business receiver with its own EORI and VAT passes',
    request: edit(
      ukRequest(),
      merge(RECIPIENT, { type: 'B', eoriNumber: 'GB123456789000', vatNumber: 'GB123456789' }),
      merge(SENDER, { eoriNumber: null, vatNumber: 'NL123456789B01' }),
    ),
    expect: [],
  },
  {
    rule: 'UK: EORI and VAT of the receiver, or of the sender for B2C',
    name: "B2C without the sender's EORI is refused",
    request: edit(ukRequest(), remove(`${SENDER}.eoriNumber`)),
    expect: [fails('error_uk_eori_required', `${SENDER}.eoriNumber`)],
  },
  {
    rule: 'UK: EORI and VAT of the receiver, or of the sender for B2C',
    name: "B2C without the sender's VAT is refused",
    request: edit(ukRequest(), remove(`${SENDER}.vatNumber`)),
    expect: [fails('error_uk_vat_required', `${SENDER}.vatNumber`)],
  },
  {
    rule: 'UK: EORI and VAT of the receiver, or of the sender for B2C',
    name: 'B2C from a private sender with neither is refused twice',
    request: edit(ukRequest(), merge(SENDER, { type: 'P', eoriNumber: null, vatNumber: null })),
    expect: [fails('error_uk_eori_required', `${SENDER}.eoriNumber`), fails('error_uk_vat_required', `${SENDER}.vatNumber`)],
  },
  {
    rule: 'UK: EORI and VAT of the receiver, or of the sender for B2C',
    name: 'a business receiver with only EORI is refused',
    request: edit(ukRequest(), merge(RECIPIENT, { type: 'B', eoriNumber: 'GB123456789000' })),
    expect: [fails('error_uk_vat_required', `${RECIPIENT}.vatNumber`)],
  },
  {
    rule: 'UK: EORI and VAT of the receiver, or of the sender for B2C',
    name: 'a business receiver with neither is refused three times',
    request: edit(ukRequest(), merge(RECIPIENT, { type: 'B' })),
    expect: [
      fails('error_uk_eori_required', `${RECIPIENT}.eoriNumber`),
      fails('error_uk_vat_required', `${RECIPIENT}.vatNumber`),
      fails('error_eori_or_vat_required', RECIPIENT),
    ],
  },
  {
    rule: 'UK: EORI and VAT of the receiver, or of the sender for B2C',
    name: 'GB→NL is not a UK import: the Dutch private receiver needs neither',
    request: fromUkRequest(),
    expect: [],
  },

  { rule: 'UK: commercialInvoiceConsigneeVatNumber always', name: 'NL→GB with it passes', request: ukRequest(), expect: [] },
  { rule: 'UK: commercialInvoiceConsigneeVatNumber always', name: 'DE→CH without it passes', request: switzerlandRequest(), expect: [] },
  {
    rule: 'UK: commercialInvoiceConsigneeVatNumber always',
    name: 'NL→GB without it is refused',
    request: edit(ukRequest(), remove(`${INTL}.commercialInvoiceConsigneeVatNumber`)),
    expect: [fails('error_consignee_vat_number_required', `${INTL}.commercialInvoiceConsigneeVatNumber`)],
  },

  {
    rule: 'UK: sender registration and comment2 from the tax threshold',
    name: 'GBP 134.99 needs neither',
    request: ukGoodsWorth(13499),
    expect: [],
  },
  {
    rule: 'UK: sender registration and comment2 from the tax threshold',
    name: 'EUR 159.99 needs neither',
    request: ukGoodsWorth(15999, 'EUR'),
    expect: [],
  },
  {
    rule: 'UK: sender registration and comment2 from the tax threshold',
    name: 'GBP 135.00 with both passes',
    request: edit(ukGoodsWorth(13500), merge(SENDER, REGISTRATION), set(`${INTL}.comment2`, 'GB987654321')),
    expect: [],
  },
  {
    rule: 'UK: sender registration and comment2 from the tax threshold',
    name: 'GBP 135.00 without either is refused twice',
    request: ukGoodsWorth(13500),
    expect: [
      fails('error_destination_country_registration_required', `${SENDER}.destinationCountryRegistration`),
      fails('error_comment2_required', `${INTL}.comment2`),
    ],
  },
  {
    rule: 'UK: sender registration and comment2 from the tax threshold',
    name: 'EUR 160.00 without comment2 is refused',
    request: edit(ukGoodsWorth(16000, 'EUR'), merge(SENDER, REGISTRATION)),
    expect: [fails('error_comment2_required', `${INTL}.comment2`)],
  },

  {
    rule: 'UK threshold: customsAmountEx when customsCurrency has no threshold',
    name: 'USD 170.00 converted to GBP 134.99 needs neither',
    request: ukGoodsConverted(17000, 'USD', 13499, 'GBP'),
    expect: [],
  },
  {
    rule: 'UK threshold: customsAmountEx when customsCurrency has no threshold',
    name: 'CHF 160.00 converted to GBP 135.00 with both passes',
    request: edit(ukGoodsConverted(16000, 'CHF', 13500, 'GBP'), merge(SENDER, REGISTRATION), set(`${INTL}.comment2`, 'GB987654321')),
    expect: [],
  },
  {
    rule: 'UK threshold: customsAmountEx when customsCurrency has no threshold',
    name: 'GBP 134.99 is judged in GBP even when customsAmountEx says EUR 999.99',
    request: ukGoodsConverted(13499, 'GBP', 99999, 'EUR'),
    expect: [],
  },
  {
    rule: 'UK threshold: customsAmountEx when customsCurrency has no threshold',
    name: 'USD 170.00 converted to GBP 135.00 without either is refused twice',
    request: ukGoodsConverted(17000, 'USD', 13500, 'GBP'),
    expect: [
      fails('error_destination_country_registration_required', `${SENDER}.destinationCountryRegistration`),
      fails('error_comment2_required', `${INTL}.comment2`),
    ],
  },
  {
    rule: 'UK threshold: customsAmountEx when customsCurrency has no threshold',
    name: 'USD 500.00 converted to EUR 460.00 without comment2 is refused',
    request: edit(ukGoodsConverted(50000, 'USD', 46000, 'EUR'), merge(SENDER, REGISTRATION)),
    expect: [fails('error_comment2_required', `${INTL}.comment2`)],
  },
  {
    rule: 'UK threshold: customsAmountEx when customsCurrency has no threshold',
    name: 'USD with USD for conversion (no threshold in either) is refused',
    request: ukGoodsWorth(5000, 'USD'),
    expect: [fails('error_uk_currency_without_threshold', `${INTL}.customsCurrencyEx`)],
  },
  {
    rule: 'UK threshold: customsAmountEx when customsCurrency has no threshold',
    name: 'CHF converted to USD is refused',
    request: ukGoodsConverted(5000, 'CHF', 5500, 'USD'),
    expect: [fails('error_uk_currency_without_threshold', `${INTL}.customsCurrencyEx`)],
  },
  {
    rule: 'UK threshold: customsAmountEx when customsCurrency has no threshold',
    name: 'DE→CH in USD is not a UK shipment and passes',
    request: edit(switzerlandRequest(), merge(INTL, { customsCurrency: 'USD', customsCurrencyEx: 'USD' })),
    expect: [],
  },

  {
    rule: 'destinationCountryRegistration: UK only',
    name: 'on a shipment to the UK passes',
    request: edit(ukRequest(), merge(SENDER, REGISTRATION)),
    expect: [],
  },
  {
    rule: 'destinationCountryRegistration: UK only',
    name: 'DE→CH is refused',
    request: edit(switzerlandRequest(), merge(SENDER, REGISTRATION)),
    expect: [fails('error_destination_country_registration_uk_only', `${SENDER}.destinationCountryRegistration`)],
  },
  {
    rule: 'destinationCountryRegistration: UK only',
    name: 'GB→NL is refused',
    request: edit(fromUkRequest(), merge(SENDER, REGISTRATION)),
    expect: [fails('error_destination_country_registration_uk_only', `${SENDER}.destinationCountryRegistration`)],
  },
  {
    rule: 'destinationCountryRegistration: UK only',
    name: 'NL→DE is refused',
    request: edit(fromNl('DE', '10117'), merge(SENDER, REGISTRATION)),
    expect: [fails('error_destination_country_registration_uk_only', `${SENDER}.destinationCountryRegistration`)],
  },
  {
    rule: 'destinationCountryRegistration: UK only',
    name: 'NL→NL is refused',
    request: edit(minimumRequest(), merge(SENDER, REGISTRATION)),
    expect: [fails('error_destination_country_registration_uk_only', `${SENDER}.destinationCountryRegistration`)],
  },

  {
    rule: 'houseNo given separately on cross-border shipments',
    name: 'NL→NL without houseNo passes',
    request: minimumRequest(),
    expect: [],
  },
  {
    rule: 'houseNo given separately on cross-border shipments',
    name: 'NL→DE with houseNo passes',
    request: fromNl('DE', '10117'),
    expect: [],
  },
  {
    rule: 'houseNo given separately on cross-border shipments',
    name: 'NL→DE without houseNo is refused for both addresses',
    request: edit(minimumRequest(), merge(RECIPIENT, { country: 'DE', zipCode: '10117' })),
    expect: [fails('error_house_no_required', `${SENDER}.houseNo`), fails('error_house_no_required', `${RECIPIENT}.houseNo`)],
  },
  {
    rule: 'houseNo given separately on cross-border shipments',
    name: "NL→GB without the recipient's houseNo is refused",
    request: edit(ukRequest(), remove(`${RECIPIENT}.houseNo`)),
    expect: [fails('error_house_no_required', `${RECIPIENT}.houseNo`)],
  },
  {
    rule: 'houseNo given separately on cross-border shipments',
    name: 'houseNo "" counts as missing',
    request: edit(ukRequest(), set(`${SENDER}.houseNo`, '')),
    expect: [fails('error_house_no_required', `${SENDER}.houseNo`)],
  },
];
