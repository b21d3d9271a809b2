// ConsoleService findPushes: the account's pushes (README "Tracking push"), the newest first, a page at
// a time, optionally of one parcel: each with its parameters, the address it is sent to, where it
// stands (delivered, waiting for its next try at …, given up) and every try. A parcel asked for has
// its pushes made first, so the answer shows every event its journey has reached by the account's time.
import { DEFAULT_PAGE_SIZE, type FindPushesData } from '../../contract/console-service.ts';
import type { PushCode, PushState } from '../../contract/push-codes.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { StoredPush } from '../ports/push-ports.ts';
import type { Dependencies } from '../dependencies.ts';
import { makeEventsSoFar } from './events-made.ts';
import { pushAddress } from '../push/plan-pushes.ts';

/** One try as findPushes answers it. */
export interface PushAttemptView {
  readonly at: Date;
  readonly httpStatus?: number;
  readonly answer: string;
  readonly durationMs: number;
  readonly acknowledged: boolean;
}

/** One push as findPushes answers it. */
export interface PushView {
  readonly pushid: number;
  readonly parcelLabelNumber: string;
  readonly status: PushCode;
  readonly at: Date;
  readonly parameter: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  /** The address it is sent to (the account's push URL now); absent once the URL was taken away. */
  readonly address?: string;
  readonly state: PushState;
  readonly nextTryAt?: Date;
  readonly reason?: string;
  readonly attempt: readonly PushAttemptView[];
}

export function pushView(push: StoredPush, url: string | undefined): PushView {
  return {
    pushid: Number(push.pushid),
    parcelLabelNumber: push.parcelLabelNumber,
    status: push.code,
    at: push.eventAt,
    parameter: [['pushid', push.pushid] as const, ...push.parameters].map(([name, value]) => ({ name, value })),
    ...(url === undefined ? {} : { address: pushAddress(url, push.pushid, push.parameters) }),
    state: push.state,
    ...(push.nextTryAt === undefined ? {} : { nextTryAt: push.nextTryAt }),
    ...(push.reason === undefined ? {} : { reason: push.reason }),
    attempt: push.attempts.map((attempt) => ({
      at: attempt.at,
      ...(attempt.httpStatus === undefined ? {} : { httpStatus: attempt.httpStatus }),
      answer: attempt.answer,
      durationMs: attempt.durationMs,
      acknowledged: attempt.acknowledged,
    })),
  };
}

export async function findPushes(
  deps: Dependencies,
  session: Session,
  request: FindPushesData,
): Promise<Outcome<{ push: PushView[]; more: boolean }>> {
  const accountId = session.account.id;
  const number = request.parcelLabelNumber;
  const refused = await makeEventsSoFar(deps, session, number);
  if (refused !== undefined) return refused;
  const { pushes, more } = await deps.pushes.listPushes({
    accountId,
    ...(number === undefined ? {} : { parcelLabelNumber: number }),
    ...(request.after === undefined ? {} : { after: String(request.after) }),
    limit: request.limit ?? DEFAULT_PAGE_SIZE,
  });
  return succeed({ push: pushes.map((push) => pushView(push, session.account.push?.url)), more });
}
