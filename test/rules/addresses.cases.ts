// Address rules: ISO countries and US states, the destination postcode per country, e-mail format,
// phone or e-mail where the spec asks for one, destinationCountryRegistration on the sender only.
import {
  collectionRequest,
  edit,
  merge,
  minimumRequest,
  remove,
  set,
  switzerlandRequest,
  ukRequest,
  type Edit,
} from '../fixtures/requests.ts';
import { fails, GSD, INTL, PICKUP, RECIPIENT, SENDER, type RuleCase } from './run-cases.ts';

/** NL → another EU country: no customs, but house numbers given separately (docs/decisions.md "Where the specification is silent"). */
const toEu = (country: string, zipCode: string): Edit[] => [
  merge(SENDER, { houseNo: '1' }),
  merge(RECIPIENT, { country, zipCode, houseNo: '2' }),
];
/** DE → a country outside the EU customs territory, with its customs data (the DE→CH fixture). */
const toOutsideEu = (country: string, zipCode: string, extra = {}): Edit => merge(RECIPIENT, { country, zipCode, ...extra });
const email41 = `${'a'.repeat(29)}@example.com`;
const email50 = `${'a'.repeat(38)}@example.com`;
const MASK = `${GSD}.senderMaskingAddress`;
const maskingAddress = { name1: 'Merk Shop', street: 'Damrak', houseNo: '1', country: 'NL', zipCode: '1012LG', city: 'Amsterdam' };
const CRA = `${PICKUP}.collectionRequestAddress`;

