// The request id every answer carries in `X-Request-Id`, over both bindings and in every refusal: the
// client's own id when it sent a plain one (so its logs and ours name the call alike), else a new
// UUID, time-ordered (version 7: time-ordered-uuid.ts). It is also the id of the call's stage-log row
// and of the server log's lines.
import { timeOrderedUuid } from './time-ordered-uuid.ts';

/** The header's name (lower case, as Node reads headers). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id taken as the client sent it: 1–64 characters of letters, digits and `-_.:/+=@` (no spaces, nothing to escape). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9\-_.:/+=@]{1,64}$/;

/** The id of a request whose `X-Request-Id` header was `sent`: that, when it fits REQUEST_ID_PATTERN, else a new (version 7) UUID. */
export function requestIdOf(sent: string | readonly string[] | undefined): string {
  return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : timeOrderedUuid();
}
