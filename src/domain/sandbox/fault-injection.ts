// The decision of SandboxService fault injection, for both bindings: which operations a fault can wait
// for, what a pending fault looks like in an answer, and — after authentication, before the operation
// runs — the next injected fault a call meets. The bindings render what it returns in their own form.
import { ConsoleServiceContract, operationList } from '../../contract/operation-table.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Fault, Session } from '../core/outcome.ts';
import type { FaultBehaviour, InjectedFault } from '../ports/sandbox-ports.ts';
import type { Dependencies } from '../dependencies.ts';

/**
 * The operations a fault can wait for, by name: every authenticated operation but the sandbox's own
 * (so a fault never locks the sandbox) and the web console's reads (so `*` never breaks the console
 * that shows the fault's effect; docs/decisions.md "Console"). A name is one operation in every
 * version that declares it (storeOrders of ShipmentService 3.5 and 3.3).
 */
export const FAULTABLE_OPERATIONS: readonly string[] = Object.freeze([
  ...new Set(
    operationList
      .filter(
        (operation) =>
          operation.service.authenticated && operation.service.stageOnly !== true && operation.service !== ConsoleServiceContract,
      )
      .map((operation) => operation.name),
  ),
]);

const faultable: ReadonlySet<string> = new Set(FAULTABLE_OPERATIONS);

/**
 * What a call that met an injected fault is answered with instead of its operation's answer: `id` the
 * fault's (0 for a magic value's, magic-values.ts), `by` what asked for it as messages name it
 * (`injectFault 3`, `order[0].parcels[0].customerReferenceNumber2 SANDBOX:status:503`).
 */
export type InjectedAnswer = { readonly id: number; readonly by: string } & Exclude<FaultBehaviour, { readonly delayMs: number }>;

/** A call that met a delay while its account had as many calls held as it may (delayed-calls.ts): refused at once. */
export interface DelayRefused {
  readonly refused: Fault;
}

/** A pending fault as injectFault, listFaults and getSandboxState answer it: its id, its calls, its behaviour. */
export type FaultView = Pick<InjectedFault, 'id' | 'operation' | 'binding' | 'remaining'> & FaultBehaviour;

export function faultView(fault: InjectedFault): FaultView {
  return { id: fault.id, operation: fault.operation, binding: fault.binding, remaining: fault.remaining, ...fault.behaviour };
}

/**
 * The account's next injected fault for this call of `operation` over `binding`, taken (one use of
 * it): a delay is waited out and the call goes on (undefined) — or, when the account has as many calls
 * held in delays as it may, the call is refused at once (ERR_TOO_MANY_DELAYED_CALLS); any other
 * behaviour is the answer the binding gives instead of the operation's. No promise at all, and no query, when the account has no
 * fault pending (its count comes with the account's row): the cost of every other call.
 */
export function takeInjectedFault(
  deps: Dependencies,
  session: Session,
  operation: string,
  binding: 'rest' | 'soap',
): Promise<InjectedAnswer | DelayRefused | undefined> | undefined {
  if (!((session.account.pendingFaults ?? 0) > 0) || !faultable.has(operation)) return undefined;
  return take(deps, session, operation, binding);
}

async function take(
  deps: Dependencies,
  session: Session,
  operation: string,
  binding: 'rest' | 'soap',
): Promise<InjectedAnswer | DelayRefused | undefined> {
  const accountId = session.account.id;
  const fault = await deps.sandbox.takeInjectedFault(accountId, operation, binding === 'rest' ? 'REST' : 'SOAP');
  if (fault === undefined) return undefined;
  if ('delayMs' in fault.behaviour) return waitInjectedDelay(deps, accountId, fault.behaviour.delayMs, `injectFault ${fault.id}`);
  return { id: fault.id, by: `injectFault ${fault.id}`, ...fault.behaviour };
}

/**
 * Holds a call of the account for an injected delay of `ms` (an injected fault's, or a magic value's:
 * `by` names it): undefined once it has passed, or — when the account has as many calls held as it may
 * (delayed-calls.ts) — a refusal at once (ERR_TOO_MANY_DELAYED_CALLS).
 */
export async function waitInjectedDelay(
  deps: Pick<Dependencies, 'delayedCalls'>,
  accountId: number,
  ms: number,
  by: string,
): Promise<DelayRefused | undefined> {
  const { delayedCalls } = deps;
  if (!delayedCalls.hold(accountId)) return { refused: { code: 'ERR_TOO_MANY_DELAYED_CALLS', params: { by, limit: delayedCalls.limit } } };
  try {
    await sleep(ms);
  } finally {
    delayedCalls.release(accountId);
  }
  return undefined;
}
