// What a handler is: the decoded request of one declared operation in, its answer (the contract's
// response resource) or a fault out. operation-handlers.ts holds one per operation; the helpers here
// are shared by its handlers and the sandbox's (sandbox-handlers.ts).
import { validValue, type Decoded } from '../contract/decode.ts';
import { formatMessage } from '../contract/error-catalogue.ts';
import type { Answer, Infer, ObjectType } from '../contract/model.ts';
import type { OperationName, RequestType, ResponseType } from '../contract/operations.ts';
import type { InjectedAnswer } from '../domain/injected-faults.ts';
import type { Fault, Outcome, Session } from '../domain/outcome.ts';
import type { Services } from '../domain/services.ts';

/** A data error that REST reports inside the result and SOAP as a `faults` fault (storeOrders). */
export interface DataFault {
  readonly faultCode: string;
  readonly message: string;
}

/** What a handler answers: the response resource's content, or a fault refusing the request whole. */
export type HandlerResult<A = Readonly<Record<string, unknown>>> =
  | { readonly ok: true; readonly response: A; readonly dataFault?: DataFault }
  | {
      readonly ok: false;
      readonly fault: Fault;
      /** Set when an injected fault (SandboxService) answers the call: the binding answers this instead (injected-result.ts). */
      readonly injected?: InjectedAnswer;
    };

/** The answer of operation `K`: its response resource's content. */
export type AnswerOf<K extends OperationName> = Answer<ResponseType<K>>;

/** What a handler knows of its call besides the request. */
export interface CallContext {
  readonly services: Services;
  /** The authenticated caller; undefined for the login service. */
  readonly session?: Session;
  readonly clientAddress: string;
}

/** The handler of operation `K`: its decoded request in, its answer or a fault out. */
export type Handler<K extends OperationName> = (call: CallContext, request: Decoded<RequestType<K>>) => Promise<HandlerResult<AnswerOf<K>>>;

/** One handler per declared operation: an operation without one, or one for no operation, does not compile. */
export type Handlers = { readonly [K in OperationName]: Handler<K> };

export const sessionOf = (call: CallContext): Session => {
  if (call.session === undefined) throw new Error('operation needs an authenticated session');
  return call.session;
};

/**
 * Runs `work` on a request that decoded without violations; otherwise the first violation becomes an
 * ERR_INVALID_REQUEST fault (operations without a message list in their answer).
 */
export async function whenValid<T extends ObjectType, A>(
  call: CallContext,
  request: Decoded<T>,
  work: (value: Infer<T>) => Promise<HandlerResult<A>>,
): Promise<HandlerResult<A>> {
  const value = validValue(request);
  if (value !== undefined) return work(value);
  const first = request.violations[0];
  const reason = first === undefined ? '' : formatMessage(first.code, call.session?.language ?? 'en_US', first.params);
  return { ok: false, fault: { code: 'ERR_INVALID_REQUEST', params: { reason } } };
}

/** A domain outcome as a handler result, its value turned into the answer by `answer`. */
export function answered<T, A>(outcome: Outcome<T>, answer: (value: T) => A): HandlerResult<A> {
  return outcome.ok ? { ok: true, response: answer(outcome.value) } : outcome;
}

/**
 * The handler of an operation whose domain function answers its response resource itself: a request
 * that decoded without violations goes to `operation`, whose value is the answer; the first violation
 * is an ERR_INVALID_REQUEST fault.
 */
export function handlerOf<K extends OperationName>(
  operation: (services: Services, session: Session, request: Infer<RequestType<K>>) => Promise<Outcome<AnswerOf<K>>>,
): Handler<K> {
  return (call, request) =>
    whenValid(call, request, async (value) => answered(await operation(call.services, sessionOf(call), value), (answer) => answer));
}
