// Sends the due pushes (README "Tracking push"): takes them from the queue one lease at a time, at most
// a few in flight per account and one per parcel (so a parcel's pushes arrive in the order they were
// made, unless the account asked them shuffled), sends each as one GET and records the try. Delivered
// only on HTTP 200 with the acknowledgement echoing the push's pushid; anything else is tried again an
// hour later (the account's clock: stage; the real one: live), until 48 hours after the event, then
// given up. A slow receiver holds only its own account's places: other accounts' pushes go on.
import { accountTime } from '../core/account-clock.ts';
import type { Clock } from '../ports/clock-ports.ts';
import type { LeasedPush, PushAttempt, PushQueue, PushSettlement } from '../ports/push-ports.ts';
import { pushAddress } from './plan-pushes.ts';

/** What one GET came to. */
export interface PushAnswer {
  /** Undefined when no answer came: refused, timed out, cut off, an address not allowed. */
  readonly httpStatus?: number;
  /** The answer's first bytes (a small limit), or why there was none. */
  readonly body: string;
  readonly durationMs: number;
}

/** Sends one GET to a push address. */
export interface PushTransport {
  get(address: string): Promise<PushAnswer>;
}

export interface PushDeliveryOptions {
  /** How long a try may hold a push before another process may take it (the real time; above the 10 s timeout). */
  readonly leaseMs: number;
  /** Pushes in flight per account. */
  readonly perAccount: number;
  /** Pushes in flight in all. */
  readonly inFlight: number;
}

export const HOUR_MS = 60 * 60 * 1000;
/** How long after its event a push is tried (every hour) before it is given up. */
export const RETRY_WINDOW_MS = 48 * HOUR_MS;
/** Due pushes looked at per pass. */
const LOOK = 200;

/** Whether `body` acknowledges push `pushid`: `<push><pushid>…</pushid><status>OK</status></push>`, an XML declaration and whitespace allowed. */
export function isAcknowledgement(body: string, pushid: string): boolean {
  const match = /^\s*(?:<\?xml[^?]*\?>\s*)?<push>\s*<pushid>\s*([0-9]+)\s*<\/pushid>\s*<status>\s*OK\s*<\/status>\s*<\/push>\s*$/.exec(
    body,
  );
  return match !== null && match[1] === pushid;
}

/** Why a try failed, in the operator's words. */
function failureOf(answer: PushAnswer, pushid: string): string {
  if (answer.httpStatus === undefined) return answer.body;
  if (answer.httpStatus !== 200) return `the receiver answered HTTP ${answer.httpStatus}`;
  return `the answer does not acknowledge pushid ${pushid}`;
}

/** Whether an answer delivers push `pushid`: HTTP 200 and the acknowledgement. */
export const acknowledges = (answer: PushAnswer, pushid: string) => answer.httpStatus === 200 && isAcknowledgement(answer.body, pushid);

/** What follows a try made at account time `at`. */
export function nextAfter(push: Pick<LeasedPush, 'eventAt' | 'sendsLeft' | 'pushid'>, answer: PushAnswer, at: Date): PushSettlement {
  if (acknowledges(answer, push.pushid)) return push.sendsLeft > 1 ? { state: 'waiting', nextTryAt: at } : { state: 'delivered' };
  const next = new Date(at.getTime() + HOUR_MS);
  if (next.getTime() > push.eventAt.getTime() + RETRY_WINDOW_MS) {
    return { state: 'given_up', reason: `given up 48 hours after the event: ${failureOf(answer, push.pushid)}` };
  }
  return { state: 'waiting', nextTryAt: next };
}

/** What the sender did, for the metrics. */
export interface PushCounts {
  delivered: number;
  failed: number;
  givenUp: number;
}

/**
 * The sender of one process: `pass()` leases what is due and places allow and starts each try; a try
 * that ends starts another pass. `idle()` resolves when no try is under way.
 */
