// The error catalogue's codes for authentication: a login refused, a token not valid, too many attempts
// (failed logins, or wrong tokens from one address).
import { authenticationError, type ErrorEntry } from './error-entries.ts';

export const authenticationErrors = {
  // ── Authentication (spec "Authentication"; codes: docs/decisions.md "Tokens and instants") ──
  DELICOM_ERR_AUTHENTICATION: authenticationError(401, 'Authentication failed: {reason}.', 'Authenticatie mislukt: {reason}.'),
  ERR_DELICOM_TOKEN_INCORRECT: authenticationError(
    401,
    'The authentication token is not valid for this user. Request a new token with getAuth.',
    'Het authenticatietoken is niet geldig voor deze gebruiker. Vraag een nieuw token aan met getAuth.',
  ),
  ERR_DELICOM_TOKEN_EXPIRED: authenticationError(
    401,
    'The authentication token has expired. Request a new token with getAuth.',
    'Het authenticatietoken is verlopen. Vraag een nieuw token aan met getAuth.',
  ),
  ERR_TOO_MANY_LOGIN_ATTEMPTS: authenticationError(
    429,
    'Too many failed logins. Try again in {seconds} {seconds|second|seconds}.',
    'Te veel mislukte aanmeldingen. Probeer het over {seconds} {seconds|seconde|seconden} opnieuw.',
  ),
  // Wrong tokens from one client address (domain/login/token-failures.ts).
  ERR_TOO_MANY_TOKEN_FAILURES: authenticationError(
    429,
    'Too many calls from your address with an authentication token that is not valid. Try again in {seconds} {seconds|second|seconds}, with a token from getAuth.',
    'Te veel verzoeken vanaf uw adres met een authenticatietoken dat niet geldig is. Probeer het over {seconds} {seconds|seconde|seconden} opnieuw, met een token van getAuth.',
  ),
} as const satisfies Record<string, ErrorEntry>;
