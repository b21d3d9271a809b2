// The shapes operations answer with: a value, or an expected failure as data.
import type { ErrorCode, MessageLanguage, MessageParams } from '../../contract/error-catalogue.ts';
import type { Account } from '../ports/account-ports.ts';
import type { Clock } from '../ports/clock-ports.ts';

/** A request refused as a whole: authentication faults and request faults. */
export interface Fault {
  readonly code: ErrorCode;
  readonly params?: MessageParams;
}

/** An expected failure: what every outcome and every binding's handler result fails with. */
export interface Failure {
  readonly ok: false;
  readonly fault: Fault;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | Failure;

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, params?: MessageParams): Failure => ({ ok: false, fault: { code, params } });

/** An authenticated caller: its account, the language its messages are written in, and its time. */
export interface Session {
  readonly account: Account;
  readonly language: MessageLanguage;
  /** The account's clock (domain/core/account-clock.ts): every time-bound decision of the call reads it. */
  readonly clock: Clock;
}
