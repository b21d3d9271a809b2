// Errors the domain and its ports throw for unexpected or operator-facing conditions. Expected
// request problems are values (violations, faults), never thrown.

/** An account with this delisId exists already. */
export class DuplicateAccountError extends Error {
  readonly code = 'ERR_DUPLICATE_ACCOUNT';
  constructor(readonly delisId: string) {
    super(`an account with delisId ${delisId} exists already`);
    this.name = 'DuplicateAccountError';
  }
}
