// The error catalogue's codes for the codes the specification names ("Errors").
import { validationError, type ErrorEntry } from './error-entries.ts';

export const specificationErrors = {
  // ── Codes named by the specification ("Errors") ──
  error_parcel_exceeds_maximum_allowed_weight: validationError(
    '{path} exceeds the maximum allowed weight of {max} decagrams (31.5 kg).',
    '{path} overschrijdt het maximaal toegestane gewicht van {max} decagram (31,5 kg).',
  ),
  error_invalid_dest_zip: validationError(
    '{path} {zipCode} is not a valid postcode for {country}.',
    '{path} {zipCode} is geen geldige postcode voor {country}.',
  ),
  error_incorrect_email_address: validationError('{path} is not a valid e-mail address.', '{path} is geen geldig e-mailadres.'),
  error_incorrect_email_address_for_notification: validationError(
    '{path} is not a valid e-mail address for a notification by e-mail (channel 1).',
    '{path} is geen geldig e-mailadres voor een melding per e-mail (kanaal 1).',
  ),
} as const satisfies Record<string, ErrorEntry>;
