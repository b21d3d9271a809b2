// The one way an operation refuses a request it cannot answer: ERR_INVALID_REQUEST, its reason the
// catalogue's message for the problem, naming the field (as getTrackingData refuses an unknown parcel).
import { formatMessage, type ErrorCode, type MessageLanguage, type MessageParams } from '../../contract/error-catalogue.ts';
import { fail, type Failure } from './outcome.ts';

/** ERR_INVALID_REQUEST whose reason is `code`'s message in the caller's language (a session's), with `params` (`path`, `value`, …). */
export function refuse(caller: { readonly language: MessageLanguage }, code: ErrorCode, params: MessageParams = {}): Failure {
  return fail('ERR_INVALID_REQUEST', { reason: formatMessage(code, caller.language, params) });
}