export function createPushSender(
  queue: PushQueue,
  transport: PushTransport,
  clock: Clock,
  options: PushDeliveryOptions,
  hooks: { readonly counted?: (counts: PushCounts) => void; readonly failed?: (error: unknown) => void } = {},
) {
  const perAccount = new Map<number, number>();
  const parcels = new Set<string>();
  let flying = 0;
  let passing: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const waiters: Array<() => void> = [];

  const settleIdle = () => {
    if (flying === 0 && passing === undefined) for (const waiter of waiters.splice(0)) waiter();
  };

  const attempt = async (push: LeasedPush) => {
    const counts: PushCounts = { delivered: 0, failed: 0, givenUp: 0 };
    try {
      const at = () => accountTime(push.clock, clock.now());
      let answer: PushAnswer;
      if (push.url === undefined) {
        answer = { body: 'the account has no push URL any more', durationMs: 0 };
      } else {
        try {
          answer = await transport.get(pushAddress(push.url, push.pushid, push.parameters));
        } catch (error) {
          answer = { body: error instanceof Error ? error.message : 'the request failed', durationMs: 0 };
        }
      }
      const triedAt = at();
      const next = nextAfter(push, answer, triedAt);
      const record: PushAttempt = {
        at: triedAt,
        ...(answer.httpStatus === undefined ? {} : { httpStatus: answer.httpStatus }),
        answer: answer.body,
        durationMs: Math.round(answer.durationMs),
        acknowledged: acknowledges(answer, push.pushid),
      };
      if (await queue.settle(push, record, next)) {
        if (record.acknowledged) counts.delivered += 1;
        else if (next.state === 'given_up') counts.givenUp += 1;
        else counts.failed += 1;
      }
    } catch (error) {
      // The push stays leased and is taken again when its lease ends.
      hooks.failed?.(error);
    } finally {
      flying -= 1;
      const left = (perAccount.get(push.accountId) ?? 1) - 1;
      if (left <= 0) perAccount.delete(push.accountId);
      else perAccount.set(push.accountId, left);
      parcels.delete(push.parcelLabelNumber);
      hooks.counted?.(counts);
      if (!stopped) void pass();
      settleIdle();
    }
  };

  const onePass = async () => {
    for (;;) {
      if (stopped || flying >= options.inFlight) return;
      const full = [...perAccount].filter(([, count]) => count >= options.perAccount).map(([id]) => id);
      const now = clock.now();
      const due = await queue.duePushes(now, LOOK, full);
      let started = 0;
      for (const candidate of due) {
        if (stopped || flying >= options.inFlight) return;
        if ((perAccount.get(candidate.accountId) ?? 0) >= options.perAccount) continue;
        if (parcels.has(candidate.parcelLabelNumber)) continue;
        const leased = await queue.lease(candidate.pushid, now, new Date(now.getTime() + options.leaseMs));
        if (leased === undefined) continue;
        flying += 1;
        started += 1;
        perAccount.set(leased.accountId, (perAccount.get(leased.accountId) ?? 0) + 1);
        parcels.add(leased.parcelLabelNumber);
        void attempt(leased);
      }
      // Another look only when this one started something and more may be due.
      if (started === 0 || due.length < LOOK) return;
    }
  };

  const pass = (): Promise<void> => {
    if (passing !== undefined) {
      again = true;
      return passing;
    }
    passing = (async () => {
      try {
        do {
          again = false;
          await onePass();
        } while (again && !stopped);
      } catch (error) {
        hooks.failed?.(error);
      } finally {
        passing = undefined;
        settleIdle();
      }
    })();
    return passing;
  };

  return {
    /** Leases and starts what is due; resolves when the pass (not the tries) has ended. */
    pass,
    /** Resolves once no try and no pass is under way. */
    idle(): Promise<void> {
      if (flying === 0 && passing === undefined) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    /** Starts nothing more; resolves once the tries under way have ended. */
    async stop(): Promise<void> {
      stopped = true;
      await this.idle();
    },
    /** Pushes in flight now. */
    get inFlight() {
      return flying;
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
