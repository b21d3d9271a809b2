// How SandboxService refuses a request: with the catalogue's own code as the fault's code
// (`error_status_not_in_scenario`, `error_parcel_already_there`, …) and its message in the caller's
// language — not ERR_INVALID_REQUEST with the message as its reason, as the carrier's own operations
// answer — so that a test can tell one refusal from another by its code alone (README "Testing your
// integration"). REST: HTTP 400, `status.code` the code; SOAP: a `faults` fault with it as `faultCode`.
import type { ErrorCode, MessageLanguage, MessageParams } from '../../contract/error-catalogue.ts';
import { fail, type Failure } from '../core/outcome.ts';

/** A refusal of a SandboxService request: `code` itself, its message filled with `params` (`path`, `value`, …). */
export function refuseSandbox(_caller: { readonly language: MessageLanguage }, code: ErrorCode, params: MessageParams = {}): Failure {
  return fail(code, params);
}
