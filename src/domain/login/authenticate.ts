// Checks the authentication object of a shipment-service call (spec "Authentication"). A wrong token
// counts against the caller's address (token-failures.ts).
import type { Decoded } from '../../contract/schema/decode.ts';
import { fill, formatMessage } from '../../contract/error-catalogue.ts';
import type { Authentication } from '../../contract/authentication.ts';
import { accountClock } from '../core/account-clock.ts';
import { hashToken, isWellFormedToken, sameHash } from './auth-token.ts';
import { loginLanguage } from './get-auth.ts';
import { countTokenFailure } from './token-failures.ts';
import { fail, succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { Dependencies } from '../dependencies.ts';
import { TOKEN_ISSUE_LEEWAY_MS } from '../ports/login-ports.ts';

export async function authenticate(
  deps: Dependencies,
  authentication: Decoded<typeof Authentication>,
  clientAddress: string,
): Promise<Outcome<Session>> {
  const { value, violations } = authentication;
  const language = loginLanguage(value);
  const first = violations[0];
  if (first !== undefined || value?.delisId === undefined || value.authToken === undefined) {
    const reason =
      first === undefined ? 'authentication is incomplete' : formatMessage(first.code, language, first.params).replace(/\.$/, '');
    return fail('DELICOM_ERR_AUTHENTICATION', { reason });
  }
  if (!isWellFormedToken(value.authToken)) {
    return countTokenFailure(deps, clientAddress, fail('DELICOM_ERR_AUTHENTICATION', { reason: fill('token_malformed') }));
  }
  // The cache is keyed by the token text (memory only), so a cached call needs no hashing either.
  let { token, account } = deps.sessions.get(value.authToken) ?? {};
  if (token === undefined || account === undefined) {
    const presented = hashToken(value.authToken);
    [token, account] = await Promise.all([deps.tokens.findTokenByHash(presented), deps.accounts.findAccount(value.delisId)]);
    if (token === undefined || !sameHash(token.tokenHash, presented))
      return countTokenFailure(deps, clientAddress, fail('ERR_DELICOM_TOKEN_INCORRECT'));
    if (account !== undefined && token.accountId === account.id) deps.sessions.set(value.authToken, token, account);
  }
  // Another account's token answers exactly like an unknown one.
  if (account === undefined || token.accountId !== account.id || account.delisId !== value.delisId) {
    return countTokenFailure(deps, clientAddress, fail('ERR_DELICOM_TOKEN_INCORRECT'));
  }
  // A disabled account's tokens are removed with the switch; one still cached is refused here.
  if (account.disabled === true) return fail('DELICOM_ERR_AUTHENTICATION', { reason: fill('account_disabled') });
  // Expiry by the account's own time (SandboxService setClock), which comes with its row.
  // A token dated after the account's now (its clock moved back past the token's issue, in a race with
  // setClock) is refused like an expired one: the caller logs in again.
  const clock = accountClock(deps.clock, account.clock);
  const now = clock.now().getTime();
  if (token.expiresAt.getTime() <= now || token.issuedAt.getTime() > now + TOKEN_ISSUE_LEEWAY_MS) return fail('ERR_DELICOM_TOKEN_EXPIRED');
  return succeed({ account, language, clock });
}
