// Login tokens: random, derived as HMAC(server secret, nonce) so a valid token can be handed out
// again, and stored only as a SHA-256 hash (docs/decisions.md "Tokens and instants").
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuthToken } from '../ports/login-ports.ts';

/** 32 bytes as unpadded base64url: 43 characters, within the spec's maxLength 64. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Token validity (spec "Authentication" 1). */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

function newNonce(): string {
  return randomBytes(32).toString('base64url');
}

/** The token text of a nonce under the server secret. */
export function deriveToken(secret: Buffer, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token, valid from `now` for TOKEN_LIFETIME_MS, as the store keeps it (for an account the store adds). */
export function issueToken(secret: Buffer, now: Date): Omit<AuthToken, 'accountId'> {
  const nonce = newNonce();
  return {
    nonce,
    tokenHash: hashToken(deriveToken(secret, nonce)),
    issuedAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
  };
}

/** Whether `secret` derives `token` from its nonce (else it was made under another secret). */
export function isDerivedBy(secret: Buffer, token: AuthToken): boolean {
  return sameHash(hashToken(deriveToken(secret, token.nonce)), token.tokenHash);
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
