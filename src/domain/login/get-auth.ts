// LoginService getAuth: checks delisId and password and hands out the account's login token,
// the same one again while it is valid (docs/decisions.md "Tokens and instants").
import type { Decoded } from '../../contract/schema/decode.ts';
import { fill, formatMessage, messageLanguageOf, type MessageLanguage } from '../../contract/error-catalogue.ts';
import type { GetAuth } from '../../contract/login-service.ts';
import { accountTime } from '../core/account-clock.ts';
import { deriveToken, isDerivedBy, issueToken } from './auth-token.ts';
import { throttleKeys } from './login-throttle.ts';
import { isRememberDue, KNOWN_ADDRESSES_PER_ACCOUNT, knownAddressHash } from './known-addresses.ts';
import { fail, succeed, type Outcome } from '../core/outcome.ts';
import { decoyHash, verifyPassword } from './password.ts';
import type { Dependencies } from '../dependencies.ts';

/** getAuth's answer (getAuthResponse.return). */
export interface AuthResult {
  readonly delisId: string;
  readonly customerUid: string;
  readonly authToken: string;
  readonly depot: string;
  readonly authTokenExpires: Date;
}

/** The language a getAuth answer is written in: Dutch for a valid `nl_*`, else English (messageLanguageOf). */
export function loginLanguage(input: unknown): MessageLanguage {
  const language = (input as { messageLanguage?: unknown } | null)?.messageLanguage;
  return messageLanguageOf(language);
}

export async function getAuth(deps: Dependencies, request: Decoded<typeof GetAuth>, clientAddress: string): Promise<Outcome<AuthResult>> {
  const { value, violations } = request;
  const language = loginLanguage(value);
  if (violations.length > 0 || value?.delisId === undefined || value.password === undefined) {
    const first = violations[0];
    const reason =
      first === undefined ? 'delisId and password are required' : formatMessage(first.code, language, first.params).replace(/\.$/, '');
    return fail('DELICOM_ERR_AUTHENTICATION', { reason });
  }
  const keys = throttleKeys(value.delisId, clientAddress);
  const secret = deps.settings.tokenSecret;
  const addressHash = knownAddressHash(secret, keys.address);
  // Looked up once: by the throttle when the delisId's failures from anywhere are spent, else after success.
  let lookUp: Promise<Date | undefined> | undefined;
  const { delisId } = value;
  const findLastSeen = () => (lookUp ??= deps.knownAddresses.findKnownAddress(delisId, addressHash));
  // The attempt is recorded before the slow check, so parallel guesses cannot all pass one test.
  const admission = await deps.throttle.begin(keys.all, { isKnownAddress: async () => (await findLastSeen()) !== undefined });
  if (!admission.admitted) return fail('ERR_TOO_MANY_LOGIN_ATTEMPTS', { seconds: Math.ceil(admission.waitMs / 1000) });

  const account = await deps.accounts.findAccount(value.delisId);
  // Verify against a decoy when the account is unknown, so timing does not tell which delisIds exist.
  const passwordOk = await verifyPassword(value.password, account?.passwordHash ?? decoyHash);
  if (account === undefined || !passwordOk) {
    await deps.throttle.fail(admission.attempt);
    return fail('DELICOM_ERR_AUTHENTICATION', {
      reason: fill('login_refused'),
    });
  }
  await deps.throttle.succeed(admission.attempt, keys.clearedBySuccess);
  // Told only to whoever knows the password: to anyone else a disabled account is a wrong password.
  if (account.disabled === true) return fail('DELICOM_ERR_AUTHENTICATION', { reason: fill('account_disabled') });
  // Real time, as the throttle's: a defence, not the account's business.
  const realNow = deps.clock.now();
  if (isRememberDue(await findLastSeen(), realNow)) {
    await deps.knownAddresses.rememberAddress(account.id, addressHash, realNow, KNOWN_ADDRESSES_PER_ACCOUNT);
  }

  // Issued and expiring by the account's own time (SandboxService setClock).
  const now = accountTime(account.clock, realNow);
  // The store hands out the valid token or saves a new one in one step, so concurrent logins of the
  // account get the same token. A token derived under another secret (TOKEN_SECRET rotated, or a
  // process with a secret of its own on a shared database) would be handed out yet refused on every
  // call: a new one is issued instead.
  const token = await deps.tokens.findOrSaveToken(
    account.id,
    now,
    (found) => isDerivedBy(secret, found),
    () => issueToken(secret, now),
  );
  return succeed({
    delisId: account.delisId,
    customerUid: account.delisId,
    authToken: deriveToken(secret, token.nonce),
    depot: account.depots[0] ?? '',
    authTokenExpires: token.expiresAt,
  });
}
