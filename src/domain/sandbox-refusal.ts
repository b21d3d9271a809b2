// How the SandboxService operations refuse a request: ERR_INVALID_REQUEST naming the field and the
// problem with a catalogue code, as exportOrders and getTrackingData do.
import { formatMessage, type ErrorCode, type MessageParams } from '../contract/error-catalogue.ts';
import { fail, type Outcome, type Session } from './outcome.ts';

export function refuse<T>(session: Session, code: ErrorCode, params: MessageParams): Outcome<T> {
  return fail('ERR_INVALID_REQUEST', { reason: formatMessage(code, session.language, params) });
}
