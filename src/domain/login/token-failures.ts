// Wrong tokens are throttled per address, as wrong passwords are (issue 41): a call whose token is not
// valid (unknown, another account's, malformed) counts a failure for its client address (an IPv6
// client's /64), in the store the login throttle keeps, so every process counts the same ones. After
// the address's free failures (20 an hour) its wrong tokens are answered 429 ERR_TOO_MANY_TOKEN_FAILURES
// with the wait, doubling per further failure up to 15 minutes, and cost one read. A right token from
// that address is still answered: only a call whose token is refused is held. An expired token counts
// nothing: every client meets one each day, and its next step is a login, which the login throttle holds.
import { fail, type Outcome } from '../core/outcome.ts';
import type { Dependencies } from '../dependencies.ts';
import { tokenThrottleKey } from './login-throttle.ts';

/**
 * A call from `clientAddress` whose token was refused with `refusal`: counted against the address, and
 * answered with `refusal`, or ERR_TOO_MANY_TOKEN_FAILURES once the address must wait.
 */
export async function countTokenFailure<T>(deps: Dependencies, clientAddress: string, refusal: Outcome<T>): Promise<Outcome<T>> {
  const admission = await deps.throttle.begin([tokenThrottleKey(clientAddress)]);
  if (!admission.admitted) return fail('ERR_TOO_MANY_TOKEN_FAILURES', { seconds: Math.ceil(admission.waitMs / 1000) });
  await deps.throttle.fail(admission.attempt);
  return refusal;
}
