// The error catalogue's codes for the account.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const accountErrors = {
  // ── Account ──
  error_sending_depot_not_allowed: validationError(
    '{path} {value} is not a depot of this account; use one of {values}.',
    '{path} {value} is geen depot van dit account; gebruik een van {values}.',
  ),
} as const satisfies Record<string, ErrorEntry>;
