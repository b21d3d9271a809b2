// The error catalogue's codes for orders and parcels.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const orderErrors = {
  // ── Orders and parcels ──
  error_parcels_not_allowed_for_pickup_order: validationError(
    '{path} must be omitted for a pickup order (orderType pickup information).',
    '{path} moet worden weggelaten bij een ophaalopdracht (orderType pickup information).',
  ),
  error_parcel_required: validationError(
    '{path} needs at least one parcel for orderType {orderType}.',
    '{path} heeft minstens één pakket nodig voor orderType {orderType}.',
  ),
  error_too_many_parcels: validationError(
    '{path} has {count} parcels; an order takes at most {max}.',
    '{path} heeft {count} pakketten; een order heeft er hoogstens {max}.',
  ),
  error_multiple_parcels_to_uk: validationError(
    '{path} has {count} parcels; shipments to the United Kingdom take one parcel per order.',
    '{path} heeft {count} pakketten; zendingen naar het Verenigd Koninkrijk hebben één pakket per order.',
  ),
  error_return_parcel_position: validationError(
    '{path} is a return parcel; it must be the only parcel or directly follow an outbound parcel.',
    '{path} is een retourpakket; het moet het enige pakket zijn of direct na een uitgaand pakket komen.',
  ),
  error_invalid_parcel_letter: validationError(
    '{path} exceeds the ParcelLetter maximum ({limit}).',
    '{path} overschrijdt het maximum voor ParcelLetter ({limit}).',
  ),
  error_parcel_letter_volume_required: validationError(
    '{path} is required for product PL (ParcelLetter): the parcel must be within the ParcelLetter maximum ({limit}).',
    '{path} is verplicht voor product PL (ParcelLetter): het pakket moet binnen het maximum voor ParcelLetter blijven ({limit}).',
  ),
  error_email_or_phone_required: validationError(
    '{path} needs a phone number or an e-mail address.',
    '{path} heeft een telefoonnummer of een e-mailadres nodig.',
  ),
} as const satisfies Record<string, ErrorEntry>;
