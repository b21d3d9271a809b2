// The error catalogue's codes for international shipments (crossing the EU customs border).
import { validationError, type ErrorEntry } from './error-entries.ts';

export const internationalErrors = {
  // ── International shipments (crossing the EU customs border) ──
  error_international_required: validationError(
    '{path} is required: the shipment from {from} to {to} crosses the EU customs border.',
    '{path} is verplicht: de zending van {from} naar {to} gaat over de douanegrens van de EU.',
  ),
  error_house_no_required: validationError(
    '{path} must be given separately from the street for a shipment from {from} to {to}.',
    '{path} moet apart van de straat worden opgegeven voor een zending van {from} naar {to}.',
  ),
  error_eori_or_vat_required: validationError(
    '{path} is a business address of an international shipment; give its eoriNumber or vatNumber.',
    '{path} is een zakelijk adres van een internationale zending; geef het eoriNumber of vatNumber op.',
  ),
  error_uk_eori_required: validationError(
    '{path} is required for a shipment to the United Kingdom.',
    '{path} is verplicht voor een zending naar het Verenigd Koninkrijk.',
  ),
  error_uk_vat_required: validationError(
    '{path} is required for a shipment to the United Kingdom.',
    '{path} is verplicht voor een zending naar het Verenigd Koninkrijk.',
  ),
  error_destination_country_registration_sender_only: validationError(
    '{path} may only be given for the sender.',
    '{path} mag alleen voor de afzender worden opgegeven.',
  ),
  error_destination_country_registration_uk_only: validationError(
    '{path} may only be given for a shipment to the United Kingdom.',
    '{path} mag alleen worden opgegeven voor een zending naar het Verenigd Koninkrijk.',
  ),
  error_destination_country_registration_required: validationError(
    '{path} is required: goods of {amount} {currency} meet the United Kingdom tax threshold of {threshold}.',
    '{path} is verplicht: goederen van {amount} {currency} bereiken de belastinggrens van het Verenigd Koninkrijk van {threshold}.',
  ),
  error_comment2_required: validationError(
    "{path} is required: goods of {amount} {currency} meet the United Kingdom tax threshold of {threshold}; give the sender's registration number.",
    '{path} is verplicht: goederen van {amount} {currency} bereiken de belastinggrens van het Verenigd Koninkrijk van {threshold}; geef het registratienummer van de afzender.',
  ),
  error_uk_currency_without_threshold: validationError(
    "{path} {value}: neither it nor customsCurrency {currency} has a United Kingdom registration threshold, so whether the sender's registration is required cannot be decided; give customsAmountEx in one of {values}.",
    '{path} {value}: noch deze noch customsCurrency {currency} heeft een registratiegrens van het Verenigd Koninkrijk, dus of de registratie van de afzender nodig is valt niet te bepalen; geef customsAmountEx in een van {values}.',
  ),
  error_consignee_vat_number_required: validationError(
    '{path} is required for a shipment to the United Kingdom.',
    '{path} is verplicht voor een zending naar het Verenigd Koninkrijk.',
  ),
  error_customs_terms_not_allowed: validationError(
    '{path} {value} is not allowed for a shipment to {to}; use one of {values}.',
    '{path} {value} is niet toegestaan voor een zending naar {to}; gebruik een van {values}.',
  ),
  error_parcel_type_must_be_false: validationError('{path} must be false.', '{path} moet false zijn.'),
  error_gross_weight_sum_mismatch: validationError(
    '{path} the gross weights of the invoice lines add up to {sum}, but the parcel weight is {weight}.',
    '{path} de brutogewichten van de factuurregels tellen op tot {sum}, maar het pakketgewicht is {weight}.',
  ),
  error_amount_line_sum_mismatch: validationError(
    '{path} the invoice line amounts add up to {sum}, but customsAmount is {amount}.',
    '{path} de bedragen van de factuurregels tellen op tot {sum}, maar customsAmount is {amount}.',
  ),
} as const satisfies Record<string, ErrorEntry>;
