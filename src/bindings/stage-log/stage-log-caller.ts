// Whose calls the stage log keeps: an authenticated caller's, and a login's that succeeded. Anyone can
// send the others, up to BODY_LIMIT each, and the stage log would keep them for its whole retention:
// 40 unauthenticated 5 MB bodies added 330 MB.
import type { HandlerResult } from '../handlers/operation-handlers.ts';

/** The delisId a call is kept under: its session's, or the account a successful getAuth logged into; else undefined (not kept). */
export function stageLogCaller(sessionDelisId: string | undefined, result: HandlerResult): string | undefined {
  if (sessionDelisId !== undefined) return sessionDelisId;
  const login = result.ok ? (result.response.return as { delisId?: unknown } | undefined) : undefined;
  return typeof login?.delisId === 'string' ? login.delisId : undefined;
}
