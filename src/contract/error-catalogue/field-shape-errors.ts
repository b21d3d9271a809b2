// The error catalogue's codes for field shape, from the contract model: a type, a length, a pattern, a field unknown or missing.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const fieldShapeErrors = {
  // ── Field shape, from the contract model ──
  // {suggestion}: did_you_mean when a field's name is close, else nothing.
  error_unknown_field: validationError(
    '{path} is not a field of this request.{suggestion}',
    '{path} is geen veld van dit verzoek.{suggestion}',
  ),
  error_missing_field: validationError('{path} is required.', '{path} is verplicht.'),
  error_invalid_type: validationError('{path} must be {expected}.', '{path} moet {expected} zijn.'),
  error_field_too_long: validationError(
    '{path} is longer than {max} {max|character|characters}.',
    '{path} is langer dan {max} {max|teken|tekens}.',
  ),
  error_field_too_short: validationError(
    '{path} is shorter than {min} {min|character|characters}.',
    '{path} is korter dan {min} {min|teken|tekens}.',
  ),
  error_invalid_field_length: validationError(
    '{path} must be exactly {length} {length|character|characters} long.',
    '{path} moet precies {length} {length|teken|tekens} lang zijn.',
  ),
  error_invalid_field_value: validationError('{path} must be one of {values}.', '{path} moet een van {values} zijn.'),
  error_invalid_field_format: validationError('{path} must contain {format}.', '{path} mag alleen {format} bevatten.'),
  error_control_character: validationError(
    '{path} holds the control character {character}; give printable text only (tab, line feed and carriage return are allowed).',
    '{path} bevat het stuurteken {character}; geef alleen afdrukbare tekst op (tab, regelovergang en regelterugloop zijn toegestaan).',
  ),
  error_value_too_large: validationError('{path} must be at most {max}.', '{path} mag hoogstens {max} zijn.'),
  error_value_too_small: validationError('{path} must be at least {min}.', '{path} moet minstens {min} zijn.'),
  error_too_many_entries: validationError(
    '{path} has more than {max} {max|entry|entries}.',
    '{path} heeft meer dan {max} {max|element|elementen}.',
  ),
  error_too_few_entries: validationError(
    '{path} needs at least {min} {min|entry|entries}.',
    '{path} heeft minstens {min} {min|element|elementen} nodig.',
  ),
  error_too_many_orders: validationError(
    '{path} has more than {max} orders; send at most 30 orders per request.',
    '{path} bevat meer dan {max} orders; stuur hoogstens 30 orders per verzoek.',
  ),
  error_no_orders: validationError('{path} must contain at least one order.', '{path} moet minstens één order bevatten.'),
} as const satisfies Record<string, ErrorEntry>;
