// The texts that fill the messages' placeholders, in each message language.
import { reasonText, type LocalizedText } from './error-entries.ts';

/**
 * The texts that fill a message's `{reason}`, `{expected}` or `{format}`, in each message language:
 * why a request was refused, what a value should have been. docs/errors.md lists them beside the
 * codes; `fill` makes one of them a parameter.
 */
export const reasonCatalogue = {
  // ── {reason} of ERR_INVALID_ENVELOPE, REST ──
  envelope_not_an_object: reasonText('the body must be a JSON object', 'de body moet een JSON-object zijn'),
  envelope_unexpected_keys: reasonText(
    'unexpected {extra}; the body holds "authentication" and "{payload}"',
    'onverwacht {extra}; de body bevat "authentication" en "{payload}"',
  ),
  envelope_missing_object: reasonText('the object "{key}" is missing', 'het object "{key}" ontbreekt'),
  envelope_several_objects: reasonText('send only one of {present}', 'stuur slechts één van {present}'),
  envelope_part_not_an_object: reasonText('"{key}" must be a JSON object', '"{key}" moet een JSON-object zijn'),
  // ── {reason} of ERR_INVALID_ENVELOPE, SOAP (once the header is read; earlier problems are told in English) ──
  soap_unknown_operation: reasonText(
    '{name} is not an operation of {service}; the body holds one of {declared}',
    '{name} is geen operatie van {service}; de body bevat een van {declared}',
  ),
  soap_wrong_namespace: reasonText(
    'the body element {name} must be in namespace {expected}, not {found}',
    'het body-element {name} moet in namespace {expected} staan, niet in {found}',
  ),
  soap_no_namespace: reasonText(
    'the body element {name} must be in namespace {expected}, not in no namespace',
    'het body-element {name} moet in namespace {expected} staan, niet zonder namespace',
  ),
  soap_qualified_children: reasonText(
    '{path} is in namespace {uri}, but the elements inside {name} are unqualified (no namespace)',
    '{path} staat in namespace {uri}, maar de elementen binnen {name} hebben geen namespace',
  ),
  soap_several_authentication: reasonText(
    'the soap:Header holds {count} authentication entries; send one',
    'de soap:Header bevat {count} authentication-elementen; stuur er één',
  ),
  // ── {reason} of DELICOM_ERR_AUTHENTICATION ──
  login_refused: reasonText('unknown delisId or wrong password', 'onbekende delisId of onjuist wachtwoord'),
  account_disabled: reasonText(
    'the account is disabled; the operator of this service can enable it again',
    'het account is uitgeschakeld; de beheerder van deze dienst kan het weer inschakelen',
  ),
  token_malformed: reasonText('authToken is not a token issued by getAuth', 'het authToken heeft niet de vorm van een token'),
  // ── {expected} of error_invalid_type ──
  expected_object: reasonText('an object', 'een object'),
  expected_list: reasonText('a list', 'een lijst'),
  expected_text: reasonText('text', 'tekst'),
  expected_text_or_whole_number: reasonText('text or a whole number', 'tekst of een geheel getal'),
  expected_whole_number: reasonText('a whole number', 'een geheel getal'),
  expected_whole_number_in: reasonText('a whole number from {min} to {max}', 'een geheel getal van {min} tot en met {max}'),
  expected_number: reasonText('a number', 'een getal'),
  expected_boolean: reasonText('true or false', 'true of false'),
  expected_no_value: reasonText('no value', 'leeg'),
  expected_in_namespace: reasonText('in namespace {namespace}', 'in namespace {namespace}'),
  expected_unqualified: reasonText('unqualified (without a namespace)', 'ongekwalificeerd (zonder namespace)'),
  expected_no_text_between: reasonText('elements without text between them', 'elementen zonder tekst ertussen'),
  expected_given_once: reasonText('given once', 'één keer opgegeven'),
  // ── {suggestion} of error_unknown_field ──
  did_you_mean: reasonText(' Did you mean {name}?', ' Bedoelde u {name}?'),
  // ── {suggestion} of ERR_NOT_FOUND, besides did_you_mean ──
  did_you_mean_either: reasonText(' Did you mean {first} or {second}?', ' Bedoelde u {first} of {second}?'),
  // ── {format} of error_invalid_field_format ──
  format_any: reasonText('the right format', 'de juiste vorm'),
  format_well_formed_text: reasonText('well-formed Unicode text', 'geldige Unicode-tekst'),
  format_clock_time: reasonText('a time HH:MM', 'een tijd UU:MM'),
  format_iso_date: reasonText('a date YYYY-MM-DD', 'een datum JJJJ-MM-DD'),
  // ── {reason} of error_scenario_not_applicable ──
  scenario_needs_psd: reasonText(
    'it needs product PSD (a parcel shop chosen by the sender)',
    'het vraagt product PSD (een pakketshop die de verzender koos)',
  ),
  scenario_not_for_psd: reasonText(
    'a PSD parcel goes to its parcel shop: delivered, parcel_shop_delivery or lost',
    'een PSD-pakket gaat naar zijn pakketshop: delivered, parcel_shop_delivery of lost',
  ),
  scenario_needs_customs_border: reasonText(
    'it needs a destination beyond the EU customs border',
    'het vraagt een bestemming buiten de douanegrens van de EU',
  ),
  scenario_not_for_return: reasonText(
    'a return parcel goes back to its sender: delivered or lost',
    'een retourpakket gaat terug naar de afzender: delivered of lost',
  ),
  scenario_needs_consignment: reasonText(
    "only a consignment's parcels walk a journey (orderType consignment)",
    'alleen de pakketten van een zending (orderType consignment) volgen een route',
  ),
} as const satisfies Record<string, LocalizedText>;
