// The HTTP Retry-After header of a refused call (RFC 9110 §10.2.3: delay-seconds), for both bindings.
import type { Fault } from '../../domain/core/outcome.ts';

/** Whole seconds the caller is to wait before trying again, when the fault says so. */
export function retryAfterOf(fault: Fault): string | undefined {
  const seconds =
    fault.code === 'ERR_TOO_MANY_LOGIN_ATTEMPTS' || fault.code === 'ERR_TOO_MANY_TOKEN_FAILURES' ? fault.params?.seconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? String(Math.ceil(seconds)) : undefined;
}