export const addressCases: readonly RuleCase[] = [
  { rule: 'country: ISO 3166-1 alpha-2', name: 'NL passes', request: minimumRequest(), expect: [] },
  {
    rule: 'country: ISO 3166-1 alpha-2',
    name: 'lower case "nl" passes (stored upper case)',
    request: edit(minimumRequest(), set(`${RECIPIENT}.country`, 'nl')),
    expect: [],
  },
  {
    rule: 'country: ISO 3166-1 alpha-2',
    name: 'XX is refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.country`, 'XX')),
    expect: [fails('error_invalid_country', `${RECIPIENT}.country`)],
  },
  {
    rule: 'country: ISO 3166-1 alpha-2',
    name: 'UK (not the ISO code GB) is refused',
    request: edit(minimumRequest(), set(`${SENDER}.country`, 'UK')),
    expect: [fails('error_invalid_country', `${SENDER}.country`)],
  },
  {
    rule: 'country: ISO 3166-1 alpha-2',
    name: 'XK (Kosovo, user-assigned, not ISO) is refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.country`, 'XK')),
    expect: [fails('error_invalid_country', `${RECIPIENT}.country`)],
  },
  {
    rule: 'country: ISO 3166-1 alpha-2',
    name: 'xk in lower case is refused as XK',
    request: edit(minimumRequest(), set(`${SENDER}.country`, 'xk')),
    expect: [fails('error_invalid_country', `${SENDER}.country`)],
  },
  {
    rule: 'country: ISO 3166-1 alpha-2',
    name: 'digits are refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.country`, '31')),
    expect: [fails('error_invalid_field_format', `${RECIPIENT}.country`)],
  },

  {
    rule: 'state: US only, ISO 3166-2',
    name: 'NY on a US address passes',
    request: edit(switzerlandRequest(), toOutsideEu('US', '10001', { state: 'NY' })),
    expect: [],
  },
  {
    rule: 'state: US only, ISO 3166-2',
    name: 'lower case "ca" passes',
    request: edit(switzerlandRequest(), toOutsideEu('US', '94105', { state: 'ca' })),
    expect: [],
  },
  {
    rule: 'state: US only, ISO 3166-2',
    name: 'a state on a Dutch address is refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.state`, 'NH')),
    expect: [fails('error_state_only_for_us', `${RECIPIENT}.state`)],
  },
  {
    rule: 'state: US only, ISO 3166-2',
    name: 'ZZ on a US address is refused',
    request: edit(switzerlandRequest(), toOutsideEu('US', '10001', { state: 'ZZ' })),
    expect: [fails('error_invalid_state', `${RECIPIENT}.state`)],
  },
  {
    rule: 'state: US only, ISO 3166-2',
    name: 'three letters are refused',
    request: edit(switzerlandRequest(), toOutsideEu('US', '10001', { state: 'NYC' })),
    expect: [fails('error_invalid_field_length', `${RECIPIENT}.state`)],
  },

  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'NL 3011AD passes',
    request: minimumRequest(),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'NL in lower case 3011ad passes',
    request: edit(minimumRequest(), set(`${RECIPIENT}.zipCode`, '3011ad')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'GB SW1A1AA (written SW1A 1AA) passes',
    request: edit(ukRequest(), set(`${RECIPIENT}.zipCode`, 'SW1A1AA')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'CH 8001 passes',
    request: switzerlandRequest(),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'DE 10117 passes',
    request: edit(minimumRequest(), ...toEu('DE', '10117')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'PL 00950 (written 00-950) passes',
    request: edit(minimumRequest(), ...toEu('PL', '00950')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'PT 1000001 (written 1000-001) passes',
    request: edit(minimumRequest(), ...toEu('PT', '1000001')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'US ZIP+4 100011234 (written 10001-1234) passes',
    request: edit(switzerlandRequest(), toOutsideEu('US', '100011234')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'JP 1000001 (written 100-0001) passes',
    request: edit(switzerlandRequest(), toOutsideEu('JP', '1000001')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'a country without a known format accepts any postcode',
    request: edit(switzerlandRequest(), toOutsideEu('AE', '00000')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: "the sender's postcode is not checked against its country",
    request: edit(minimumRequest(), set(`${SENDER}.zipCode`, '1015')),
    expect: [],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'NL 3011 (letters missing) is refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.zipCode`, '3011')),
    expect: [fails('error_invalid_dest_zip', `${RECIPIENT}.zipCode`)],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'DE 1011 (four digits) is refused',
    request: edit(minimumRequest(), ...toEu('DE', '1011')),
    expect: [fails('error_invalid_dest_zip', `${RECIPIENT}.zipCode`)],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'CH 80011 (five digits) is refused',
    request: edit(switzerlandRequest(), set(`${RECIPIENT}.zipCode`, '80011')),
    expect: [fails('error_invalid_dest_zip', `${RECIPIENT}.zipCode`)],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'GB 12345 is refused',
    request: edit(ukRequest(), set(`${RECIPIENT}.zipCode`, '12345')),
    expect: [fails('error_invalid_dest_zip', `${RECIPIENT}.zipCode`)],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'PL 009500 is refused',
    request: edit(minimumRequest(), ...toEu('PL', '009500')),
    expect: [fails('error_invalid_dest_zip', `${RECIPIENT}.zipCode`)],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'a space ("3011 AD") is refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.zipCode`, '3011 AD')),
    expect: [fails('error_invalid_zip_format', `${RECIPIENT}.zipCode`)],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'a dash ("00-950") is refused',
    request: edit(minimumRequest(), ...toEu('PL', '00-950')),
    expect: [fails('error_invalid_zip_format', `${RECIPIENT}.zipCode`)],
  },
  {
    rule: 'destination postcode: format of the country, no spaces or dashes',
    name: 'ten characters are refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.zipCode`, '3011AD3011')),
    expect: [fails('error_field_too_long', `${RECIPIENT}.zipCode`)],
  },

  {
    rule: 'e-mail address format',
    name: 'a valid recipient e-mail passes',
    request: edit(minimumRequest(), set(`${RECIPIENT}.email`, 'ontvanger@example.nl')),
    expect: [],
  },
  {
    rule: 'e-mail address format',
    name: 'a 50-character e-mail passes',
    request: edit(minimumRequest(), set(`${RECIPIENT}.email`, email50)),
    expect: [],
  },
  {
    rule: 'e-mail address format',
    name: 'no e-mail on sender and recipient passes (optional)',
    request: minimumRequest(),
    expect: [],
  },
  {
    rule: 'e-mail address format',
    name: 'a recipient e-mail without domain is refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.email`, 'ontvanger@')),
    expect: [fails('error_incorrect_email_address', `${RECIPIENT}.email`)],
  },
  {
    rule: 'e-mail address format',
    name: 'a sender e-mail with a space is refused',
    request: edit(minimumRequest(), set(`${SENDER}.email`, 'ver zender@example.nl')),
    expect: [fails('error_incorrect_email_address', `${SENDER}.email`)],
  },
  {
    rule: 'e-mail address format',
    name: 'an invoice consignee e-mail is checked too',
    request: edit(ukRequest(), set(`${INTL}.commercialInvoiceConsignee.email`, 'jane.smith.example.co.uk')),
    expect: [fails('error_incorrect_email_address', `${INTL}.commercialInvoiceConsignee.email`)],
  },
  {
    rule: 'e-mail address format',
    name: 'an e-mail with a lone surrogate is refused as malformed text, not thrown',
    request: edit(minimumRequest(), set(`${RECIPIENT}.email`, 'ont\uD800vanger@example.nl')),
    expect: [fails('error_invalid_field_format', `${RECIPIENT}.email`)],
  },
  {
    rule: 'e-mail address format',
    name: 'an e-mail with an accented local part passes',
    request: edit(minimumRequest(), set(`${RECIPIENT}.email`, 'zoë@example.nl')),
    expect: [],
  },
  {
    rule: 'e-mail address format',
    name: 'a 51-character e-mail is refused',
    request: edit(minimumRequest(), set(`${RECIPIENT}.email`, `a${email50}`)),
    expect: [fails('error_field_too_long', `${RECIPIENT}.email`)],
  },
  {
    rule: 'e-mail address format',
    name: 'a 41-character e-mail on collectionRequestAddress is refused (40 there)',
    request: edit(collectionRequest(), set(`${CRA}.email`, email41)),
    expect: [fails('error_field_too_long', `${CRA}.email`)],
  },

  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'senderMaskingAddress with a phone passes',
    request: edit(minimumRequest(), set(MASK, { ...maskingAddress, phone: '0201234567' })),
    expect: [],
  },
  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'senderMaskingAddress with an e-mail passes',
    request: edit(minimumRequest(), set(MASK, { ...maskingAddress, email: 'info@merkshop.example' })),
    expect: [],
  },
  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'senderMaskingAddress with neither is refused',
    request: edit(minimumRequest(), set(MASK, maskingAddress)),
    expect: [fails('error_email_or_phone_required', MASK)],
  },
  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'senderMaskingAddress with phone "" is refused',
    request: edit(minimumRequest(), set(MASK, { ...maskingAddress, phone: '' })),
    expect: [fails('error_email_or_phone_required', MASK)],
  },
  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'collectionRequestAddress with an e-mail only passes',
    request: edit(collectionRequest(), remove(`${CRA}.phone`), set(`${CRA}.email`, 'magazijn@leverancier.example')),
    expect: [],
  },
  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'collectionRequestAddress with neither is refused',
    request: edit(collectionRequest(), remove(`${CRA}.phone`)),
    expect: [fails('error_email_or_phone_required', CRA)],
  },
  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'commercialInvoiceConsignee with neither is refused',
    request: edit(ukRequest(), remove(`${INTL}.commercialInvoiceConsignee.email`)),
    expect: [fails('error_email_or_phone_required', `${INTL}.commercialInvoiceConsignee`)],
  },
  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'commercialInvoiceConsignor with neither is refused',
    request: edit(ukRequest(), remove(`${INTL}.commercialInvoiceConsignor.email`), remove(`${INTL}.commercialInvoiceConsignor.phone`)),
    expect: [fails('error_email_or_phone_required', `${INTL}.commercialInvoiceConsignor`)],
  },
  {
    rule: 'phone or e-mail on masking, collection and invoice addresses',
    name: 'sender and recipient need neither',
    request: edit(ukRequest(), remove(`${RECIPIENT}.email`), remove(`${SENDER}.email`), remove(`${SENDER}.phone`)),
    expect: [],
  },

  {
    rule: 'destinationCountryRegistration: sender only',
    name: 'on the sender of a UK shipment passes',
    request: edit(ukRequest(), set(`${SENDER}.destinationCountryRegistration`, 'GB987654321')),
    expect: [],
  },
  {
    rule: 'destinationCountryRegistration: sender only',
    name: 'on the recipient is refused',
    request: edit(ukRequest(), set(`${RECIPIENT}.destinationCountryRegistration`, 'GB987654321')),
    expect: [fails('error_destination_country_registration_sender_only', `${RECIPIENT}.destinationCountryRegistration`)],
  },
  {
    rule: 'destinationCountryRegistration: sender only',
    name: 'on the invoice consignor is refused',
    request: edit(ukRequest(), set(`${INTL}.commercialInvoiceConsignor.destinationCountryRegistration`, 'GB987654321')),
    expect: [
      fails('error_destination_country_registration_sender_only', `${INTL}.commercialInvoiceConsignor.destinationCountryRegistration`),
    ],
  },
  {
    rule: 'destinationCountryRegistration: sender only',
    name: 'on the masking address is refused',
    request: edit(ukRequest(), set(MASK, { ...maskingAddress, phone: '0201234567', destinationCountryRegistration: 'GB987654321' })),
    expect: [fails('error_destination_country_registration_sender_only', `${MASK}.destinationCountryRegistration`)],
  },
  {
    rule: 'destinationCountryRegistration: sender only',
    name: 'sixteen characters are refused',
    request: edit(ukRequest(), set(`${SENDER}.destinationCountryRegistration`, 'GB98765432101234')),
    expect: [fails('error_field_too_long', `${SENDER}.destinationCountryRegistration`)],
  },
];
