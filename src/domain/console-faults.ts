// How ConsoleService refuses a request it cannot answer: ERR_INVALID_REQUEST, the reason the
// catalogue's message for the problem, as getTrackingData refuses an unknown parcel.
import { formatMessage, type ErrorCode, type MessageParams } from '../contract/error-catalogue.ts';
import type { Session } from './outcome.ts';

/** The fault's code and parameters (for `fail(...)`): ERR_INVALID_REQUEST with `code`'s message as its reason. */
export function invalidRequest(session: Session, code: ErrorCode, params: MessageParams): [ErrorCode, MessageParams] {
  return ['ERR_INVALID_REQUEST', { reason: formatMessage(code, session.language, params) }];
}
