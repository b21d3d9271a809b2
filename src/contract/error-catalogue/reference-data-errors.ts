// The error catalogue's codes for reference data: countries, postcodes, dates and the like.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const referenceDataErrors = {
  // ── Reference data ──
  error_invalid_country: validationError(
    '{path} {value} is not an ISO 3166-1 alpha-2 country code.',
    '{path} {value} is geen ISO 3166-1 alpha-2 landcode.',
  ),
  error_invalid_currency: validationError(
    '{path} {value} is not an ISO 4217 currency code.',
    '{path} {value} is geen ISO 4217 valutacode.',
  ),
  error_invalid_zip_format: validationError(
    '{path} must contain only letters and digits, without spaces or dashes.',
    '{path} mag alleen letters en cijfers bevatten, zonder spaties of streepjes.',
  ),
  error_state_only_for_us: validationError(
    '{path} may only be given for addresses in the United States.',
    '{path} mag alleen worden opgegeven voor adressen in de Verenigde Staten.',
  ),
  error_invalid_state: validationError(
    '{path} {value} is not a US state or territory (ISO 3166-2 code without the US- prefix).',
    '{path} {value} is geen staat of territorium van de VS (ISO 3166-2-code zonder het voorvoegsel US-).',
  ),
  error_invalid_date: validationError(
    '{path} {value} is not a real date in the form YYYYMMDD.',
    '{path} {value} is geen bestaande datum in de vorm JJJJMMDD.',
  ),
  error_invalid_volume: validationError(
    '{path} must be at most 9 digits giving length, width and height in cm as LLLWWWHHH.',
    '{path} moet hoogstens 9 cijfers bevatten: lengte, breedte en hoogte in cm als LLLBBBHHH.',
  ),
  error_invalid_notification_language: validationError(
    '{path} {value} is not an ISO 639-1 language or ISO 3166-1 country code.',
    '{path} {value} is geen ISO 639-1 taalcode of ISO 3166-1 landcode.',
  ),
  error_invalid_notification_channel: validationError(
    '{path} must be 1 (e-mail), 2 (telephone) or 3 (SMS).',
    '{path} moet 1 (e-mail), 2 (telefoon) of 3 (sms) zijn.',
  ),
  error_incorrect_phone_number_for_notification: validationError(
    '{path} is not a phone number for a notification by telephone or SMS (channel {channel}): give 6 to 15 digits, optionally after + and spaces between them, for example +31 6 12345678.',
    '{path} is geen telefoonnummer voor een melding per telefoon of sms (kanaal {channel}): geef 6 tot 15 cijfers, eventueel na + en met spaties ertussen, bijvoorbeeld +31 6 12345678.',
  ),
  error_invalid_product: validationError(
    '{path} {value} is not a product; use one of {values}.',
    '{path} {value} is geen product; gebruik een van {values}.',
  ),
  error_invalid_order_type: validationError('{path} must be one of {values}.', '{path} moet een van {values} zijn.'),
  error_invalid_printer_resolution: validationError('{path} must be 203, 300 or 600 dpi.', '{path} moet 203, 300 of 600 dpi zijn.'),
  error_invalid_parcel_label_number: validationError(
    '{path} must be a parcel label number of 14 digits.',
    '{path} moet een pakketnummer van 14 cijfers zijn.',
  ),
} as const satisfies Record<string, ErrorEntry>;
