// The one call pipeline of both bindings: authenticate → (a fault injected on stage) → decode → domain →
// record. A binding reads its wire into a `Call` and writes the `CallOutcome` back onto it; everything
// in between is here.
import { decode, type DecodeOptions, type Decoded, type Violation } from '../../contract/schema/decode.ts';
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type { OperationContract, OperationName } from '../../contract/operation-table.ts';
import type { Authentication } from '../../contract/authentication.ts';
import { authenticate } from '../../domain/login/authenticate.ts';
import type { Fault, Session } from '../../domain/core/outcome.ts';
import type { Dependencies } from '../../domain/dependencies.ts';
import { injectedFaultResult } from './injected-result.ts';
import { handlers, type AnswerOf, type HandlerResult } from '../handlers/operation-handlers.ts';
import { stageLogResult } from '../stage-log/without-label-bytes.ts';
import { stageLogCaller } from '../stage-log/stage-log-caller.ts';

/** Which binding a call came in by (the metrics' and the stage log's label). */
export type BindingName = 'rest' | 'soap';

/** One call to an operation, as its binding read it off the wire. */
export interface Call<K extends OperationName = OperationName> {
  readonly binding: BindingName;
  readonly operation: OperationContract<K>;
  /** The request as sent (JSON or XML text), for the stage log. */
  readonly text: string;
  readonly clientAddress: string;
  /** The request id its answer carries (X-Request-Id, bindings/http/request-id.ts). */
  readonly requestId: string;
  /** The URL path it was sent to, without a query (the stage log's copy as curl). */
  readonly path: string;
  /** The HTTP status the binding answers `result` with (0: no answer, the connection is dropped). */
  readonly statusOf: (result: HandlerResult) => number;
  /** Seconds since the request arrived. */
  readonly elapsed: () => number;
  /** The caller's language as far as the wire tells it before authentication. */
  readonly language: MessageLanguage;
  /** The authentication object or header, decoded (services that authenticate). */
  readonly authentication?: () => Decoded<typeof Authentication>;
  /** The operation object as the wire carried it, decoded after authentication. */
  readonly payload: unknown;
  readonly decodeOptions: DecodeOptions;
  /** Problems the binding found while reading the payload, reported before the decoder's. */
  readonly wireViolations?: readonly Violation[];
}

/** What a binding reads off the wire before the payload: the same for every path of its request. */
export type WireRead<K extends OperationName = OperationName> = Omit<Call<K>, 'payload' | 'authentication' | 'wireViolations'>;

/**
 * A call in one shape, whatever its binding and whatever it carries: every property present, always in
 * this order. The pipeline reads a call's properties on every request; calls of several shapes (the
 * binding's reading spread into each path's own literal) made those reads megamorphic, and cost REST
 * validateOrders a fifth of its instructions (docs/performance.md).
 */
export function callOf<K extends OperationName>(
  read: WireRead<K>,
  payload: unknown,
  authentication?: Call<K>['authentication'],
  wireViolations?: readonly Violation[],
): Call<K> {
  return {
    binding: read.binding,
    operation: read.operation,
    text: read.text,
    clientAddress: read.clientAddress,
    requestId: read.requestId,
    path: read.path,
    statusOf: read.statusOf,
    elapsed: read.elapsed,
    language: read.language,
    decodeOptions: read.decodeOptions,
    payload,
    authentication,
    wireViolations,
  };
}

/** What a call came to: the answer or the fault, and the language to write it in. */
export interface CallOutcome<K extends OperationName = OperationName> {
  readonly result: HandlerResult<AnswerOf<K>>;
  readonly language: MessageLanguage;
}

/**
 * How a call whose domain work threw is recorded: the binding's error handler answers it with
 * ERR_INTERNAL, and the operator's metrics and the stage log must still see it.
 */
const UNEXPECTED_FAILURE: HandlerResult = Object.freeze({ ok: false, fault: Object.freeze({ code: 'ERR_INTERNAL' }) });

/** The outcome of an exportOrders or deleteOrders answered 200 whose every entry failed (they carry no code of their own). */
export const ALL_ENTRIES_FAILED = 'all_entries_failed';

/** The first error code an answer carries: a fault, a data fault, every entry failed, or the first message (`operation.problems`). */
function errorCodeOf(operation: OperationContract, result: HandlerResult<unknown>): string | undefined {
  if (!result.ok) return result.fault.code;
  if (result.dataFault !== undefined) return result.dataFault.faultCode;
  const { orderResult } = result.response as { orderResult?: unknown };
  switch (operation.problems) {
    case 'entries': {
      const entries = orderResult as ReadonlyArray<{ success?: boolean }>;
      return entries.length > 0 && entries.every((entry) => entry.success === false) ? ALL_ENTRIES_FAILED : undefined;
    }
    case 'messages':
      return (orderResult as { messages?: ReadonlyArray<{ code: string }> }).messages?.[0]?.code;
    default:
      // storeOrders' faults come as its data fault, above.
      return undefined;
  }
}

