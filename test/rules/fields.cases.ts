// Field shape, from the contract model: order count, unknown and SOAP-only fields, types, lengths in
// characters, leading zeros, numbers and digit strings, null, "" and blank text as absent, the account's depots.
import { collectionRequest, duplicate, edit, merge, minimumOrder, minimumRequest, remove, set, ukRequest } from '../fixtures/requests.ts';
import { fails, GSD, INTL, ORDER, PARCEL, PICKUP, RECIPIENT, SENDER, SERVICES, type RuleCase } from './run-cases.ts';

const orders = (count: number) => set('order', Array.from({ length: count }, minimumOrder));
const name35 = 'Łódź Przesyłki Spółka Akcyjna Ł ŁŁŁ';

export const fieldCases: readonly RuleCase[] = [
  { rule: 'the minimum request', name: 'passes over REST', request: minimumRequest(), expect: [] },
  { rule: 'the minimum request', name: 'passes over SOAP (every leaf as XML text)', request: minimumRequest(), binding: 'soap', expect: [] },
  { rule: 'the minimum request', name: 'without printOptions passes (labels default to PDF A6)', request: edit(minimumRequest(), remove('printOptions')), expect: [] },
  { rule: 'the minimum request', name: 'missing sender.name1 is refused', request: edit(minimumRequest(), remove(`${SENDER}.name1`)), expect: [fails('error_missing_field', `${SENDER}.name1`)] },
  { rule: 'the minimum request', name: 'missing productAndServiceData is refused', request: edit(minimumRequest(), remove(`${ORDER}.productAndServiceData`)), expect: [fails('error_missing_field', `${ORDER}.productAndServiceData`)] },

  { rule: '1 to 30 orders', name: '30 orders pass', request: edit(minimumRequest(), orders(30)), expect: [] },
  { rule: '1 to 30 orders', name: '31 orders are refused', request: edit(minimumRequest(), orders(31)), expect: [fails('error_too_many_orders', 'order')] },
  { rule: '1 to 30 orders', name: 'no orders are refused', request: edit(minimumRequest(), orders(0)), expect: [fails('error_no_orders', 'order')] },
  { rule: '1 to 30 orders', name: 'a missing order list is refused', request: edit(minimumRequest(), remove('order')), expect: [fails('error_missing_field', 'order')] },
  { rule: '1 to 30 orders', name: 'a null order entry is refused', request: edit(minimumRequest(), set('order[1]', null)), expect: [fails('error_missing_field', 'order[1]')] },

  { rule: 'unknown fields', name: 'a typo in a key is refused', request: edit(minimumRequest(), set(`${PARCEL}.wieght`, 300)), expect: [fails('error_unknown_field', `${PARCEL}.wieght`)] },
  { rule: 'unknown fields', name: 'an unknown top-level key is refused', request: edit(minimumRequest(), set('authentication', {})), expect: [fails('error_unknown_field', 'authentication')] },
  { rule: 'unknown fields', name: 'SOAP-only mpsId over REST is refused', request: edit(minimumRequest(), set(`${GSD}.mpsId`, 'MPS1')), expect: [fails('error_unknown_field', `${GSD}.mpsId`)] },
  { rule: 'unknown fields', name: 'SOAP-only isLastRequest over REST is refused', request: edit(minimumRequest(), set('isLastRequest', true)), expect: [fails('error_unknown_field', 'isLastRequest')] },
  { rule: 'unknown fields', name: 'SOAP-only printOptions.printer over REST is refused', request: edit(minimumRequest(), set('printOptions.printer', { offsetX: 0, offsetY: 0, connectionType: 'USB', barcodeCapable2D: true })), expect: [fails('error_unknown_field', 'printOptions.printer')] },
  { rule: 'unknown fields', name: 'SOAP-only address.fax over REST is refused', request: edit(minimumRequest(), set(`${RECIPIENT}.fax`, '0101234567')), expect: [fails('error_unknown_field', `${RECIPIENT}.fax`)] },
  { rule: 'unknown fields', name: 'SOAP-only fields over SOAP pass', binding: 'soap', request: edit(minimumRequest(), set(`${GSD}.mpsId`, 'MPS1'), set('isLastRequest', true), set(`${RECIPIENT}.fax`, '0101234567'), set('printOptions.printer', { offsetX: 0, offsetY: 0, connectionType: 'USB', barcodeCapable2D: true })), expect: [] },
  { rule: 'personalDelivery and delivery over both bindings (the spec does not mark them SOAP schema only)', name: 'both over REST pass', request: edit(minimumRequest(), merge(SERVICES, { personalDelivery: { type: 1, floor: '3', building: 'B', department: 'Inkoop', name: 'P. Jansen', phone: '0612345678', personId: 'ID-4711' }, delivery: { day: 'Monday', dateFrom: 20261124, dateTo: 20261125, timeFrom: 900, timeTo: 1700 } })), expect: [] },
  { rule: 'personalDelivery and delivery over both bindings (the spec does not mark them SOAP schema only)', name: 'both over SOAP pass', binding: 'soap', request: edit(minimumRequest(), merge(SERVICES, { personalDelivery: { type: 1, name: 'P. Jansen' }, delivery: { dateFrom: 20261124, timeFrom: 900 } })), expect: [] },
  { rule: 'personalDelivery and delivery over both bindings (the spec does not mark them SOAP schema only)', name: 'personalDelivery without its required type is refused', request: edit(minimumRequest(), set(`${SERVICES}.personalDelivery`, { name: 'P. Jansen' })), expect: [fails('error_missing_field', `${SERVICES}.personalDelivery.type`)] },
  { rule: 'personalDelivery and delivery over both bindings (the spec does not mark them SOAP schema only)', name: 'personalDelivery.type as text is refused (xs:int)', request: edit(minimumRequest(), set(`${SERVICES}.personalDelivery`, { type: 'one' })), expect: [fails('error_invalid_type', `${SERVICES}.personalDelivery.type`)] },
  { rule: 'personalDelivery and delivery over both bindings (the spec does not mark them SOAP schema only)', name: 'delivery.timeFrom 9.5 is refused (xs:int)', request: edit(minimumRequest(), set(`${SERVICES}.delivery`, { timeFrom: 9.5 })), expect: [fails('error_invalid_type', `${SERVICES}.delivery.timeFrom`)] },
  { rule: 'unknown fields', name: 'the key commercialInvoiceConsigneeVatNumbe (one example\'s spelling) is refused', request: edit(ukRequest(), set(`${INTL}.commercialInvoiceConsigneeVatNumbe`, 'NL123456789B01')), expect: [fails('error_unknown_field', `${INTL}.commercialInvoiceConsigneeVatNumbe`)] },
  { rule: 'unknown fields', name: 'an own __proto__ key is refused', request: edit(minimumRequest(), (r) => { Object.defineProperty(r, '__proto__', { value: {}, enumerable: true, configurable: true, writable: true }); }), expect: [fails('error_unknown_field', '__proto__')] },

  { rule: 'wrong types', name: 'weight as a JSON string is refused', request: edit(minimumRequest(), set(`${PARCEL}.weight`, '500')), expect: [fails('error_invalid_type', `${PARCEL}.weight`)] },
  { rule: 'wrong types', name: 'weight with decimals is refused', request: edit(minimumRequest(), set(`${PARCEL}.weight`, 5.5)), expect: [fails('error_invalid_type', `${PARCEL}.weight`)] },
  { rule: 'wrong types', name: 'name1 as a number is refused', request: edit(minimumRequest(), set(`${SENDER}.name1`, 42)), expect: [fails('error_invalid_type', `${SENDER}.name1`)] },
  { rule: 'wrong types', name: 'a boolean as the text "true" over REST is refused', request: edit(minimumRequest(), set(`${SERVICES}.saturdayDelivery`, 'true')), expect: [fails('error_invalid_type', `${SERVICES}.saturdayDelivery`)] },
  { rule: 'wrong types', name: 'a boolean as XML text "true" over SOAP passes', binding: 'soap', request: edit(minimumRequest(), set(`${SERVICES}.saturdayDelivery`, true)), expect: [] },
  { rule: 'wrong types', name: 'parcels as an object is refused', request: edit(minimumRequest(), set(`${ORDER}.parcels`, {})), expect: [fails('error_invalid_type', `${ORDER}.parcels`)] },
  { rule: 'wrong types', name: 'an order as text is refused', request: edit(minimumRequest(), set('order[0]', 'order')), expect: [fails('error_invalid_type', 'order[0]')] },
  { rule: 'wrong types', name: 'an order as a list is refused', request: edit(minimumRequest(), set('order[0]', [])), expect: [fails('error_invalid_type', 'order[0]')] },

  { rule: 'lengths count characters, not bytes', name: 'a 35-character name with Ł passes', request: edit(minimumRequest(), set(`${SENDER}.name1`, name35)), expect: [] },
  { rule: 'lengths count characters, not bytes', name: '35 astral characters (emoji, two UTF-16 units each) pass', request: edit(minimumRequest(), set(`${SENDER}.name1`, '📦'.repeat(35))), expect: [] },
  { rule: 'lengths count characters, not bytes', name: 'a 36-character name is refused', request: edit(minimumRequest(), set(`${SENDER}.name1`, `${name35}Ł`)), expect: [fails('error_field_too_long', `${SENDER}.name1`)] },
  { rule: 'lengths count characters, not bytes', name: 'lone surrogates are refused as malformed text', request: edit(minimumRequest(), set(`${SENDER}.name1`, '\uD83D'.repeat(3))), expect: [fails('error_invalid_field_format', `${SENDER}.name1`)] },
  { rule: 'lengths count characters, not bytes', name: 'a 71-character comment is refused', request: edit(minimumRequest(), set(`${RECIPIENT}.comment`, 'x'.repeat(71))), expect: [fails('error_field_too_long', `${RECIPIENT}.comment`)] },
  { rule: 'lengths count characters, not bytes', name: 'a three-letter country is refused', request: edit(minimumRequest(), set(`${RECIPIENT}.country`, 'NLD')), expect: [fails('error_invalid_field_length', `${RECIPIENT}.country`)] },

  { rule: 'sendingDepot: four characters, leading zeros kept, a depot of the account', name: '"0522" passes', request: minimumRequest(), expect: [] },
  { rule: 'sendingDepot: four characters, leading zeros kept, a depot of the account', name: 'another depot of the account passes', request: edit(minimumRequest(), set(`${GSD}.sendingDepot`, '0174')), expect: [] },
  { rule: 'sendingDepot: four characters, leading zeros kept, a depot of the account', name: 'the number 522 is refused (it would lose the zero)', request: edit(minimumRequest(), set(`${GSD}.sendingDepot`, 522)), expect: [fails('error_invalid_type', `${GSD}.sendingDepot`)] },
  { rule: 'sendingDepot: four characters, leading zeros kept, a depot of the account', name: '"522" is refused', request: edit(minimumRequest(), set(`${GSD}.sendingDepot`, '522')), expect: [fails('error_invalid_field_length', `${GSD}.sendingDepot`)] },
  { rule: 'sendingDepot: four characters, leading zeros kept, a depot of the account', name: '"05-2" is refused', request: edit(minimumRequest(), set(`${GSD}.sendingDepot`, '05-2')), expect: [fails('error_invalid_field_format', `${GSD}.sendingDepot`)] },
  { rule: 'sendingDepot: four characters, leading zeros kept, a depot of the account', name: 'a depot of another account is refused', request: edit(minimumRequest(), set(`${GSD}.sendingDepot`, '0999')), expect: [fails('error_sending_depot_not_allowed', `${GSD}.sendingDepot`)] },

  { rule: 'houseNo as text or a number', name: 'the number 221 passes', request: edit(minimumRequest(), set(`${RECIPIENT}.houseNo`, 221)), expect: [] },
  { rule: 'houseNo as text or a number', name: '"12a" passes', request: edit(minimumRequest(), set(`${RECIPIENT}.houseNo`, '12a')), expect: [] },
  { rule: 'houseNo as text or a number', name: 'a negative number is refused', request: edit(minimumRequest(), set(`${RECIPIENT}.houseNo`, -1)), expect: [fails('error_invalid_type', `${RECIPIENT}.houseNo`)] },
  { rule: 'houseNo as text or a number', name: 'nine characters are refused', request: edit(minimumRequest(), set(`${RECIPIENT}.houseNo`, '123456789')), expect: [fails('error_field_too_long', `${RECIPIENT}.houseNo`)] },

  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: 'a digit string with leading zeros passes', request: edit(minimumRequest(), set(`${PARCEL}.volume`, '001001001')), expect: [] },
  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: 'a number passes', request: edit(minimumRequest(), set(`${PARCEL}.volume`, 10020030)), expect: [] },
  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: '999999999 passes', request: edit(minimumRequest(), set(`${PARCEL}.volume`, 999999999)), expect: [] },
  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: 'a 10-digit string is refused', request: edit(minimumRequest(), set(`${PARCEL}.volume`, '0010020030')), expect: [fails('error_invalid_volume', `${PARCEL}.volume`)] },
  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: '1000000000 is refused', request: edit(minimumRequest(), set(`${PARCEL}.volume`, 1000000000)), expect: [fails('error_invalid_volume', `${PARCEL}.volume`)] },
  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: '3000000000, beyond xs:int, is refused as a volume, as the same digits in a string are', request: edit(minimumRequest(), set(`${PARCEL}.volume`, 3000000000)), expect: [fails('error_invalid_volume', `${PARCEL}.volume`)] },
  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: '-3000000000, beyond xs:int, is refused as a volume', request: edit(minimumRequest(), set(`${PARCEL}.volume`, -3000000000)), expect: [fails('error_invalid_volume', `${PARCEL}.volume`)] },
  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: 'a negative volume is refused', request: edit(minimumRequest(), set(`${PARCEL}.volume`, -10020030)), expect: [fails('error_invalid_volume', `${PARCEL}.volume`)] },
  { rule: 'volume: at most 9 digits LLLWWWHHH, number or digit string', name: 'separators are refused', request: edit(minimumRequest(), set(`${PARCEL}.volume`, '010x020x030')), expect: [fails('error_invalid_type', `${PARCEL}.volume`)] },

  { rule: 'null and "" for an optional field mean absent', name: 'name2 null passes', request: edit(minimumRequest(), set(`${RECIPIENT}.name2`, null)), expect: [] },
  { rule: 'null and "" for an optional field mean absent', name: 'email "" and phone null pass', request: edit(minimumRequest(), merge(RECIPIENT, { email: '', phone: null })), expect: [] },
  { rule: 'null and "" for an optional field mean absent', name: 'printOptions null passes', request: edit(minimumRequest(), set('printOptions', null)), expect: [] },
  { rule: 'null and "" for an optional field mean absent', name: 'volume "" passes', request: edit(minimumRequest(), set(`${PARCEL}.volume`, '')), expect: [] },
  { rule: 'null and "" for an optional field mean absent', name: 'a required city "" is missing', request: edit(minimumRequest(), set(`${RECIPIENT}.city`, '')), expect: [fails('error_missing_field', `${RECIPIENT}.city`)] },
  { rule: 'null and "" for an optional field mean absent', name: 'a required weight null is missing', request: edit(minimumRequest(), set(`${PARCEL}.weight`, null)), expect: [fails('error_missing_field', `${PARCEL}.weight`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'a name with spaces around and inside it passes as sent', request: edit(minimumRequest(), set(`${RECIPIENT}.name1`, '  Ontvanger  BV ')), expect: [] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'an optional email "   " and phone NBSP pass as absent', request: edit(minimumRequest(), merge(RECIPIENT, { email: '   ', phone: '\u00a0' })), expect: [] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'name1 "   " is missing', request: edit(minimumRequest(), set(`${SENDER}.name1`, '   ')), expect: [fails('error_missing_field', `${SENDER}.name1`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'street " " is missing', request: edit(minimumRequest(), set(`${RECIPIENT}.street`, ' ')), expect: [fails('error_missing_field', `${RECIPIENT}.street`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'city " " is missing', request: edit(minimumRequest(), set(`${RECIPIENT}.city`, ' ')), expect: [fails('error_missing_field', `${RECIPIENT}.city`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'name1 NBSP (U+00A0) is missing', request: edit(minimumRequest(), set(`${RECIPIENT}.name1`, '\u00a0')), expect: [fails('error_missing_field', `${RECIPIENT}.name1`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'city ZERO WIDTH SPACE (U+200B) is missing', request: edit(minimumRequest(), set(`${SENDER}.city`, '\u200b')), expect: [fails('error_missing_field', `${SENDER}.city`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'name1 of tab, line break, ideographic space, U+200C, U+200D, U+2060 and U+FEFF is missing', request: edit(minimumRequest(), set(`${SENDER}.name1`, '\t\n\u3000\u200c\u200d\u2060\ufeff')), expect: [fails('error_missing_field', `${SENDER}.name1`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'zipCode " " is missing, not a wrong format', request: edit(minimumRequest(), set(`${RECIPIENT}.zipCode`, ' ')), expect: [fails('error_missing_field', `${RECIPIENT}.zipCode`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'name1 "   " over SOAP is missing', binding: 'soap', request: edit(minimumRequest(), set(`${SENDER}.name1`, '   ')), expect: [fails('error_missing_field', `${SENDER}.name1`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'houseNo " " on NL→GB counts as not given separately', request: edit(ukRequest(), set(`${RECIPIENT}.houseNo`, ' ')), expect: [fails('error_house_no_required', `${RECIPIENT}.houseNo`)] },
  { rule: 'blank text (only White_Space or zero-width characters) means absent', name: 'phone " " as the collection address\'s only contact is no contact', request: edit(collectionRequest(), set(`${PICKUP}.collectionRequestAddress.phone`, ' ')), expect: [fails('error_email_or_phone_required', `${PICKUP}.collectionRequestAddress`)] },

  { rule: 'enumerations', name: 'orderType "consignment" passes', request: minimumRequest(), expect: [] },
  { rule: 'enumerations', name: 'an unknown orderType is refused', request: edit(minimumRequest(), set(`${SERVICES}.orderType`, 'delivery')), expect: [fails('error_invalid_order_type', `${SERVICES}.orderType`)] },
  { rule: 'enumerations', name: 'orderType in another case is refused', request: edit(minimumRequest(), set(`${SERVICES}.orderType`, 'Consignment')), expect: [fails('error_invalid_order_type', `${SERVICES}.orderType`)] },
  { rule: 'enumerations', name: 'address type other than B or P is refused', request: edit(minimumRequest(), set(`${RECIPIENT}.type`, 'X')), expect: [fails('error_invalid_field_value', `${RECIPIENT}.type`)] },
  { rule: 'enumerations', name: 'several problems in one order are all reported', request: edit(minimumRequest(), set(`${SERVICES}.orderType`, 'x'), set(`${PARCEL}.weight`, 0), duplicate('order[0]')), expect: [fails('error_invalid_order_type', `${SERVICES}.orderType`), fails('error_value_too_small', `${PARCEL}.weight`), fails('error_invalid_order_type', 'order[1].productAndServiceData.orderType'), fails('error_value_too_small', 'order[1].parcels[0].weight')] },
];
