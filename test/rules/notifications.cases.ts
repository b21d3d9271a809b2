// Notifications (predict, parcelShopNotification, proactiveNotification, and personalDeliveryNotification
// over SOAP): channel 1 to 3, an e-mail value for channel 1, ISO language, at most five proactive ones.
import { edit, minimumRequest, remove, set, shopDeliveryRequest, type JsonObject } from '../fixtures/requests.ts';
import { fails, SERVICES, type RuleCase } from './run-cases.ts';

const PREDICT = `${SERVICES}.predict`;
const PROACTIVE = `${SERVICES}.proactiveNotification`;
const predict = (fields: JsonObject) =>
  edit(minimumRequest(), set(PREDICT, { channel: 1, value: 'ontvanger@example.nl', language: 'NL', ...fields }));
const proactive = (rule: number): JsonObject => ({ channel: 3, value: '+31612345678', rule, language: 'nl' });
const proactiveList = (...entries: JsonObject[]) => edit(minimumRequest(), set(PROACTIVE, entries));

export const notificationCases: readonly RuleCase[] = [
  { rule: 'channel 1 (e-mail), 2 (telephone) or 3 (SMS)', name: 'e-mail passes', request: predict({}), expect: [] },
  {
    rule: 'channel 1 (e-mail), 2 (telephone) or 3 (SMS)',
    name: 'telephone passes',
    request: predict({ channel: 2, value: '020 123 45 67' }),
    expect: [],
  },
  {
    rule: 'channel 1 (e-mail), 2 (telephone) or 3 (SMS)',
    name: 'SMS passes',
    request: predict({ channel: 3, value: '+31612345678' }),
    expect: [],
  },
  {
    rule: 'channel 1 (e-mail), 2 (telephone) or 3 (SMS)',
    name: 'channel 4 is refused',
    request: predict({ channel: 4 }),
    expect: [fails('error_invalid_notification_channel', `${PREDICT}.channel`)],
  },
  {
    rule: 'channel 1 (e-mail), 2 (telephone) or 3 (SMS)',
    name: 'channel 0 is refused',
    request: predict({ channel: 0 }),
    expect: [fails('error_invalid_notification_channel', `${PREDICT}.channel`)],
  },
  {
    rule: 'channel 1 (e-mail), 2 (telephone) or 3 (SMS)',
    name: 'channel "1" as text over REST is refused',
    request: predict({ channel: '1' }),
    expect: [fails('error_invalid_type', `${PREDICT}.channel`)],
  },
  {
    rule: 'channel 1 (e-mail), 2 (telephone) or 3 (SMS)',
    name: 'a missing channel is refused',
    request: edit(predict({}), remove(`${PREDICT}.channel`)),
    expect: [fails('error_missing_field', `${PREDICT}.channel`)],
  },

  {
    rule: 'an e-mail notification needs an e-mail address',
    name: 'a phone number for SMS is not checked as an e-mail address',
    request: predict({ channel: 3, value: '+31612345678' }),
    expect: [],
  },
  {
    rule: 'telephone and SMS notifications need a phone number',
    name: 'a phone number with a country code and spaces passes',
    request: predict({ channel: 3, value: '+31 6 1234 5678' }),
    expect: [],
  },
  {
    rule: 'telephone and SMS notifications need a phone number',
    name: 'text for SMS is refused',
    request: predict({ channel: 3, value: 'call me' }),
    expect: [fails('error_incorrect_phone_number_for_notification', `${PREDICT}.value`)],
  },
  {
    rule: 'telephone and SMS notifications need a phone number',
    name: 'markup for telephone is refused',
    request: predict({ channel: 2, value: '<script>alert(1)</script>' }),
    expect: [fails('error_incorrect_phone_number_for_notification', `${PREDICT}.value`)],
  },
  {
    rule: 'telephone and SMS notifications need a phone number',
    name: 'a number followed by a line break and a header is refused',
    request: proactiveList({ ...proactive(1), value: '+3161\r\nX-Evil: 1' }),
    expect: [fails('error_incorrect_phone_number_for_notification', `${PROACTIVE}[0].value`)],
  },
  {
    rule: 'telephone and SMS notifications need a phone number',
    name: 'too few digits are refused',
    request: predict({ channel: 3, value: '+3161' }),
    expect: [fails('error_incorrect_phone_number_for_notification', `${PREDICT}.value`)],
  },
  {
    rule: 'telephone and SMS notifications need a phone number',
    name: 'more than 15 digits are refused',
    request: predict({ channel: 2, value: '0031612345678901234' }),
    expect: [fails('error_incorrect_phone_number_for_notification', `${PREDICT}.value`)],
  },
  {
    rule: 'an e-mail notification needs an e-mail address',
    name: 'a phone number for e-mail is refused',
    request: predict({ value: '+31612345678' }),
    expect: [fails('error_incorrect_email_address_for_notification', `${PREDICT}.value`)],
  },
  {
    rule: 'an e-mail notification needs an e-mail address',
    name: 'the shop notification is checked',
    request: edit(shopDeliveryRequest(), set(`${SERVICES}.parcelShopDelivery.parcelShopNotification.value`, 'jan.jansen@')),
    expect: [fails('error_incorrect_email_address_for_notification', `${SERVICES}.parcelShopDelivery.parcelShopNotification.value`)],
  },
  {
    rule: 'an e-mail notification needs an e-mail address',
    name: 'a proactive notification is checked',
    request: proactiveList({ ...proactive(1), channel: 1, value: 'no-at-sign.example' }),
    expect: [fails('error_incorrect_email_address_for_notification', `${PROACTIVE}[0].value`)],
  },
  {
    rule: 'an e-mail notification needs an e-mail address',
    name: 'personalDeliveryNotification over SOAP is checked',
    binding: 'soap',
    request: edit(minimumRequest(), set(`${SERVICES}.personalDeliveryNotification`, { channel: 1, value: 'x@', language: 'NL' })),
    expect: [fails('error_incorrect_email_address_for_notification', `${SERVICES}.personalDeliveryNotification.value`)],
  },
  {
    rule: 'an e-mail notification needs an e-mail address',
    name: 'a lone surrogate is refused, not thrown',
    request: predict({ value: '\uDC00@example.nl' }),
    expect: [fails('error_invalid_field_format', `${PREDICT}.value`)],
  },
  {
    rule: 'an e-mail notification needs an e-mail address',
    name: 'a value of 51 characters is refused',
    request: predict({ value: `${'a'.repeat(40)}@example.nl` }),
    expect: [fails('error_field_too_long', `${PREDICT}.value`)],
  },

  { rule: 'language: ISO 639-1 or ISO 3166-1, two letters, any case', name: 'NL passes', request: predict({ language: 'NL' }), expect: [] },
  { rule: 'language: ISO 639-1 or ISO 3166-1, two letters, any case', name: 'en passes', request: predict({ language: 'en' }), expect: [] },
  {
    rule: 'language: ISO 639-1 or ISO 3166-1, two letters, any case',
    name: 'GB (a country, not a language) passes',
    request: predict({ language: 'GB' }),
    expect: [],
  },
  {
    rule: 'language: ISO 639-1 or ISO 3166-1, two letters, any case',
    name: 'xq is refused',
    request: predict({ language: 'xq' }),
    expect: [fails('error_invalid_notification_language', `${PREDICT}.language`)],
  },
  {
    rule: 'language: ISO 639-1 or ISO 3166-1, two letters, any case',
    name: 'nld is refused',
    request: predict({ language: 'nld' }),
    expect: [fails('error_invalid_field_length', `${PREDICT}.language`)],
  },
  {
    rule: 'language: ISO 639-1 or ISO 3166-1, two letters, any case',
    name: 'digits are refused',
    request: predict({ language: '31' }),
    expect: [fails('error_invalid_field_format', `${PREDICT}.language`)],
  },
  {
    rule: 'language: ISO 639-1 or ISO 3166-1, two letters, any case',
    name: 'a missing language is refused (reference: required)',
    request: edit(predict({}), remove(`${PREDICT}.language`)),
    expect: [fails('error_missing_field', `${PREDICT}.language`)],
  },

  {
    rule: 'proactiveNotification: at most 5, rule from the operator table',
    name: '5 notifications pass',
    request: proactiveList(proactive(1), proactive(2), proactive(4), proactive(8), proactive(63)),
    expect: [],
  },
  {
    rule: 'proactiveNotification: at most 5, rule from the operator table',
    name: '6 notifications are refused',
    request: proactiveList(proactive(1), proactive(2), proactive(4), proactive(8), proactive(16), proactive(32)),
    expect: [fails('error_too_many_entries', PROACTIVE)],
  },
  {
    rule: 'proactiveNotification: at most 5, rule from the operator table',
    name: 'rule 64 is refused',
    request: proactiveList(proactive(64)),
    expect: [fails('error_invalid_proactive_notification_rule', `${PROACTIVE}[0].rule`)],
  },
  {
    rule: 'proactiveNotification: at most 5, rule from the operator table',
    name: 'rule 0 is refused',
    request: proactiveList(proactive(1), proactive(0)),
    expect: [fails('error_invalid_proactive_notification_rule', `${PROACTIVE}[1].rule`)],
  },
  {
    rule: 'proactiveNotification: at most 5, rule from the operator table',
    name: 'a missing rule is refused',
    request: proactiveList({ ...proactive(1), rule: null }),
    expect: [fails('error_missing_field', `${PROACTIVE}[0].rule`)],
  },
];