/** The delisId a call's authentication object or login body names, when it is a text: whose refused call it is. */
function delisIdNamedBy(value: unknown): string | undefined {
  const delisId = (value as { delisId?: unknown } | undefined)?.delisId;
  return typeof delisId === 'string' ? delisId : undefined;
}

/**
 * Counts a call for the operator's metrics and keeps it for the stage log (stage only): once per
 * request, with the caller as far as it was established. A call of an authenticated caller (or a
 * login that succeeded) is kept with its text; one refused before or during authentication is kept
 * without any text, for the account it `named` (the store keeps it only if that account exists).
 */
function recordCall(
  deps: Dependencies,
  call: Call,
  session: Session | undefined,
  result: HandlerResult<unknown>,
  language: MessageLanguage,
  named?: string,
): void {
  const errorCode = errorCodeOf(call.operation, result);
  const seconds = call.elapsed();
  deps.metrics.observe({ binding: call.binding, operation: call.operation.name, outcome: errorCode ?? 'ok', seconds });
  if (deps.settings.environment !== 'stage') return;
  const delisId = stageLogCaller(session?.account.delisId, result as HandlerResult);
  // Never the text of a call that did not authenticate (stage-log-caller.ts): not its password, not its body.
  const refused = delisId === undefined;
  const keptFor = delisId ?? named;
  if (keptFor === undefined) return;
  deps.stageLog.record({
    at: deps.clock.now(),
    binding: call.binding,
    operation: call.operation.name,
    delisId: keptFor,
    errorCode,
    text: refused ? '' : call.text,
    answer: { result: stageLogResult(call.operation, result), language },
    status: call.statusOf(result as HandlerResult),
    durationMs: Math.round(seconds * 1000),
    requestId: call.requestId,
    clientAddress: call.clientAddress,
    path: call.path,
    refusedBeforeAuthentication: refused,
  });
}

/**
 * A call the binding refused from its wire before it reached the pipeline (an envelope problem):
 * recorded, then answered. When it carried an authentication object or header, that is checked
 * first, so that the refusal is kept for its caller: with its text when it authenticated, without
 * when it did not (for the account it named). The answer is the refusal either way.
 */
export async function refuseCall(deps: Dependencies, call: Call, fault: Fault): Promise<CallOutcome> {
  const result: HandlerResult = { ok: false, fault };
  let session: Session | undefined;
  let named: string | undefined;
  if (call.authentication !== undefined && deps.settings.environment === 'stage') {
    const authentication = call.authentication();
    named = delisIdNamedBy(authentication.value);
    const authenticated = await authenticate(deps, authentication, call.clientAddress);
    if (authenticated.ok) session = authenticated.value;
  }
  recordCall(deps, call, session, result, call.language, named);
  return { result, language: call.language };
}

/**
 * Runs a call: authenticates it (services that authenticate), answers it with a fault injected for
 * the caller if one waits (SandboxService injectFault, stage), decodes its payload, runs its handler
 * and records it. A step that throws is recorded as ERR_INTERNAL and rethrown for the binding's error
 * handler to answer.
 */
export async function runCall<K extends OperationName>(deps: Dependencies, call: Call<K>): Promise<CallOutcome<K>> {
  let session: Session | undefined;
  let language = call.language;
  // The delisId the call names before it is authenticated: whose refused call it is.
  let named: string | undefined;
  const finish = (result: HandlerResult<AnswerOf<K>>): CallOutcome<K> => {
    recordCall(deps, call, session, result, language, named);
    return { result, language };
  };
  try {
    if (call.authentication !== undefined) {
      const authentication = call.authentication();
      named = delisIdNamedBy(authentication.value);
      const authenticated = await authenticate(deps, authentication, call.clientAddress);
      if (!authenticated.ok) return finish(authenticated);
      session = authenticated.value;
      language = session.language;
      // No promise at all for an account with no fault pending: the cost of every other call.
      const injected = injectedFaultResult(deps, session, call.operation.name, call.binding);
      const result = injected === undefined ? undefined : await injected;
      if (result !== undefined) return finish(result);
    }
    const { upgradeRequest } = call.operation;
    const read = decode(call.operation.request, call.payload, call.decodeOptions);
    // The login names its account in its own body.
    if (call.authentication === undefined) named = delisIdNamedBy(read.value);
    // An older version's request in the current one's values (ShipmentService 3.3's product codes).
    const decoded =
      upgradeRequest === undefined || read.value === undefined ? read : { ...read, value: upgradeRequest(read.value) as typeof read.value };
    const request =
      call.wireViolations === undefined || call.wireViolations.length === 0
        ? decoded
        : { value: decoded.value, violations: [...call.wireViolations, ...decoded.violations] };
    const handler = handlers[call.operation.name];
    return finish(await handler({ deps, session, clientAddress: call.clientAddress }, request));
  } catch (error) {
    recordCall(deps, call, session, UNEXPECTED_FAILURE, language, named);
    throw error;
  }
}
