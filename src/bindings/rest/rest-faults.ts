// The one place where faults become REST JSON (docs/decisions.md "REST": no result, a status with a stable
// code and a readable message in the caller's language, never a stack trace).
import {
  errorCatalogue,
  formatMessage,
  messageLanguageOf,
  type ErrorCode,
  type MessageLanguage,
  type MessageParams,
} from '../../contract/error-catalogue.ts';
import type { Fault } from '../../domain/core/outcome.ts';
import { retryAfterOf } from '../http/retry-after.ts';

/** The status object of every REST answer. */
export interface RestStatus {
  readonly type: string;
  readonly code: string;
  readonly message: string;
}

export const OK_STATUS: RestStatus = Object.freeze({ type: 'OK', code: '200', message: 'valid' });

/** A REST error answer: the HTTP status, headers (Retry-After) and the body holding each result key set to null, and the status. */
export function faultResponse(
  fault: Fault,
  language: MessageLanguage,
  resultKeys: readonly string[],
): {
  statusCode: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
} {
  const entry = errorCatalogue[fault.code];
  const retryAfter = retryAfterOf(fault);
  return {
    statusCode: entry.httpStatus ?? 400,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
    body: {
      ...Object.fromEntries(resultKeys.map((key) => [key, null])),
      status: {
        type: entry.kind === 'authentication' ? 'AuthenticationFault' : 'FaultCodeType',
        code: fault.code,
        message: formatMessage(fault.code, language, fault.params),
      },
    },
  };
}

export const fault = (code: ErrorCode, params?: MessageParams): Fault => ({ code, params });

/**
 * The caller's language as far as a (possibly unparsed) body tells it; English otherwise. `part` is
 * where the operation's body keeps it: `authentication.messageLanguage` for the services that
 * authenticate, `messageLanguage` for the login service (as SOAP reads the header or the getAuth
 * element); either, when the operation is not known.
 */
export function languageOf(body: unknown, part?: 'authentication' | 'login'): MessageLanguage {
  if (typeof body !== 'object' || body === null) return 'en_US';
  const record = body as { messageLanguage?: unknown; authentication?: { messageLanguage?: unknown } };
  const language =
    part === 'authentication'
      ? record.authentication?.messageLanguage
      : part === 'login'
        ? record.messageLanguage
        : (record.authentication?.messageLanguage ?? record.messageLanguage);
  return messageLanguageOf(language);
}
