// The addresses an account logged in from (issue 28): a login from one of them keeps its own failure
// budget when guesses spread over many addresses have spent the account's (login-throttle.ts). Kept as
// HMACs under the server's secret, so the database holds no client address.
import { createHmac } from 'node:crypto';

/** How many addresses an account keeps: its most recent ones. */
export const KNOWN_ADDRESSES_PER_ACCOUNT = 10;

/** A known address's last login is written again once it is older than this (a login costs no write otherwise). Default 1 day. */
export const KNOWN_ADDRESS_REFRESH_MS = 24 * 60 * 60_000;

/** The stored form of an address key (login-throttle.ts clientAddressKey: an IPv6 client's /64). */
export function knownAddressHash(secret: Buffer, addressKey: string): string {
  // A label of its own, so the value is never a token the same secret derives (auth-token.ts).
  return createHmac('sha256', secret).update(`known-login-address\0${addressKey}`).digest('hex');
}

/** Whether a successful login from an address last seen at `lastSeen` (undefined: unknown) is to be written. */
export function isRememberDue(lastSeen: Date | undefined, now: Date): boolean {
  return lastSeen === undefined || now.getTime() - lastSeen.getTime() >= KNOWN_ADDRESS_REFRESH_MS;
}
