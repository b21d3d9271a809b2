// What a handler is: the decoded request of one declared operation in, its answer (the contract's
// response resource) or a fault out. operation-handlers.ts holds one per operation; the helpers here
// are shared by its handlers and the sandbox's (sandbox-handlers.ts).
import { validValue, type Decoded } from '../../contract/schema/decode.ts';
import type { Answer, Infer, ObjectType } from '../../contract/schema/model.ts';
import type { OperationName, RequestType, ResponseType } from '../../contract/operation-table.ts';
import type { InjectedAnswer } from '../../domain/sandbox/fault-injection.ts';
import { refuse } from '../../domain/core/invalid-request.ts';
import { fail, type Fault, type Outcome, type Session } from '../../domain/core/outcome.ts';
import type { Dependencies } from '../../domain/dependencies.ts';

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
  readonly deps: Dependencies;
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
  const caller = { language: call.session?.language ?? 'en_US' };
  return first === undefined ? fail('ERR_INVALID_REQUEST', { reason: '' }) : refuse(caller, first.code, first.params);
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
  operation: (deps: Dependencies, session: Session, request: Infer<RequestType<K>>) => Promise<Outcome<AnswerOf<K>>>,
): Handler<K> {
  return (call, request) =>
    whenValid(call, request, async (value) => answered(await operation(call.deps, sessionOf(call), value), (answer) => answer));
}
