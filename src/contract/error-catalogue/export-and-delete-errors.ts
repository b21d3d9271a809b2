// The error catalogue's codes for exportOrders and deleteOrders, per parcel label number.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const exportAndDeleteErrors = {
  // ── exportOrders and deleteOrders, per parcel label number ──
  error_wrong_check_character: validationError(
    '{path} {value} ends in the check character {given}, but the check character of {number} is {expected}: copy it from the label, or leave it out.',
    '{path} {value} eindigt op het controleteken {given}, maar het controleteken van {number} is {expected}: neem het over van het label, of laat het weg.',
  ),
  error_parcel_not_found: validationError(
    '{path} {value} is not a parcel of this account.',
    '{path} {value} is geen pakket van dit account.',
  ),
  error_parcel_already_transferred: validationError('{path} {value} was transferred already.', '{path} {value} is al overgedragen.'),
  error_parcel_deleted: validationError('{path} {value} was deleted.', '{path} {value} is verwijderd.'),
  error_parcel_expired: validationError(
    '{path} {value}: its shipment data expired 28 days after the transfer and can no longer be matched.',
    '{path} {value}: de zendingsgegevens zijn 28 dagen na de overdracht verlopen en kunnen niet meer worden gekoppeld.',
  ),
  error_late_export_not_active: validationError(
    '{path} {value}: late export is not active for this account; shipment data is transferred when the label is created.',
    '{path} {value}: late export is niet actief voor dit account; de zendingsgegevens worden overgedragen bij het maken van het label.',
  ),
  error_consolidation_date_in_future: validationError(
    '{path} {value} has not begun yet; a shipping day can be closed from that day on (today is {today}).',
    '{path} {value} is nog niet begonnen; een verzenddag kan vanaf die dag worden afgesloten (vandaag is {today}).',
  ),
} as const satisfies Record<string, ErrorEntry>;
