// The error catalogue's codes for pickup orders and collection requests.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const pickupErrors = {
  // ── Pickup orders and collection requests ──
  error_pickup_required: validationError(
    '{path} is required for orderType {orderType}.',
    '{path} is verplicht voor orderType {orderType}.',
  ),
  error_pickup_order_not_alone: validationError(
    '{path} is a pickup order: send it in a request of its own, without other orders (this request has {count}).',
    '{path} is een ophaalopdracht: stuur die in een eigen verzoek, zonder andere orders (dit verzoek heeft er {count}).',
  ),
  error_pickup_not_allowed: validationError(
    '{path} is only allowed for pickup orders and collection requests.',
    '{path} is alleen toegestaan bij ophaalopdrachten en ophaalverzoeken.',
  ),
  error_collection_request_address_required: validationError(
    '{path} is required for a collection request.',
    '{path} is verplicht voor een ophaalverzoek.',
  ),
  error_collection_request_address_not_allowed: validationError(
    '{path} is only allowed for a collection request.',
    '{path} is alleen toegestaan bij een ophaalverzoek.',
  ),
  error_pickup_day_mismatch: validationError(
    '{path} is {value}, but {date} is a {weekday} ({expected}).',
    '{path} is {value}, maar {date} is een {weekday} ({expected}).',
  ),
  error_pickup_date_in_past: validationError(
    '{path} {value} is in the past; the earliest pickup date is {earliest}.',
    '{path} {value} ligt in het verleden; de vroegste ophaaldatum is {earliest}.',
  ),
  error_pickup_date_not_business_day: validationError('{path} {value} is not a business day.', '{path} {value} is geen werkdag.'),
  error_invalid_time: validationError(
    '{path} {value} is not a time of day in the form hhmm.',
    '{path} {value} is geen tijdstip in de vorm uumm.',
  ),
  error_time_range: validationError('{path} {from} must be earlier than {to}.', '{path} {from} moet eerder zijn dan {to}.'),
  error_time_windows_overlap: validationError(
    '{path} {from} starts before the first window ends ({to}): the second window must follow the first.',
    '{path} {from} begint voordat het eerste venster eindigt ({to}): het tweede venster moet op het eerste volgen.',
  ),
  error_pickup_time_incomplete: validationError(
    '{path} needs both a from-time and a to-time.',
    '{path} heeft zowel een begin- als een eindtijd nodig.',
  ),
  error_pickup_not_approved: validationError(
    '{path} pickup orders and collection requests are not yet enabled for this account on live; the operator approves them after a stage test.',
    '{path} ophaalopdrachten en ophaalverzoeken zijn voor dit account nog niet actief op live; de beheerder keurt ze goed na een test op stage.',
  ),
} as const satisfies Record<string, ErrorEntry>;
