// The error catalogue's codes for EndOfDayService endOfDay: a period
// that is not one, or asks for more than one manifest holds (docs/decisions.md, "End of day").
import { validationError, type ErrorEntry } from './error-entries.ts';

export const endOfDayErrors = {
  error_period_reversed: validationError(
    '{path} ends at {to}, not after it begins at {from}: give a period that ends after it begins.',
    '{path} eindigt om {to}, niet na het begin om {from}: geef een periode op die na het begin eindigt.',
  ),
  error_period_too_long: validationError(
    '{path} {from} – {to} is longer than {max} days: ask for the manifest of a shorter period.',
    '{path} {from} – {to} is langer dan {max} dagen: vraag het manifest van een kortere periode op.',
  ),
  error_manifest_too_many_parcels: validationError(
    '{path} holds more than {max} parcels, more than one manifest lists: ask for a shorter period.',
    '{path} bevat meer dan {max} pakketten, meer dan één manifest bevat: vraag een kortere periode op.',
  ),
} as const satisfies Record<string, ErrorEntry>;
