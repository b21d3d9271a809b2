// Errors the domain and its ports throw for unexpected or operator-facing conditions. Expected
// request problems are values (violations, faults), never thrown.
import { MAX_SERIAL } from './parcel-number.ts';

/** An account with this delisId exists already. */
export class DuplicateAccountError extends Error {
  readonly code = 'ERR_DUPLICATE_ACCOUNT';
  constructor(readonly delisId: string) {
    super(`an account with delisId ${delisId} exists already`);
    this.name = 'DuplicateAccountError';
  }
}

/** Every 10-digit serial has been issued; no parcel number can be made any more. */
export class SerialsExhaustedError extends Error {
  readonly code = 'ERR_SERIALS_EXHAUSTED';
  constructor(readonly requested: number) {
    super(`the parcel serial space (1 to ${MAX_SERIAL}) is used up: ${requested} more cannot be issued`);
    this.name = 'SerialsExhaustedError';
  }
}
